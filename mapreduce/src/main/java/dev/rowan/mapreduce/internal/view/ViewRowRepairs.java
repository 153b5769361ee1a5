package dev.rowan.mapreduce.internal.view;

import dev.rowan.index.CellSize;
import dev.rowan.index.CommitSync;
import dev.rowan.index.MainRow;
import dev.rowan.index.MainRowSettle;
import dev.rowan.index.MainRowSettle.Decision;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowRepair;
import dev.rowan.index.ViewRowVerdict;
import dev.rowan.index.ViewRowVerdict.Action;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.jspecify.annotations.Nullable;

/**
 * Rewrites and deletes view rows so that a view equals its rebuild, by the rules of the write
 * protocol (docs/view-consistency.md), while writers write: every write is a check-and-mutate on
 * the view row as read, as a reader's repair is; a view row is settled with the status of its main
 * row; a view row whose cells are newer than the main row's status would hide that write, so the
 * main row is first fenced (its status rewritten, values untouched, above those cells) with a
 * check-and-mutate on the status read, exactly as readers fence dead writes; otherwise the main row
 * is confirmed durable first, as readers do before a repair.
 */
final class ViewRowRepairs {

  /** Fences lost to another fence or write before a repair gives up on a row. */
  private static final int MAX_ATTEMPTS = 3;

  private final EntityModel<?> model;
  private final byte[] statusFamily;
  private final Table main;

  /** The writers' write lease: a row is deleted only once its settles have landed. */
  private final long leaseMillis;

  /**
   * The largest cell this client sends ({@link CellSize#max}): a repair that packs a row of a cell
   * per column into a larger cell is left undone, and the row reported.
   */
  private final long maxCellSize;

  /** The main table as {@link MainRowSettle} calls it. */
  private final MainRowSettle.MainTable<IOException> mainCalls;

  ViewRowRepairs(EntityModel<?> model, Table main, long leaseMillis) {
    this.model = model;
    this.statusFamily = MainRow.statusFamily(model);
    this.main = main;
    this.leaseMillis = leaseMillis;
    this.maxCellSize = CellSize.max(main.getConfiguration());
    this.mainCalls =
        new MainRowSettle.MainTable<>() {
          @Override
          public boolean apply(CheckAndMutate write) throws IOException {
            return main.checkAndMutate(write).isSuccess();
          }

          @Override
          public MainRow read(byte[] row) throws IOException {
            return MainRow.of(model, main.get(new Get(row)));
          }
        };
  }

  /**
   * Writes the view row of the entity stored in {@code mainRow} into {@code view}, settled, only if
   * the row's status cell still holds {@code observed} (read before the main row; null: the row had
   * none). Whatever the view holds at that key, delete markers included, is read first: a cell or
   * marker newer than the main row's status would hide the row written, so the main row is fenced
   * above it. A row that had no status is first written unverified (only if it still has none) and
   * settled after the main row is read again and still holds the status written: a settled row
   * written straight into an empty key could land after a later write retired and deleted the row,
   * and stand (docs/view-consistency.md, "Building and repairing views while writers write").
   *
   * @return false when the main row or the view row changed meanwhile (the row is left to readers,
   *     which check it against its main row)
   */
  boolean rewrite(
      ViewModel view,
      Table viewTable,
      Result mainRow,
      byte[] viewKey,
      byte @Nullable [] observed,
      boolean marked)
      throws IOException {
    Result current = mainRow;
    byte[] seen = observed;
    boolean seenMarked = marked;
    for (int attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      MainRow state = MainRow.of(model, current);
      long newest = newestRaw(viewTable, viewKey);
      RowStatus target =
          MainRowSettle.settle(
                  mainCalls,
                  current.getRow(),
                  statusFamily,
                  state,
                  1,
                  (read, number, fenced) ->
                      fenced || ViewRowVerdict.forRewrite(read, newest) == Action.REPAIR
                          ? new Decision.Confirm<>(true)
                          : new Decision.Fence<Boolean>(0, newest))
              .map(sure -> sure.main().status())
              .orElse(null);
      if (target != null) {
        Object[] values =
            Objects.requireNonNull(
                state.values(), "the entity maps to the view row, so its main row is live");
        CheckAndMutate repair =
            ViewRowRepair.rewrite(
                view, viewKey, values, target, current.getRow(), seen, seenMarked);
        if (!CellSize.fits(repair.getAction(), maxCellSize)) {
          return false; // a row of the other format too large to pack: readers answer it from its
          // main row, and the report counts it at fault
        }
        boolean written =
            seen == null
                ? writeThenSettle(view, viewTable, values, target, current.getRow(), viewKey)
                : viewTable.checkAndMutate(repair).isSuccess();
        if (written) {
          return true;
        }
        // The view row changed meanwhile (a writer, or this job's check of the row itself): read it
        // again.
        Result now = viewTable.get(new Get(viewKey));
        byte[] owner = view.isUnique() ? ProtocolCells.owner(now, view.statusFamily()) : null;
        if (owner != null && !Arrays.equals(owner, current.getRow())) {
          return false; // another entity claimed the unique key meanwhile: its claim is judged,
          // never written over
        }
        seen = ViewRowRepair.statusAsRead(view, now);
        seenMarked = ViewRowRepair.writeMarked(view, now);
      }
      // Fenced meanwhile (by this repair, for another row of the same entity) or written: decide
      // again.
      current = main.get(new Get(current.getRow()));
      if (!ViewRowVerdict.maps(view, viewKey, MainRow.of(model, current))) {
        return false;
      }
    }
    return false;
  }

