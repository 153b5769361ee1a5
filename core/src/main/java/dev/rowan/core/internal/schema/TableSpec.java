package dev.rowan.core.internal.schema;

import dev.rowan.mapping.TableLayout;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * One table an entity needs: its descriptor (name, column families and recorded key layout), its
 * key layout and the keys it is pre-split at when created.
 */
final class TableSpec {

  private final TableDescriptor descriptor;
  private final TableLayout layout;
  private final List<TableLayout> convertibleFrom;
  private final byte[][] splitKeys;

  TableSpec(TableDescriptor descriptor, TableLayout layout, byte[][] splitKeys) {
    this(descriptor, layout, List.of(), splitKeys);
  }

  TableSpec(
      TableDescriptor descriptor,
      TableLayout layout,
      List<TableLayout> convertibleFrom,
      byte[][] splitKeys) {
    this.descriptor = descriptor;
    this.layout = layout;
    this.convertibleFrom = List.copyOf(convertibleFrom);
    this.splitKeys = splitKeys.clone();
  }

  TableName name() {
    return descriptor.getTableName();
  }

  TableDescriptor descriptor() {
    return descriptor;
  }

  /** The layout of the table's keys. */
  TableLayout layout() {
    return layout;
  }

  /**
   * The layouts the table may record whose rows the mapping reads as they are and converts as it
   * writes them (a view of an older format), if any.
   */
  List<TableLayout> convertibleFrom() {
    return convertibleFrom;
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
