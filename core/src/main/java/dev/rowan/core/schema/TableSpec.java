package dev.rowan.core.schema;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * One table an entity needs: its descriptor (name and column families) and the keys it is
 * pre-split at when created.
 */
final class TableSpec {

  private final TableDescriptor descriptor;
  private final byte[][] splitKeys;

  TableSpec(TableDescriptor descriptor, byte[][] splitKeys) {
    this.descriptor = descriptor;
    this.splitKeys = splitKeys.clone();
  }

  TableName name() {
    return descriptor.getTableName();
  }

  TableDescriptor descriptor() {
    return descriptor;
  }

  /** The split keys, sorted; empty for a table of one region. */
  byte[][] splitKeys() {
    return splitKeys.clone();
  }

  @Override
  public String toString() {
    return name() + " in " + (splitKeys.length + 1) + " regions";
  }
}
