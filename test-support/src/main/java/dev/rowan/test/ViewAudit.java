package dev.rowan.test;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.Rowan;
import dev.rowan.core.TableSet;
import dev.rowan.index.MainRow;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowVerdict;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Compares every view table with what a rebuild from the main table would hold: the same row keys,
 * the same carried values (as a reader decodes them), every row verified. The tests of the write
 * protocol and of the bulk load jobs end with it.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class ViewAudit {

  /** The differences a failure lists, at most, with the status cells of their rows. */
  private static final int SHOWN = 20;

  private ViewAudit() {}

  /** A view row as found: what it says, and where its status and main row are. */
  private record Found(String text, @Nullable RowStatus status, byte @Nullable [] mainKey) {}

  /**
   * Asserts that each view of {@code type} equals its rebuild from the main table; for an entity
   * kept in one table per period, each period's views from that period's main table.
   */
  public static <T> void assertViewsMatchRebuild(Rowan rowan, Class<T> type) throws IOException {
    EntityModel<T> model = EntityModel.of(type);
    for (TableSet set : rowan.schema().tableSets(type)) {
      assertViewsMatchRebuild(rowan, model, set);
    }
  }

  /**
   * Asserts that each view of the table set {@code set} equals its rebuild from the set's main
   * table.
   */
  private static <T> void assertViewsMatchRebuild(Rowan rowan, EntityModel<T> model, TableSet set)
      throws IOException {
    TableName mainTable = set.mainTable();
    List<Object[]> entities = new ArrayList<>();
    try (Table main = rowan.connection().getTable(mainTable);
        ResultScanner rows = main.getScanner(new Scan())) {
      for (Result row : rows) {
        MainRow entity = MainRow.of(model, row); // views are of tall entities: one per row
        if (entity.isLive()) {
          entities.add(entity.values());
        }
      }
    }
    for (ViewModel view : ViewMaintainer.of(model).views()) {
      TableName viewTable = set.viewTable(view.name());
      try (Admin admin = rowan.connection().getAdmin()) {
        if (set.period().isPresent() && !admin.tableExists(viewTable)) {
          continue; // a period made before a view was declared has none
        }
      }
      Map<String, String> expected = new TreeMap<>();
      for (Object[] values : entities) {
        byte[] key = view.rowKey(values);
        if (key != null) {
          expected.put(Bytes.toStringBinary(key), "VERIFIED " + carried(view, values));
        }
      }
      Map<String, Found> actual = new TreeMap<>();
      try (Table table = rowan.connection().getTable(viewTable);
          ResultScanner scanner = table.getScanner(new Scan())) {
        for (Result row : scanner) {
          RowStatus status =
              ViewRowVerdict.observed(view, row); // verified only where settled over its own write
          String state = status == null ? "NO STATUS" : status.state().toString();
          actual.put(
              Bytes.toStringBinary(row.getRow()),
              new Found(state + " " + carried(view, view.decode(row)), status, view.owner(row)));
        }
      }
      List<String> differing = new ArrayList<>();
      expected.forEach(
          (key, want) -> {
            Found found = actual.get(key);
            if (found == null || !want.equals(found.text())) {
              differing.add(key);
            }
          });
      actual.keySet().stream().filter(key -> !expected.containsKey(key)).forEach(differing::add);
      List<String> shown = new ArrayList<>();
      try (Table main = rowan.connection().getTable(mainTable)) {
        for (String key : differing.subList(0, Math.min(SHOWN, differing.size()))) {
          shown.add(describe(key, expected.get(key), actual.get(key), view, main));
        }
      }
      assertEquals(
          List.of(),
          shown,
          "view "
              + viewTable.getNameAsString()
              + " differs from its rebuild in "
              + differing.size()
              + " rows");
    }
  }

  private static String describe(
      String key, @Nullable String expected, @Nullable Found found, ViewModel view, Table main)
      throws IOException {
    if (found == null) {
      return key + ": expected " + expected + ", found no row";
    }
    RowStatus mainStatus =
        ProtocolCells.status(
            main.get(new Get(found.mainKey())),
            view.statusFamily(),
            ProtocolCells.Qualifier.MAIN_STATUS);
    String statuses = "(view row " + found.status() + ", main row " + mainStatus + ")";
    return expected == null
        ? key + ": stray row " + found.text() + " " + statuses
        : key + ": expected " + expected + ", found " + found.text() + " " + statuses;
  }

  /** The carried values of a view row as text, nulls included. */
  private static String carried(ViewModel view, Object[] values) {
    List<String> text = new ArrayList<>();
    for (var column : view.carried()) {
      Object value = values[column.index()];
      text.add(
          column.name()
              + "="
              + (value instanceof byte[] bytes ? Bytes.toStringBinary(bytes) : value));
    }
    return String.join(" ", text);
  }
}
