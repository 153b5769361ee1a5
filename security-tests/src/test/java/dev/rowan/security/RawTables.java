package dev.rowan.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Every cell of every table of a namespace as HBase holds it, read past Rowan by the superuser:
 * a raw scan (delete markers included) of all versions. Two snapshots are equal exactly when
 * nothing was written between them.
 */
final class RawTables {

  private RawTables() {}

  /** Table name to its cells as text (key, family, qualifier, timestamp, type, value), in HBase's order. */
  static Map<String, List<String>> snapshot(Connection superuser, String namespace) {
    Map<String, List<String>> tables = new TreeMap<>();
    try (Admin admin = superuser.getAdmin()) {
      for (TableName table : admin.listTableNamesByNamespace(namespace)) {
        tables.put(table.getNameAsString(), cells(superuser, table));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return tables;
  }

  static List<String> cells(Connection superuser, TableName name) throws IOException {
    List<String> cells = new ArrayList<>();
    try (Table table = superuser.getTable(name);
        ResultScanner scanner = table.getScanner(new Scan().setRaw(true).readAllVersions())) {
      for (Result row : scanner) {
        for (Cell cell : row.rawCells()) {
          cells.add(CellUtil.toString(cell, false) + "=" + Bytes.toStringBinary(CellUtil.cloneValue(cell)));
        }
      }
    }
    return cells;
  }

  /** The tables' cells, one line per table with its count, for a message. */
  static String summary(Map<String, List<String>> tables) {
    StringBuilder text = new StringBuilder();
    tables.forEach((table, cells) -> text.append(table).append(": ").append(cells.size()).append(" cells\n"));
    return text.toString();
  }
}
