package dev.rowan.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.Rowan;
import dev.rowan.core.internal.EntityStore;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Compares every view table with what a rebuild from the main table would hold: the same row
 * keys, the same carried values (as a reader decodes them), every row verified.
 */
final class ViewAudit {

  private ViewAudit() {}

  /** Asserts that each view of {@code type} equals its rebuild from the main table. */
  static <T> void assertViewsMatchRebuild(Rowan rowan, Class<T> type) throws IOException {
    EntityStore<T> store = rowan.store(type);
    EntityModel<T> model = store.model();
    List<T> entities;
    try (var all = store.scanAll()) {
      entities = all.toList();
    }
    for (Map.Entry<ViewModel, org.apache.hadoop.hbase.TableName> entry : store.viewTables().entrySet()) {
      ViewModel view = entry.getKey();
      Map<String, String> expected = new TreeMap<>();
      for (T entity : entities) {
        Object[] values = model.values(entity);
        byte[] key = view.rowKey(values);
        if (key != null) {
          expected.put(Bytes.toStringBinary(key), "VERIFIED " + carried(view, values));
        }
      }
      Map<String, String> actual = new TreeMap<>();
      Map<String, String> statuses = new TreeMap<>();
      try (Table main = rowan.connection().getTable(store.mainTable());
          Table table = rowan.connection().getTable(entry.getValue());
          ResultScanner scanner = table.getScanner(new Scan())) {
        for (Result row : scanner) {
          RowStatus status = ProtocolCells.status(row, view.statusFamily(), ProtocolCells.VIEW_STATUS);
          String state = status == null ? "NO STATUS" : status.state().toString();
          actual.put(Bytes.toStringBinary(row.getRow()), state + " " + carried(view, view.decode(row)));
          Result mainRow = main.get(new Get(view.mainRowKey(row)));
          statuses.put(Bytes.toStringBinary(row.getRow()), "(view row " + status + ", main row "
              + ProtocolCells.status(mainRow, view.statusFamily(), ProtocolCells.MAIN_STATUS) + ")");
        }
      }
      List<String> differences = new ArrayList<>();
      for (String key : expected.keySet()) {
        if (!expected.get(key).equals(actual.get(key))) {
          differences.add(key + ": expected " + expected.get(key) + ", found " + actual.get(key) + " "
              + statuses.get(key));
        }
      }
      for (String key : actual.keySet()) {
        if (!expected.containsKey(key)) {
          differences.add(key + ": stray row " + actual.get(key) + " " + statuses.get(key));
        }
      }
      assertEquals(List.of(), differences, "view " + view.tableName() + " differs from its rebuild");
    }
  }

  /** The carried values of a view row as text, nulls included. */
  private static String carried(ViewModel view, Object[] values) {
    List<String> text = new ArrayList<>();
    for (var column : view.carried()) {
      Object value = values[column.index()];
      text.add(column.name() + "=" + (value instanceof byte[] bytes ? Bytes.toStringBinary(bytes) : value));
    }
    return String.join(" ", text);
  }
}
