package dev.rowan.it;

import dev.rowan.core.internal.schema.Catalog;
import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The rows of Rowan's catalog as tests read and change them behind Rowan's back: a value of a
 * table's record, as a create that died midway or an older Rowan leaves it.
 */
public final class CatalogRows {

  private static final byte[] FAMILY = Bytes.toBytes("r");

  private CatalogRows() {}

  /** The value {@code key} of {@code table}'s record, or null. */
  public static String get(Connection connection, TableName table, String key) throws IOException {
    try (Table catalog = connection.getTable(Catalog.of(table))) {
      Result row = catalog.get(new Get(Bytes.toBytes(table.getQualifierAsString())));
      byte[] value = row.getValue(FAMILY, Bytes.toBytes(key));
      return value == null ? null : Bytes.toString(value);
    }
  }

  /** Sets value {@code key} of {@code table}'s record. */
  public static void set(Connection connection, TableName table, String key, String value) throws IOException {
    try (Table catalog = connection.getTable(Catalog.of(table))) {
      catalog.put(new Put(Bytes.toBytes(table.getQualifierAsString())).addColumn(FAMILY, Bytes.toBytes(key),
          Bytes.toBytes(value)));
    }
  }

  /** Removes value {@code key} of {@code table}'s record. */
  public static void remove(Connection connection, TableName table, String key) throws IOException {
    try (Table catalog = connection.getTable(Catalog.of(table))) {
      catalog.delete(new Delete(Bytes.toBytes(table.getQualifierAsString())).addColumns(FAMILY, Bytes.toBytes(key)));
    }
  }
}
