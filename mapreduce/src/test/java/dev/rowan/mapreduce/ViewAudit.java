package dev.rowan.mapreduce;

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
import org.apache.hadoop.hbase.TableName;
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

  static <T> void assertViewsMatchRebuild(Rowan rowan, Class<T> type) throws IOException {
    EntityStore<T> store = rowan.store(type);
    EntityModel<T> model = store.model();
    List<T> entities;
    try (var all = store.scanAll()) {
      entities = all.toList();
    }
    for (Map.Entry<ViewModel, TableName> entry : store.viewTables().entrySet()) {
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
      try (Table table = rowan.connection().getTable(entry.getValue());
          ResultScanner scanner = table.getScanner(new Scan())) {
        for (Result row : scanner) {
          RowStatus status = ProtocolCells.status(row, view.statusFamily(), ProtocolCells.VIEW_STATUS);
          actual.put(Bytes.toStringBinary(row.getRow()),
              (status == null ? "NO STATUS" : status.state().toString()) + " " + carried(view, view.decode(row)));
        }
      }
      List<String> differences = new ArrayList<>();
      expected.forEach((key, want) -> {
        if (!want.equals(actual.get(key))) {
          differences.add(key + ": expected " + want + ", found " + actual.get(key));
        }
      });
      actual.forEach((key, found) -> {
        if (!expected.containsKey(key)) {
          differences.add(key + ": stray row " + found);
        }
      });
      assertEquals(List.of(), differences.subList(0, Math.min(20, differences.size())),
          "view " + view.tableName() + " differs from its rebuild in " + differences.size() + " rows");
    }
  }

  private static String carried(ViewModel view, Object[] values) {
    List<String> text = new ArrayList<>();
    for (var column : view.carried()) {
      text.add(column.name() + "=" + values[column.index()]);
    }
    return String.join(" ", text);
  }
}
