package dev.rowan.index;

/**
 * When the settle of a write may still land on its view row, and so when the cells of a row of a
 * view that is not unique may be deleted (docs/view-consistency.md, "The settle window").
 *
 * <p>A settle is a plain put: nothing conditions it on the row it lands on. A settle that lands
 * after a later write of its entity deleted the row (retired it, or a reader discarded it) is not
 * masked by the delete (every family has HBase's new version behavior), and would stand as a
 * verified row of an entity that has moved on. So settles land within a window of their write:
 *
 * <ul>
 *   <li>a writer sends the settles of a write only within one write lease of the write's timestamp,
 *       with a call deadline at the window's end ({@link #windowEnd}); a region server drops a call
 *       whose deadline has passed before a handler took it, and applies one a handler took within
 *       one more lease;
 *   <li>so every settle of a write at {@code t} has landed, or never will, by {@code t} plus two
 *       leases, and a view row's cells are deleted up to a timestamp only once that has passed for
 *       it ({@link #landed}): every write whose settle the delete could precede is at or below the
 *       newest status the delete removes.
 * </ul>
 *
 * <p>A unique view needs none of this: its settles and deletes are check-and-mutates on the status
 * they expect.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class SettleWindow {

  private SettleWindow() {}

  /**
   * When the settles of a write at {@code write} may no longer be sent: the deadline of their
   * calls.
   */
  public static long windowEnd(long write, long leaseMillis) {
    return write + leaseMillis;
  }

  /**
   * Whether at time {@code now} every settle of every write at or below {@code upTo} has landed or
   * never will: then a delete of a view row's cells up to {@code upTo} cannot precede one.
   */
  public static boolean landed(long upTo, long now, long leaseMillis) {
    return now - upTo > 2 * leaseMillis;
  }
}
