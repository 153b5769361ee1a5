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
import org.apache.hadoop.hbase.Cell;
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
 * the same carried values (as a reader decodes them), every row verified, and besides them only
 * rows that entities left a short while ago, retired until HBase drops them. The tests of the write
 * protocol and of the bulk load jobs end with it.
 *
 * <p>Writes whose settles run in the background ({@code Rowan.Builder.settleInBackground}) can also
 * leave rows of <em>late settles</em>, which {@link #assertViewsMatchRebuildButForLateSettles}
 * tells apart from every other difference.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class ViewAudit {

  /** The differences a failure lists, at most, with the status cells of their rows. */
  private static final int SHOWN = 20;

  private ViewAudit() {}

  /**
   * A view row as found: its key, what it says, its status as readers take it, as stored and its
   * write mark, and where its main row is.
   */
  private record Found(
      byte[] key,
      String text,
      @Nullable RowStatus status,
      @Nullable RowStatus stored,
      @Nullable RowStatus mark,
      byte @Nullable [] mainKey) {}

  /**
   * Asserts that each view of {@code type} equals its rebuild from the main table; for an entity
   * kept in one table per period, each period's views from that period's main table.
   */
  public static <T> void assertViewsMatchRebuild(Rowan rowan, Class<T> type) throws IOException {
    audit(rowan, type, false);
  }

  /**
   * Asserts what {@link #assertViewsMatchRebuild} asserts, except that a view may also hold rows
   * left by late settles, and returns how many it found. A late settle is the settle (step 4 of
   * docs/view-consistency.md) of a write that lands after a later write of the same entity has
   * retired the row and deleted it, as the settles of one entity's writes can when they run in the
   * background, on several threads and in no order. Under HBase's new version behavior the delete
   * does not mask the settle's put, so the row stands with a {@code VERIFIED} status but without
   * its write's mark, which the delete removed: no reader trusts it, and the next one to read it
   * finds that no entity maps to it and deletes it ("The settle lands late"). So a row is allowed
   * only if it is exactly that: of a view that is not unique (a unique view settles with
   * check-and-mutates, which never land late), no entity maps to its key, its status as stored is
   * {@code VERIFIED} and it has no write mark, and the reader's verdict on it, given its main row
   * as it is now, is to discard it ({@link ViewRowVerdict#forReader}). Every other difference fails
   * as in {@link #assertViewsMatchRebuild}; a row of the rebuild that is missing or not settled
   * among them.
   *
   * @return the number of rows of late settles in the views of {@code type}
   */
  public static <T> int assertViewsMatchRebuildButForLateSettles(Rowan rowan, Class<T> type)
      throws IOException {
    return audit(rowan, type, true);
  }

  private static <T> int audit(Rowan rowan, Class<T> type, boolean lateSettlesAllowed)
      throws IOException {
    EntityModel<T> model = EntityModel.of(type);
    int lateSettles = 0;
    for (TableSet set : rowan.schema().tableSets(type)) {
      lateSettles += audit(rowan, model, set, lateSettlesAllowed);
    }
    return lateSettles;
  }

  /**
   * Asserts that each view of the table set {@code set} equals its rebuild from the set's main
   * table, but for rows of late settles when {@code lateSettlesAllowed}; returns how many of those
   * it found.
   */
  private static <T> int audit(
      Rowan rowan, EntityModel<T> model, TableSet set, boolean lateSettlesAllowed)
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
    int lateSettles = 0;
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
          boolean isRetired = status != null && status.state() == RowStatus.State.RETIRED;
          String state = status == null ? "NO STATUS" : status.state().toString();
          actual.put(
              Bytes.toStringBinary(row.getRow()),
              new Found(
                  row.getRow(),
                  // a retired row carries nothing, and its key may be one no entity could have
                  isRetired ? state : state + " " + carried(view, view.decode(row)),
                  status,
                  stored(row, view, ProtocolCells.Qualifier.VIEW_STATUS),
                  stored(row, view, ProtocolCells.Qualifier.VIEW_WRITE),
                  view.owner(row)));
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
      List<String> shown = new ArrayList<>();
      int viewLateSettles = 0;
      try (Table main = rowan.connection().getTable(mainTable)) {
        for (Map.Entry<String, Found> row : actual.entrySet()) {
          RowStatus status = row.getValue().status();
          if (status != null && status.state() == RowStatus.State.RETIRED) {
            continue; // a row an entity left: readers rely on it until HBase drops it
          }
          if (!expected.containsKey(row.getKey())) {
            if (lateSettlesAllowed && lateSettle(row.getValue(), view, model, main, rowan)) {
              viewLateSettles++;
            } else {
              differing.add(row.getKey());
            }
          }
        }
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
              + " rows"
              + (viewLateSettles > 0
                  ? " besides " + viewLateSettles + " rows of late settles"
                  : ""));
      lateSettles += viewLateSettles;
    }
    return lateSettles;
  }

  /**
   * Whether {@code found}, a row of {@code view} that no entity maps to, is a row of a late settle
   * ({@link #assertViewsMatchRebuildButForLateSettles}) that a reader deletes once it reads it;
   * {@code main} is the view's main table.
   */
  private static boolean lateSettle(
      Found found, ViewModel view, EntityModel<?> model, Table main, Rowan rowan)
      throws IOException {
    RowStatus stored = found.stored();
    byte[] mainKey = found.mainKey();
    if (view.isUnique()
        || stored == null
        || stored.state() != RowStatus.State.VERIFIED
        || found.mark() != null
        || mainKey == null) {
      return false;
    }
    MainRow entity = MainRow.of(model, main.get(new Get(mainKey)));
    return ViewRowVerdict.forReader(
            view,
            found.key(),
            found.status(),
            entity,
            System.currentTimeMillis(),
            rowan.writeLease().toMillis(),
            false)
        == ViewRowVerdict.Action.DISCARD;
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
    String statuses =
        "(view row "
            + found.status()
            + ", stored "
            + found.stored()
            + ", mark "
            + found.mark()
            + ", main row "
            + mainStatus
            + ")";
    return expected == null
        ? key + ": stray row " + found.text() + " " + statuses
        : key + ": expected " + expected + ", found " + found.text() + " " + statuses;
  }

  /** The status in cell {@code qualifier} of view row {@code row} as stored, or null. */
  private static @Nullable RowStatus stored(
      Result row, ViewModel view, ProtocolCells.Qualifier qualifier) {
    Cell cell = ProtocolCells.cell(row, view.statusFamily(), qualifier);
    return cell == null ? null : ProtocolCells.readableStatus(cell);
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
