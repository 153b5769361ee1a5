package dev.rowan.core.internal.query.plan;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Maps a range of values onto ranges of the unsigned bytes of their cells, the only order a region
 * server's comparators know. Where a type's cells sort as its values do (strings, byte arrays,
 * chars) the value range is one byte range. Where the first bit of a fixed-width cell is a two's
 * complement sign (byte, short, int, long, and the epoch seconds or days that lead the cells of
 * Instant, LocalDateTime and LocalDate), negative values' cells start at {@code 0x80} and sort
 * after every non-negative one's, but within each sign cells sort as values do; a value range is
 * then at most two byte ranges:
 *
 * <pre>
 *   x >= 5    [enc(5), 0x80)                     both bounds of one sign: one range
 *   x <= -5   [0x80, enc(-5)]
 *   x < 5     [0x80, ...) or [..., enc(5))       a negative low end and a non-negative high end
 *   x > -5    (enc(-5), ...) or [..., 0x80)
 * </pre>
 *
 * <p>{@code 0x80} stands for the one-byte array {@code {0x80}}: every cell of a fixed width whose
 * first byte is below it sorts below it, and every cell whose first byte is {@code 0x80} or above
 * sorts at or above it. Thread-safety: stateless.
 */
final class CellRanges {

  /** The first cell of a negative value, as a bound: {@code {0x80}}. */
  static final byte[] SIGN = {(byte) 0x80};

  private CellRanges() {}

  /**
   * A range of cells: those at or above {@code low} ({@code above} {@code low} when not {@code
   * lowInclusive}) and below or at {@code high}; a null bound is no bound.
   */
  record Range(
      byte @Nullable [] low, boolean lowInclusive, byte @Nullable [] high, boolean highInclusive) {}

  /**
   * The byte ranges of the cells whose values lie between the encoded bounds {@code low} and {@code
   * high} (null for none); a cell matches when it lies in any of them. Empty when no value can
   * match: a signed range whose low end is non-negative and whose high end is negative.
   *
   * @param signed whether the first bit of the cells is a two's complement sign; else the cells
   *     sort as their values do
   */
  static List<Range> of(
      byte @Nullable [] low,
      boolean lowInclusive,
      byte @Nullable [] high,
      boolean highInclusive,
      boolean signed) {
    if (!signed) {
      return List.of(new Range(low, lowInclusive, high, highInclusive));
    }
    boolean lowNegative =
        low == null || negative(low); // no low bound: from the least (negative) value
    boolean highNegative =
        high != null && negative(high); // no high bound: to the greatest (non-negative) one
    if (lowNegative == highNegative) {
      if (lowNegative) { // both ends negative: within [0x80, ...)
        return List.of(
            new Range(low == null ? SIGN : low, low == null || lowInclusive, high, highInclusive));
      }
      return List.of(
          new Range(low, lowInclusive, high == null ? SIGN : high, high != null && highInclusive));
    }
    if (!lowNegative) { // non-negative to negative: the low end is above the high end
      return List.of();
    }
    // negative to non-negative: the negatives from low, then the non-negatives up to high
    return List.of(
        new Range(low == null ? SIGN : low, low == null || lowInclusive, null, false),
        new Range(null, false, high == null ? SIGN : high, high != null && highInclusive));
  }

  private static boolean negative(byte[] cell) {
    return cell.length > 0 && (cell[0] & 0x80) != 0;
  }
}
