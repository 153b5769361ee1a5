package dev.rowan.core;

import java.time.Instant;

/**
 * A time range of writes, as the trailing {@code TimeRange} parameter of a find method on an entity
 * that keeps history (docs/queries.md, "Time ranges"): the method answers with the entities <em>as
 * they were at the range's end</em>, among those whose last write before the end falls within the
 * range. {@code TimeRange.before(t)} reads the table as it was at {@code t}; {@code
 * TimeRange.since(t)} the latest state of the entities written since {@code t}.
 *
 * @param from the first millisecond of the range (inclusive)
 * @param to the millisecond after the range (exclusive); {@code Long.MAX_VALUE} for no end
 * @since 0.1
 */
public record TimeRange(long from, long to) {

  /** Checks the bounds. */
  public TimeRange {
    if (from < 0 || to <= from) {
      throw new IllegalArgumentException(
          "a time range starts at 0 or later and ends after it starts, not ["
              + from
              + ", "
              + to
              + ")");
    }
  }

  /** The writes from {@code from} (inclusive) to {@code to} (exclusive). */
  public static TimeRange between(Instant from, Instant to) {
    return new TimeRange(from.toEpochMilli(), to.toEpochMilli());
  }

  /** Every write before {@code end}: the entities as they were then. */
  public static TimeRange before(Instant end) {
    return new TimeRange(0, end.toEpochMilli());
  }

  /** The writes since {@code from} (inclusive), with no end: the latest state. */
  public static TimeRange since(Instant from) {
    return new TimeRange(from.toEpochMilli(), Long.MAX_VALUE);
  }
}
