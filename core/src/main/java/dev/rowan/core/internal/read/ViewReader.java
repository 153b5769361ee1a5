package dev.rowan.core.internal.read;

import dev.rowan.core.PermissionDeniedException;
import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import dev.rowan.index.CellSize;
import dev.rowan.index.MainRow;
import dev.rowan.index.MainRowSettle;
import dev.rowan.index.MainRowSettle.Decision;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowRepair;
import dev.rowan.index.ViewRowVerdict;
import dev.rowan.index.ViewRowVerdict.Action;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.jspecify.annotations.Nullable;

/**
 * Turns rows read from a view into entity values that match the view's key, never trusting a row
 * the protocol has not verified: a verified row of a full-copy view is used as it is; every other
 * row is checked against its main row, read in one batch. A row that matches its main row is used
 * (with the main row's values) and, when unverified, repaired; an unverified row that does not
 * match is dropped and retired (deleted on a unique view), once its writer can no longer commit. A
 * retired row is checked and left to expire. A writer whose lease has run out is made unable to
 * commit by fencing its main row. A unique view row without owner names no entity and is dropped
 * and deleted; a row whose key this view cannot decode is dropped (and left to {@code
 * VerifyViews}); a row whose cells cannot be decoded is checked like an unverified one. No row
 * fails the read. A principal without WRITE gets the same answers: the repairs and deletes are left
 * undone ({@link #tidy}).
 *
 * <p>A count or a projection reads only some cells of each row ({@link #resolveNarrow}): a settled
 * row stands for its entity as it is, on a narrow view too, and every other row is checked as
 * above.
 */
public final class ViewReader<T> {

  private final StoreContext<T> context;

  public ViewReader(StoreContext<T> context) {
    this.context = context;
  }

  /** The values of the entities {@code rows} stand for, in the order of the rows. */
  List<Object[]> resolve(ViewModel view, List<Result> rows) {
    List<Object[]> values = new ArrayList<>(rows.size());
    for (Object[] entity : resolveEach(view, rows)) {
      if (entity != null) {
        values.add(entity);
      }
    }
    return values;
  }

  /**
   * For each of {@code rows}, the values of the entity it stands for, or null when it stands for
   * none.
   */
  Object[][] resolveEach(ViewModel view, List<Result> rows) {
    return resolveEach(view, rows, false, null);
  }

  /**
   * As {@link #resolveEach(ViewModel, List)}, and gives {@code movedAway} the main row key of each
   * row checked against a main row that holds its entity under another view key: an entity that
   * moved since its row was read.
   */
  Object[][] resolveEach(ViewModel view, List<Result> rows, Consumer<byte[]> movedAway) {
    return resolveEach(view, rows, false, movedAway);
  }

  /**
   * For each of {@code rows}, read for a count or a projection with only some of their cells (at
   * least the status cell and the write mark, and the owner on a unique view, plus the columns the
   * read needs, which the view carries), the values of the entity it stands for as far as the cells
   * read tell them, or null when it stands for none. A settled row ({@link ViewRowVerdict#observed}
   * {@code VERIFIED}) stands for the entity its key and the cells read name, by the protocol's
   * invariant, even on a narrow view: it is not checked. Every other row is checked against its
   * main row as {@link #resolveEach(ViewModel, List)} checks it, and repaired or deleted as there,
   * except a unique view row without owner, which is dropped and left to a read of whole rows (its
   * delete reaches as far as its newest cell, which a narrow read does not see).
   */
  Object[][] resolveNarrow(ViewModel view, List<Result> rows, Consumer<byte[]> movedAway) {
    return resolveEach(view, rows, true, movedAway);
  }