  /**
   * Gives the entity in {@code mainRow} the key {@code key} of unique view {@code view}, whose row
   * {@code row} (as read, before the main rows) names another owner whose claim is stale, or none:
   * the row deleted, every cell, only if its owner cell is still as read, then written for the
   * entity as an empty key is ({@link #rewrite} with no status: unverified, then settled). Writing
   * over the stale claim instead would rely on its status, which the entity's own writers do not
   * mark when they move the entity off the key (they mark only rows that name it).
   *
   * @return false when the row or the main row changed meanwhile
   */
  boolean takeOver(ViewModel view, Table viewTable, Result row, Result mainRow, byte[] key)
      throws IOException {
    if (!row.isEmpty()
        && !viewTable
            .checkAndMutate(ViewRowRepair.deleteAsRead(view, row, newestRaw(viewTable, key)))
            .isSuccess()) {
      // changed since it was read: gone (this job's check of the view deleted it as an orphan) is
      // as good
      if (!viewTable.get(new Get(key)).isEmpty()) {
        return false;
      }
    }
    return rewrite(view, viewTable, mainRow, key, null, false); // deleted whole, its mark too
  }

  /**
   * Gives the entity {@code values}, whose main row {@code mainKey} holds {@code status}, its row
   * {@code viewKey}, which has no status: written unverified if it still has none, then settled if
   * the main row, read again, still holds {@code status} and maps to the row.
   */
  private boolean writeThenSettle(
      ViewModel view,
      Table viewTable,
      Object[] values,
      RowStatus status,
      byte[] mainKey,
      byte[] viewKey)
      throws IOException {
    if (!viewTable
        .checkAndMutate(ViewRowRepair.writeUnverified(view, viewKey, values, status, mainKey))
        .isSuccess()) {
      return false;
    }
    MainRow now = MainRow.of(model, main.get(new Get(mainKey)));
    if (!status.equals(now.status()) || !ViewRowVerdict.maps(view, viewKey, now)) {
      return false;
    }
    byte[] written = view.statusValue(status.with(State.UNVERIFIED), values);
    return viewTable
        .checkAndMutate(
            ViewRowRepair.rewrite(view, viewKey, values, status, mainKey, written, false))
        .isSuccess();
  }

