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
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Compares every view table with what a rebuild from the main table would hold: the same row
 * keys, the same carried cells, every row verified.
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
          Put put = view.put(key, values, new RowStatus(RowStatus.State.VERIFIED, 1, 1), model.rowKey().encode(values));
          expected.put(Bytes.toStringBinary(key), cells(put.getFamilyCellMap().values().stream().flatMap(List::stream).toList(), view));
        }
      }
      Map<String, String> actual = new TreeMap<>();
      try (Table table = rowan.connection().getTable(entry.getValue());
          ResultScanner scanner = table.getScanner(new Scan())) {
        for (Result row : scanner) {
          RowStatus status = ProtocolCells.status(row, view.statusFamily(), ProtocolCells.VIEW_STATUS);
          String state = status == null ? "no status" : status.state().toString();
          actual.put(Bytes.toStringBinary(row.getRow()), state + " " + cells(List.of(row.rawCells()), view));
        }
      }
      Map<String, String> expectedWithState = new TreeMap<>();
      expected.forEach((key, cells) -> expectedWithState.put(key, "VERIFIED " + cells));
      assertEquals(expectedWithState.size(), actual.size(), "rows of view " + view.tableName());
      assertEquals(expectedWithState, actual, "view " + view.tableName() + " differs from its rebuild");
    }
  }

  /** The carried cells as text, the status cell reduced to its null bitmap. */
  private static String cells(List<Cell> cells, ViewModel view) {
    List<String> text = new ArrayList<>();
    for (Cell cell : cells) {
      byte[] qualifier = CellUtil.cloneQualifier(cell);
      byte[] value = CellUtil.cloneValue(cell);
      if (Bytes.equals(qualifier, ProtocolCells.VIEW_STATUS)) {
        text.add("nulls=" + Bytes.toStringBinary(value, RowStatus.LENGTH, value.length - RowStatus.LENGTH));
      } else {
        text.add(Bytes.toStringBinary(CellUtil.cloneFamily(cell)) + ":" + Bytes.toStringBinary(qualifier) + "="
            + Bytes.toStringBinary(value));
      }
    }
    text.sort(null);
    return String.join(" ", text);
  }
}
