package dev.rowan.index;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.PropertyModel;
import java.util.Arrays;
import java.util.Objects;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.jspecify.annotations.Nullable;

/**
 * What a view row means and what to do about it, decided from the view row, its main row's state
 * and (for readers) the time and the write lease, without I/O: the one verdict that readers, the
 * verify job and its repairs act on (docs/view-consistency.md, "The read protocol" and "Why no read
 * returns a wrong answer").
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class ViewRowVerdict {

  private ViewRowVerdict() {}

  /** What to do about a view row once its main row is read. */
  public enum Action {
    /**
     * Nothing to write: the row is verified, carries no readable status, or names no write to
     * settle.
     */
    LEAVE,
    /**
     * The write that left the row may still commit, or a settle may still land on it: write
     * nothing, check the row again on every read.
     */
    WAIT,
    /**
     * Fence the main row above the row's write (or its newest cell), then decide again on the
     * fenced row.
     */
    FENCE,
    /** Rewrite the row from the main row, verified, with the main row's status. */
    REPAIR,
    /** Delete the row. */
    DISCARD
  }

  /** What the verify job finds a view row to be. */
  public enum Finding {
    /** Its entity maps to it, and it is verified and carries exactly the entity's values. */
    CONSISTENT,
    /** Its entity maps to it, but it is unverified, damaged or carries other values. */
    STALE,
    /** No entity maps to it. */
    ORPHAN,
    /**
     * No entity maps to it, and it is retired ({@link RetiredRows}): readers rely on it until HBase
     * drops it, so it is left alone.
     */
    RETIRED,
    /**
     * No entity maps to it, and it is unverified, under the status of a write of the entity that
     * left it (a move within the settle window of the write before, {@link SettleWindow}, or a
     * write that died or lost its race): readers and repairs retire it once its settle window has
     * passed. No fault.
     */
    AWAITING_RETIREMENT
  }

  /**
   * Whether a reader may use {@code row} without reading its main row: a verified row of a
   * full-copy view (by the protocol's invariant, it matches the current main row). A damaged status
   * is not verified.
   */
  public static boolean trustedAlone(ViewModel view, Result row) {
    if (!view.isFullCopy()) {
      return false;
    }
    RowStatus observed = observed(view, row);
    return observed != null && observed.state() == State.VERIFIED;
  }

  /**
   * The status of view row {@code row} as the protocol reads it, or null when it has none or it is
   * damaged: its status cell, except that a retired row ({@link RetiredRows#retired}) is {@code
   * RETIRED}, whatever else it holds, and that a status is {@code UNVERIFIED} unless it is {@code
   * VERIFIED} in the format the view writes ({@link ViewModel#isPacked}): a row settled by a
   * version that wrote write marks ({@link State#VERIFIED_UNDER_MARK}), or a row in the other
   * format, is checked against its main row and repaired, in the view's format, so a view whose
   * format changed is read while its rows are converted.
   */
  public static @Nullable RowStatus observed(ViewModel view, Result row) {
    Cell statusCell = ProtocolCells.cell(row, view.statusFamily(), ProtocolCells.VIEW_STATUS);
    RowStatus status = statusCell == null ? null : ProtocolCells.readableStatus(statusCell);
    RowStatus retired = RetiredRows.retired(view, row);
    if (retired != null) {
      return retired;
    }
    if (statusCell == null || status == null || status.state() == State.UNVERIFIED) {
      return status;
    }
    if (status.state() == State.VERIFIED && view.inFormat(statusCell)) {
      return status;
    }
    return status.with(State.UNVERIFIED);
  }

  /**
   * Whether the main row {@code main} holds an entity whose row in {@code view} is {@code
   * viewRowKey}.
   */
  public static boolean maps(ViewModel view, byte[] viewRowKey, MainRow main) {
    @Nullable Object[] values = main.values();
    return values != null && Arrays.equals(view.rowKey(values), viewRowKey);
  }

  /**
   * Whether the write that left {@code observed} has committed or never will: statuses of a main
   * row rise with every commit, so a writer whose timestamp is not above the main row's cannot win
   * the compare-and-set anymore.
   */
  static boolean writerCannotCommit(RowStatus observed, MainRow main) {
    return main.status() != null && observed.timestamp() <= main.status().timestamp();
  }

  /**
   * Whether the write that left {@code observed} has outlived the write lease at time {@code now}.
   */
  static boolean leaseExpired(RowStatus observed, long now, long leaseMillis) {
    return now - observed.timestamp() > leaseMillis;
  }

  /**
   * What a reader does about view row {@code rowKey} of {@code view}, whose status it read as
   * {@code observed} ({@link #observed}; null: absent or damaged), once it has read the main row as
   * {@code main}. An unverified row is repaired when it matches the main row and discarded when it
   * does not, once the write that left it can no longer commit and, on a view that is not unique,
   * once every settle that could land on it has landed ({@link SettleWindow#landed}); while that
   * write may still commit the row is left, unless its lease has run out and {@code mayFence}: then
   * the main row is fenced first.
   *
   * @param mayFence false once a fence of this row's main row has lost to another fence or write
   *     and the main row has been read again: the reader then leaves the row to the next read
   */
  public static Action forReader(
      ViewModel view,
      byte[] rowKey,
      @Nullable RowStatus observed,
      MainRow main,
      long now,
      long leaseMillis,
      boolean mayFence) {
    if (observed == null || observed.state() != State.UNVERIFIED) {
      return Action.LEAVE;
    }
    if (!writerCannotCommit(observed, main)) {
      return mayFence && leaseExpired(observed, now, leaseMillis) ? Action.FENCE : Action.WAIT;
    }
    if (!maps(view, rowKey, main)) {
      return view.isUnique() || SettleWindow.landed(observed.timestamp(), now, leaseMillis)
          ? Action.DISCARD
          : Action.WAIT;
    }
    return main.status() == null
        ? Action.LEAVE
        : Action.REPAIR; // a repair is dated by the main row's status
  }

  /** Who holds a unique key that a writer wants to claim ({@link #forClaim}). */
  public enum Holder {
    /** Another entity whose main row maps to the key: the key is taken. */
    CURRENT,
    /**
     * A write that claimed the key, has not committed, may still commit, and is within its lease.
     */
    IN_FLIGHT,
    /** Nobody that can keep the key: the claim may be deleted and the key claimed as a free one. */
    STALE
  }

  /**
   * What a writer that wants key {@code rowKey} of unique view {@code view} finds of the entity
   * that holds it, whose claim's status it read as {@code observed} (null: absent or damaged) and
   * whose main row it read as {@code holder}. The holder keeps the key while its main row maps to
   * it, or while its claim is unverified, its writer may still commit (its timestamp is above the
   * main row's status: statuses rise with every commit) and the write lease has not run out. A
   * claim whose writer has committed since (its entity then moved off the key) or never will (a
   * later write of its entity won the compare-and-set) is stale at once, settled or not.
   */
  public static Holder forClaim(
      ViewModel view,
      byte[] rowKey,
      @Nullable RowStatus observed,
      MainRow holder,
      long now,
      long leaseMillis) {
    if (maps(view, rowKey, holder)) {
      return Holder.CURRENT;
    }
    boolean inFlight =
        observed != null
            && observed.state() == State.UNVERIFIED
            && !writerCannotCommit(observed, holder)
            && !leaseExpired(observed, now, leaseMillis);
    return inFlight ? Holder.IN_FLIGHT : Holder.STALE;
  }

  /**
   * What the verify job finds view row {@code row} of {@code view} to be, given its main row
   * ({@link MainRow#ABSENT} when that row does not exist or the view row names none). A row the
   * entity maps to whose cells cannot be decoded, or that is retired, is stale. A row no entity
   * maps to is retired; awaiting its retirement when, on a view that is not unique, it is
   * unverified and its entity's main row has a status (a write that moved the entity left it, or
   * one that died or lost its race: readers retire it once its settle window has passed, {@link
   * #forDelete}); or else an orphan, which no write of the protocol leaves.
   */
  public static Finding forVerify(ViewModel view, Result row, MainRow main) {
    if (!maps(view, row.getRow(), main)) {
      if (RetiredRows.retired(view, row) != null) {
        return Finding.RETIRED;
      }
      RowStatus observed;
      try {
        observed = observed(view, row);
      } catch (RuntimeException damaged) {
        return Finding.ORPHAN;
      }
      return !view.isUnique()
              && observed != null
              && observed.state() == State.UNVERIFIED
              && main.status() != null
          ? Finding.AWAITING_RETIREMENT
          : Finding.ORPHAN;
    }
    return carriesExactly(view, row, Objects.requireNonNull(main.values(), "a live main row"))
        ? Finding.CONSISTENT
        : Finding.STALE;
  }

  /**
   * Whether {@code row} is verified and carries exactly the values of {@code entity} in every
   * carried column.
   */
  static boolean carriesExactly(ViewModel view, Result row, @Nullable Object[] entity) {
    RowStatus status;
    @Nullable Object[] carried;
    try {
      status = observed(view, row);
      if (status == null || status.state() != State.VERIFIED) {
        return false;
      }
      carried = view.decode(row);
    } catch (RuntimeException damaged) {
      return false;
    }
    for (PropertyModel column : view.carried()) {
      if (!Objects.deepEquals(carried[column.index()], entity[column.index()])) {
        return false;
      }
    }
    return true;
  }

  /**
   * What a repair that writes the view row of the entity in {@code main} does, given the newest
   * timestamp of any cell or delete marker stored under that view row: {@link Action#REPAIR} with
   * the main row's status when that status is not below it, otherwise {@link Action#FENCE} first (a
   * row written below a newer cell or marker would be hidden by it).
   */
  public static Action forRewrite(MainRow main, long newestViewCell) {
    return main.status() != null && main.status().timestamp() >= newestViewCell
        ? Action.REPAIR
        : Action.FENCE;
  }

  /**
   * What a repair that deletes a row of {@code view} whose entity's main row is {@code main} does,
   * given the newest timestamp stored under the view row and the time: on a view that is not
   * unique, {@link Action#WAIT} while a settle of a write of the entity could still land on the row
   * ({@link SettleWindow#landed}), also where the main row has no status or does not exist (an
   * insert in flight commits and settles after it has written its view rows); then {@link
   * Action#DISCARD} (up to that timestamp) when the main row's status is not below it, otherwise
   * {@link Action#FENCE} first, so that no later write of the entity can fall under the delete:
   * also where the main row has no status, as an insert or a guessed save whose writer has paused
   * commits on "no status yet" and would then stand without its view row.
   */
  public static Action forDelete(
      ViewModel view, MainRow main, long newestViewCell, long now, long leaseMillis) {
    if (!view.isUnique() && !SettleWindow.landed(newestViewCell, now, leaseMillis)) {
      return Action.WAIT; // also without a status: an insert in flight settles once it commits
    }
    return main.status() != null && main.status().timestamp() >= newestViewCell
        ? Action.DISCARD
        : Action.FENCE;
  }
}