  /**
   * Settles the rows {@code rows} of {@code view}, each as a rebuild's load left it for the entity
   * in {@code mains} at the same index (unverified, with that main row's current status), in two
   * batches: the main rows confirmed durable, then each view row settled only if its status is
   * still the one read. No fence is needed: the row's status is its newest (every write of a view
   * row writes one), and a delete marker above it masks no later put.
   *
   * @return which rows were settled; the others, or their main rows, changed meanwhile
   */
  boolean[] settleLoaded(ViewModel view, Table viewTable, List<Result> rows, List<Result> mains)
      throws IOException {
    List<CheckAndMutate> confirms = new ArrayList<>(rows.size());
    for (Result mainRow : mains) {
      confirms.add(
          CommitSync.confirm(
              mainRow.getRow(),
              statusFamily,
              Objects.requireNonNull(
                  MainRow.of(model, mainRow).status(),
                  "only rows whose main row has a status are settled as loaded")));
    }
    List<CheckAndMutateResult> confirmed = main.checkAndMutate(confirms);
    List<CheckAndMutate> settles = new ArrayList<>(rows.size());
    List<Integer> sent = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      CheckAndMutate settle =
          ViewRowRepair.rewrite( // a live main row with a status, as the row was loaded for it
              view,
              rows.get(i).getRow(),
              MainRow.of(model, mains.get(i)),
              mains.get(i).getRow(),
              ViewRowRepair.statusAsRead(view, rows.get(i)),
              ViewRowRepair.writeMarked(view, rows.get(i)));
      if (confirmed.get(i).isSuccess() && CellSize.fits(settle.getAction(), maxCellSize)) {
        settles.add(settle);
        sent.add(i);
      }
    }
    boolean[] settled = new boolean[rows.size()];
    if (!settles.isEmpty()) {
      List<CheckAndMutateResult> results = viewTable.checkAndMutate(settles);
      for (int j = 0; j < results.size(); j++) {
        settled[sent.get(j)] = results.get(j).isSuccess();
      }
    }
    return settled;
  }

  /**
   * Deletes the view row {@code row} of {@code view}, whose entity is stored in {@code mainRow}
   * (empty when there is none), fencing a live main row above it first so that no later write of
   * the entity can fall under the delete. The delete applies only if the row still holds the status
   * cell it was read with and, in a unique view, the owner cell: a row rewritten since (for its
   * real owner, by this job's check of the main rows) is left.
   *
   * @return false when the main row changed meanwhile so that it maps to the row, or the row
   *     changed since it was read (it is left)
   */
  boolean delete(ViewModel view, Table viewTable, Result row, Result mainRow) throws IOException {
    byte[] viewKey = row.getRow();
    // an entity not stored may be an insert in flight, which settles its rows once it commits: its
    // main row is fenced as any other before the delete
    byte[] mainKey = mainRow.isEmpty() ? view.owner(row) : mainRow.getRow();
    if (mainKey == null) { // a row that names no entity: no write of the protocol's settles it
      return viewTable
          .checkAndMutate(ViewRowRepair.deleteAsRead(view, row, newestRaw(viewTable, viewKey)))
          .isSuccess();
    }
    long[] newest = new long[1];
    Optional<MainRowSettle.Settled<Long>> settled =
        MainRowSettle.settle(
            mainCalls,
            mainKey,
            statusFamily,
            mainRow.isEmpty() ? MainRow.ABSENT : MainRow.of(model, mainRow),
            MAX_ATTEMPTS,
            (state, read, fenced) -> {
              if (fenced) {
                return new Decision.Act<>(newest[0]);
              }
              if (read > 1 && ViewRowVerdict.maps(view, viewKey, state)) {
                return new Decision.Stop<>(); // the entity is back under the row
              }
              newest[0] = newestRaw(viewTable, viewKey);
              return switch (ViewRowVerdict.forDelete(
                  view, state, newest[0], System.currentTimeMillis(), leaseMillis)) {
                case DISCARD -> new Decision.Confirm<>(newest[0]);
                case WAIT -> new Decision.Stop<>(); // a settle may still land: a later pass
                default -> new Decision.Fence<>(0, newest[0]);
              };
            });
    return settled.isPresent()
        && viewTable
            .checkAndMutate(ViewRowRepair.deleteAsRead(view, row, settled.get().action()))
            .isSuccess();
  }

  /** The newest timestamp of any cell or delete marker stored in row {@code key}, or 0. */
  private static long newestRaw(Table table, byte[] key) throws IOException {
    long newest = 0;
    Scan scan = new Scan().withStartRow(key).withStopRow(key, true).setRaw(true).readAllVersions();
    try (ResultScanner scanner = table.getScanner(scan)) {
      for (Result result : scanner) {
        newest = Math.max(newest, ViewRowRepair.newest(result));
      }
    }
    return newest;
  }
}
