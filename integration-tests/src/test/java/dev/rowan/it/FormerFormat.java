package dev.rowan.it;

import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.rowan.core.Rowan;
import dev.rowan.core.TableSet;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.TableLayout;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * View tables rewritten as Rowan 0.2 settled them, as an upgrade finds them: each settled row's
 * status given the state code of a status settled under a write mark, beside the mark naming its
 * write, at its timestamp, and the catalog recording the layout 0.2 recorded. Rows not settled
 * (unverified, retired) are left as they are: 0.2 wrote them the same way.
 */
public final class FormerFormat {

  private static final byte[] FAMILY = Bytes.toBytes("d");
  private static final byte[] STATUS = {0, 's'};
  private static final byte[] MARK = {0, 'w'};
  private static final byte VERIFIED = 5;
  private static final byte VERIFIED_UNDER_MARK = 2;

  private FormerFormat() {}

  /**
   * Rewrites the settled rows of every view table of {@code type} (of each period's, for an entity
   * kept per period) as 0.2 left them, and records 0.2's layout of each; returns how many rows it
   * rewrote.
   */
  public static long forge(Rowan rowan, Class<?> type) throws IOException {
    long rewritten = 0;
    for (Map.Entry<TableName, ViewModel> table : viewTables(rowan, type).entrySet()) {
      rewritten += forge(rowan, table.getKey(), table.getValue());
    }
    return rewritten;
  }

  /**
   * Rewrites the settled rows of {@code name}, the table of {@code view}, as 0.2 left them, and
   * records 0.2's layout of it; returns how many rows it rewrote.
   */
  public static long forge(Rowan rowan, TableName name, ViewModel view) throws IOException {
    List<Put> puts = new ArrayList<>();
    try (Table table = rowan.connection().getTable(name);
        ResultScanner scanner = table.getScanner(new Scan().addColumn(FAMILY, STATUS))) {
      for (Result row : scanner) {
        Cell status = row.rawCells()[0];
        byte[] value = CellUtil.cloneValue(status);
        if (value[0] != VERIFIED) {
          continue;
        }
        value[0] = VERIFIED_UNDER_MARK;
        puts.add(new Put(row.getRow())
            .addColumn(FAMILY, STATUS, status.getTimestamp(), value)
            .addColumn(FAMILY, MARK, status.getTimestamp(), Arrays.copyOfRange(value, 1, 17)));
      }
      table.put(puts);
    }
    TableLayout older = view.convertibleLayouts().get(0);
    assertFalse(older.description().contains("settled by its status alone"), older.description());
    // the record of the table in its namespace's catalog: a row per table, a cell per value
    try (Table catalog = rowan.connection().getTable(
        TableName.valueOf(name.getNamespaceAsString(), "rowan_catalog"))) {
      catalog.put(new Put(Bytes.toBytes(name.getQualifierAsString()))
          .addColumn(Bytes.toBytes("r"), Bytes.toBytes("rowan.layout"), Bytes.toBytes(older.description()))
          .addColumn(Bytes.toBytes("r"), Bytes.toBytes("rowan.layout.fingerprint"),
              Bytes.toBytes(older.fingerprint())));
    }
    return puts.size();
  }

  /** The rows of the view tables of {@code type} as 0.2 left them ({@link #rowsUnderAMark(Rowan, TableName)}). */
  public static long rowsUnderAMark(Rowan rowan, Class<?> type) throws IOException {
    long count = 0;
    for (TableName table : viewTables(rowan, type).keySet()) {
      count += rowsUnderAMark(rowan, table);
    }
    return count;
  }

  /**
   * The rows of view table {@code name} as 0.2 left them: a status settled under a write mark, or a
   * mark at or above the status's timestamp (a row converted without deleting its mark). A row a
   * writer of this version settled again since keeps its old mark below its newer status, a cell no
   * read looks at, until the row is retired: not counted.
   */
  public static long rowsUnderAMark(Rowan rowan, TableName name) throws IOException {
    long count = 0;
    try (Table table = rowan.connection().getTable(name);
        ResultScanner scanner = table.getScanner(new Scan().addColumn(FAMILY, STATUS).addColumn(FAMILY, MARK))) {
      for (Result row : scanner) {
        Cell status = row.getColumnLatestCell(FAMILY, STATUS);
        Cell mark = row.getColumnLatestCell(FAMILY, MARK);
        if (status != null && (CellUtil.cloneValue(status)[0] == VERIFIED_UNDER_MARK
            || mark != null && mark.getTimestamp() >= status.getTimestamp())) {
          count++;
        }
      }
    }
    return count;
  }

  /** The view tables of {@code type} that exist (of each period, for an entity kept per period), with their views. */
  private static Map<TableName, ViewModel> viewTables(Rowan rowan, Class<?> type) throws IOException {
    Map<TableName, ViewModel> tables = new LinkedHashMap<>();
    try (Admin admin = rowan.connection().getAdmin()) {
      for (TableSet set : rowan.schema().tableSets(type)) {
        for (ViewModel view : ViewMaintainer.of(EntityModel.of(type)).views()) {
          TableName name = set.viewTable(view.name());
          if (admin.tableExists(name)) {
            tables.put(name, view);
          }
        }
      }
    }
    return tables;
  }
}