  private Object[][] resolveEach(
      ViewModel view, List<Result> rows, boolean narrow, @Nullable Consumer<byte[]> movedAway) {
    Object[][] resolved = new Object[rows.size()][];
    List<Integer> toCheck = new ArrayList<>();
    List<Get> gets = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Result row = rows.get(i);
      if (narrow ? settled(view, row) : ViewRowVerdict.trustedAlone(view, row)) {
        Object[] values = decodeOrNull(view, row);
        if (values != null) {
          resolved[i] = values;
          continue;
        }
      }
      byte[] mainKey = view.owner(row);
      if (mainKey == null) {
        if (!narrow && view.isUnique()) { // a key this view cannot decode is left to VerifyViews
          tidy(() -> discardOrphan(view, row));
        }
      } else {
        toCheck.add(i);
        gets.add(new Get(mainKey));
      }
    }
    if (!toCheck.isEmpty()) {
      Result[] mains =
          HBaseCalls.on(
              context.connection(),
              context.mainTable(),
              "read main rows of view " + view.name(),
              t -> t.get(gets));
      for (int j = 0; j < mains.length; j++) {
        int i = toCheck.get(j);
        MainRow main = MainRow.of(context.model(), mains[j]);
        resolved[i] = check(view, rows.get(i), main);
        if (resolved[i] == null && movedAway != null && main.isLive()) {
          movedAway.accept(gets.get(j).getRow());
        }
      }
    }
    return resolved;
  }

  /** Whether {@code row} is settled: verified, its write mark naming the same write. */
  private static boolean settled(ViewModel view, Result row) {
    RowStatus observed;
    try {
      observed = ViewRowVerdict.observed(view, row);
    } catch (RuntimeException damaged) {
      return false;
    }
    return observed != null && observed.state() == RowStatus.State.VERIFIED;
  }

  /**
   * The values a verified row carries, or null when they cannot be decoded (the row is then
   * checked).
   */
  private static Object @Nullable [] decodeOrNull(ViewModel view, Result row) {
    try {
      return view.decode(row);
    } catch (RuntimeException damaged) {
      return null;
    }
  }

  private Object @Nullable [] check(ViewModel view, Result row, MainRow main) {
    boolean matches = ViewRowVerdict.maps(view, row.getRow(), main);
    RowStatus observed = ViewRowVerdict.observed(view, row);
    Action action =
        ViewRowVerdict.forReader(
            view,
            row.getRow(),
            observed,
            main,
            System.currentTimeMillis(),
            context.writeLeaseMillis(),
            true);
    if (action != Action.LEAVE && action != Action.WAIT) {
      tidy(() -> settle(view, row, ViewRowRepair.statusAsRead(view, row), observed, main, action));
    }
    return matches ? main.values() : null;
  }

  /**
   * Does {@code write}, a write of this reader's that tidies after writers (a fence, a
   * confirmation, a repair or a delete of a view row), unless the principal may not write: the
   * answer never depends on it (it is the main row's, as read), so a reader without WRITE reads
   * main rows instead of repairing, and stops trying after the first refusal.
   */
  private void tidy(Runnable write) {
    if (!context.readerWrites()) {
      return;
    }
    try {
      write.run();
    } catch (PermissionDeniedException refused) {
      context.stopReaderWrites(refused);
    }
  }

  /**
   * Deletes a unique view row without owner cell, every cell up to its newest, only if its status
   * cell is still the one read (or still absent): a claim written since is left alone, and one
   * written after the delete is not masked by it (every family has HBase's new version behavior).
   * No write of this version leaves such a row: every put of a unique view row that carries a
   * status carries its owner too, and a retiring write marks the row only while it owns it.
   */
  private void discardOrphan(ViewModel view, Result row) {
    CheckAndMutate discard =
        ViewRowRepair.delete(
            view, row.getRow(), ViewRowRepair.statusAsRead(view, row), ViewRowRepair.newest(row));
    HBaseCalls.on(
        context.connection(),
        context.viewTable(view),
        "delete view row of no entity",
        t -> t.checkAndMutate(discard));
    ObservedCalls.count(Cost.REPAIRS, 1);
  }

  /**
   * Carries out the verdict on an unverified row ({@link ViewRowVerdict#forReader}): repairs or
   * discards it, or first fences the main row of a write whose lease has run out. A repair or a
   * discard waits until the main row it relies on is durable (a fence is; otherwise it is
   * confirmed). When the fence or the confirmation loses to another write, the main row is read
   * again and the verdict given once more on what it holds now, without a second fence ({@link
   * MainRowSettle}).
   */
  private void settle(
      ViewModel view,
      Result row,
      byte @Nullable [] statusValue,
      @Nullable RowStatus observed,
      MainRow main,
      Action verdict) {
    byte[] mainKey =
        Objects.requireNonNull(view.owner(row), "a row checked against its main row names it");
    TableName table = context.mainTable();
    MainRowSettle.MainTable<RuntimeException> calls =
        new MainRowSettle.MainTable<>() {
          @Override
          public boolean apply(CheckAndMutate write) {
            return HBaseCalls.on(
                    context.connection(),
                    table,
                    "fence or confirm the main row of view " + view.name(),
                    t -> t.checkAndMutate(write))
                .isSuccess();
          }

          @Override
          public MainRow read(byte[] key) {
            return MainRow.of(
                context.model(),
                HBaseCalls.on(
                    context.connection(),
                    table,
                    "read main row of view " + view.name(),
                    t -> t.get(new Get(key))));
          }
        };
    MainRowSettle.settle(
            calls,
            mainKey,
            context.statusFamily(),
            main,
            2,
            (state, read, fenced) -> {
              Action action =
                  read == 1 && !fenced
                      ? verdict
                      : ViewRowVerdict.forReader(
                          view,
                          row.getRow(),
                          observed,
                          state,
                          System.currentTimeMillis(),
                          context.writeLeaseMillis(),
                          false);
              return switch (action) {
                case FENCE ->
                    new Decision.Fence<>(
                        System.currentTimeMillis(),
                        Objects.requireNonNull(observed, "a fence is of a write's status")
                            .timestamp());
                case REPAIR, DISCARD ->
                    fenced ? new Decision.Act<>(action) : new Decision.Confirm<>(action);
                case LEAVE, WAIT -> new Decision.Stop<>();
              };
            })
        .ifPresent(
            settled -> {
              if (settled.action() == Action.REPAIR) {
                repair(view, row, statusValue, settled.main());
              } else {
                discard(
                    view,
                    row.getRow(),
                    statusValue,
                    Objects.requireNonNull(observed, "only an unverified status is discarded")
                        .timestamp());
              }
            });
  }

  private void repair(ViewModel view, Result row, byte @Nullable [] observed, MainRow main) {
    CheckAndMutate repair =
        ViewRowRepair.rewrite(
            view,
            row.getRow(),
            main,
            context
                .model()
                .rowKey()
                .encode(Objects.requireNonNull(main.values(), "a live row has values")),
            observed,
            ViewRowRepair.writeMarked(view, row));
    if (!CellSize.fits(repair.getAction(), context.maxCellSize())) {
      // a row of the other format whose columns packed in one cell are more than HBase's client
      // sends: left as it is, checked against its main row by every read (VerifyViews reports it)
      return;
    }
    HBaseCalls.on(
        context.connection(),
        context.viewTable(view),
        "repair view row",
        t -> t.checkAndMutate(repair));
    ObservedCalls.count(Cost.REPAIRS, 1);
  }

  private void discard(ViewModel view, byte[] key, byte @Nullable [] observed, long timestamp) {
    CheckAndMutate discard = ViewRowRepair.delete(view, key, observed, timestamp);
    HBaseCalls.on(
        context.connection(),
        context.viewTable(view),
        "delete stale view row",
        t -> t.checkAndMutate(discard));
    ObservedCalls.count(Cost.REPAIRS, 1);
  }
}
