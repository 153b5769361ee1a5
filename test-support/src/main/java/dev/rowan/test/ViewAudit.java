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
 * <p>Writes that move an entity again within the settle window of its write before leave the row it
 * left to readers, unverified, which {@link #assertViewsMatchRebuildButForRowsLeftToReaders} tells
 * apart from every other difference.
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
   * A view row as found: its key, what it says, its status as readers take it and as stored, and
   * where its main row is.
   */
  private record Found(
      byte[] key,
      String text,
      @Nullable RowStatus status,
      @Nullable RowStatus stored,
      byte @Nullable [] mainKey) {}

  /**
   * Asserts that each view of {@code type} equals its rebuild from the main table; for an entity
   * kept in one table per period, each period's views from that period's main table. Besides the
   * rebuild's rows a view may hold rows its entities left, retired, and rows left to readers whose
   * settle window has not passed yet, which no reader may delete yet ({@link
   * #assertViewsMatchRebuildButForRowsLeftToReaders}).
   */
  public static <T> void assertViewsMatchRebuild(Rowan rowan, Class<T> type) throws IOException {
    audit(rowan, type, false);
  }

  /**
   * Asserts what {@link #assertViewsMatchRebuild} asserts, except that a view may also hold rows
   * whose retirement was left to readers, and returns how many it found. A write that moves an
   * entity within the settle window of its write before (docs/view-consistency.md, "The settle
   * window") does not retire the row it left: a settle of that earlier write may still land on it,
   * and a delete must not precede it. The row stays unverified, under the moving write's status,
   * and a reader retires it once the window has passed. So a row is allowed only if it is exactly
   * that: of a view that is not unique (a unique view settles and deletes with check-and-mutates),
   * no entity maps to its key, its status as stored is {@code UNVERIFIED}, and the reader's verdict
   * on it, given its main row as it is now, is to discard it or to wait for the window ({@link
   * ViewRowVerdict#forReader}); {@link #assertViewsMatchRebuild} allows only the rows it must still
   * wait for. Every other difference fails as in {@link #assertViewsMatchRebuild}; a row of the
   * rebuild that is missing or not settled among them.
   *
   * @return the number of rows left to readers in the views of {@code type}
   */
  public static <T> int assertViewsMatchRebuildButForRowsLeftToReaders(Rowan rowan, Class<T> type)
      throws IOException {
    return audit(rowan, type, true);
  }

  private static <T> int audit(Rowan rowan, Class<T> type, boolean leftToReadersAllowed)
      throws IOException {
    EntityModel<T> model = EntityModel.of(type);
    int leftToReaders = 0;
    for (TableSet set : rowan.schema().tableSets(type)) {
      leftToReaders += audit(rowan, model, set, leftToReadersAllowed);
    }
    return leftToReaders;
  }

  /**
   * Asserts that each view of the table set {@code set} equals its rebuild from the set's main
   * table, but for rows left to readers when {@code leftToReadersAllowed}; returns how many of
   * those it found.
   */
  private static <T> int audit(
      Rowan rowan, EntityModel<T> model, TableSet set, boolean leftToReadersAllowed)
      throws IOException {
    TableName mainTable = set.mainTable();
    long leaseMillis = rowan.schema().writeLease(set).toMillis(); // the lease the set's clients use
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
    int leftToReaders = 0;
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
      int viewLeftToReaders = 0;
      try (Table main = rowan.connection().getTable(mainTable)) {
        for (Map.Entry<String, Found> row : actual.entrySet()) {
          RowStatus status = row.getValue().status();
          if (status != null && status.state() == RowStatus.State.RETIRED) {
            continue; // a row an entity left: readers rely on it until HBase drops it
          }
          if (!expected.containsKey(row.getKey())) {
            ViewRowVerdict.Action left =
                leftToReaders(row.getValue(), view, model, main, leaseMillis);
            if (left == ViewRowVerdict.Action.WAIT
                || leftToReadersAllowed && left == ViewRowVerdict.Action.DISCARD) {
              viewLeftToReaders++;
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
              + (viewLeftToReaders > 0
                  ? " besides " + viewLeftToReaders + " rows left to readers"
                  : ""));
      leftToReaders += viewLeftToReaders;
    }
    return leftToReaders;
  }

  /**
   * Whether {@code found}, a row of {@code view} that no entity maps to, is a row whose retirement
   * was left to readers ({@link #assertViewsMatchRebuildButForRowsLeftToReaders}); {@code main} is
   * the view's main table, {@code leaseMillis} the write lease its clients use.
   */
  private static ViewRowVerdict.@Nullable Action leftToReaders(
      Found found, ViewModel view, EntityModel<?> model, Table main, long leaseMillis)
      throws IOException {
    RowStatus stored = found.stored();
    byte[] mainKey = found.mainKey();
    if (view.isUnique()
        || stored == null
        || stored.state() != RowStatus.State.UNVERIFIED
        || mainKey == null) {
      return null;
    }
    MainRow entity = MainRow.of(model, main.get(new Get(mainKey)));
    ViewRowVerdict.Action verdict =
        ViewRowVerdict.forReader(
            view,
            found.key(),
            found.status(),
            entity,
            System.currentTimeMillis(),
            leaseMillis,
            false);
    return verdict == ViewRowVerdict.Action.DISCARD || verdict == ViewRowVerdict.Action.WAIT
        ? verdict
        : null;
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
