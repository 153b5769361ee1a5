package dev.rowan.index;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Everything one save or delete does to the views of an entity, decided before any I/O.
 *
 * @param write the status of this write: its timestamp and nonce
 * @param previousWrite the timestamp of the entity's write before this one ({@link #NO_WRITE} when
 *     its main row had no status): every settle that could land on a row this write retires is of a
 *     write at or below it
 * @param changes the view rows written or retired
 * @since 0.1
 */
public record WritePlan(RowStatus write, long previousWrite, List<ViewRowChange> changes) {

  /**
   * The {@link #previousWrite} of an entity whose main row had no status: a time long past, whose
   * settles have all landed, and far enough above {@link Long#MIN_VALUE} that the clock minus it
   * does not overflow.
   */
  public static final long NO_WRITE = Long.MIN_VALUE / 4;

  /** Copies the list. */
  public WritePlan {
    changes = List.copyOf(changes);
  }

  /** Whether the write touches no view row. */
  boolean isEmpty() {
    return changes.isEmpty();
  }

  /** The changes that match {@code which}. */
  List<ViewRowChange> select(Predicate<ViewRowChange> which) {
    List<ViewRowChange> selected = new ArrayList<>();
    for (ViewRowChange change : changes) {
      if (which.test(change)) {
        selected.add(change);
      }
    }
    return selected;
  }

  /**
   * The changes whose step four may be sent at time {@code now} ({@link SettleWindow}): on a view
   * that is not unique, the settles of rows written only within the write's window ({@link
   * #sendBy}), and the retirements only once every settle of the writes before this one has landed
   * (until then a retired row stays unverified, under this write's status, and a reader retires it
   * later); on a unique view, whose settles are check-and-mutates on this write's status, all of
   * them.
   */
  public List<ViewRowChange> dueSettles(long now, long leaseMillis) {
    boolean retire = SettleWindow.landed(previousWrite, now, leaseMillis);
    // a unique view's check-and-mutates have no deadline (sendBy): always due
    return select(change -> isRetirement(change) ? retire : now < sendBy(change, leaseMillis));
  }

  /**
   * Whether {@code change} retires a row of a view that is not unique: plain mutations, due once
   * every settle of the writes before has landed ({@link SettleWindow#landed}).
   */
  private static boolean isRetirement(ViewRowChange change) {
    return !change.view().isUnique() && change.kind() == ViewRowChange.Kind.RETIRE;
  }

  /**
   * When the step four of {@code change} may no longer be sent, the deadline of its call: the end
   * of the write's settle window for the settle of a row written in a view that is not unique, and
   * never ({@link Long#MAX_VALUE}) for a retirement or a unique view's check-and-mutate, which a
   * late arrival cannot make wrong.
   */
  public long sendBy(ViewRowChange change, long leaseMillis) {
    return change.view().isUnique() || isRetirement(change)
        ? Long.MAX_VALUE
        : SettleWindow.windowEnd(write.timestamp(), leaseMillis);
  }
}
