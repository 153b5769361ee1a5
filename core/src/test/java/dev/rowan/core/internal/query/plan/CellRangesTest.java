package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Value ranges as byte ranges of cells, checked for ranges bounded at the ends, at the sign change
 * and in between, on every value of a one-byte domain and the turning points of a two-byte one, signed (two's complement) and unsigned: a cell lies in the byte ranges
 * exactly when its value lies in the value range.
 */
class CellRangesTest {

  @Test
  void aSignedByteRangeHoldsExactlyTheCellsOfItsValues() {
    checkEveryRange(Byte.MIN_VALUE, Byte.MAX_VALUE, 1, true);
  }

  @Test
  void anUnsignedByteRangeHoldsExactlyTheCellsOfItsValues() {
    checkEveryRange(0, 255, 1, false);
  }

  @Test
  void aSignedShortRangeHoldsExactlyTheCellsOfItsValuesAroundTheSignAndTheEnds() {
    // every bound and value near MIN, -1, 0 and MAX, where the two's complement bytes turn over
    int[] interesting = {Short.MIN_VALUE, Short.MIN_VALUE + 1, -257, -256, -255, -2, -1, 0, 1, 255, 256,
        Short.MAX_VALUE - 1, Short.MAX_VALUE};
    for (Integer low : bounds(interesting)) {
      for (Integer high : bounds(interesting)) {
        for (boolean lowInclusive : List.of(true, false)) {
          for (boolean highInclusive : List.of(true, false)) {
            List<CellRanges.Range> ranges = CellRanges.of(cell(low, 2), lowInclusive, cell(high, 2), highInclusive, true);
            for (int value : interesting) {
              assertEquals(inRange(value, low, lowInclusive, high, highInclusive), inAny(ranges, cell(value, 2)),
                  describe(value, low, lowInclusive, high, highInclusive));
            }
          }
        }
      }
    }
  }

  @Test
  void aSignedRangeIsAtMostTwoByteRangesAndOneWhenBothEndsHaveOneSign() {
    assertEquals(1, CellRanges.of(cell(5, 8), true, null, false, true).size(), "x >= 5");
    assertEquals(2, CellRanges.of(null, false, cell(5, 8), false, true).size(), "x < 5: the negatives too");
    assertEquals(1, CellRanges.of(null, false, cell(-5, 8), true, true).size(), "x <= -5");
    assertEquals(2, CellRanges.of(cell(-5, 8), false, null, false, true).size(), "x > -5: the non-negatives too");
    assertEquals(List.of(), CellRanges.of(cell(5, 8), true, cell(-5, 8), true, true), "5 <= x <= -5: nothing");
  }

  private static void checkEveryRange(int min, int max, int width, boolean signed) {
    // bounds at and next to each end and to the sign change, and every 13th value; every value tested
    List<Integer> bounds = bounds(java.util.stream.IntStream.rangeClosed(min, max)
        .filter(v -> v <= min + 1 || v >= max - 1 || Math.abs(v) <= 1 || Math.abs(v - 128) <= 1 || v % 13 == 0)
        .toArray());
    for (Integer low : bounds) {
      for (Integer high : bounds) {
        for (boolean lowInclusive : List.of(true, false)) {
          for (boolean highInclusive : List.of(true, false)) {
            List<CellRanges.Range> ranges = CellRanges.of(cell(low, width), lowInclusive, cell(high, width),
                highInclusive, signed);
            assertTrue(ranges.size() <= 2);
            for (int value = min; value <= max; value++) {
              assertEquals(inRange(value, low, lowInclusive, high, highInclusive), inAny(ranges, cell(value, width)),
                  describe(value, low, lowInclusive, high, highInclusive));
            }
          }
        }
      }
    }
  }

  /** The values as bounds, and null for no bound. */
  private static List<Integer> bounds(int[] values) {
    List<Integer> bounds = new java.util.ArrayList<>(Arrays.stream(values).boxed().toList());
    bounds.add(null);
    return bounds;
  }

  /** The big-endian cell of {@code value} in {@code width} bytes, as {@code Bytes.toBytes} writes it; null for null. */
  private static byte[] cell(Integer value, int width) {
    if (value == null) {
      return null;
    }
    byte[] cell = new byte[width];
    for (int i = 0; i < width; i++) {
      cell[i] = (byte) (value >> (8 * (width - 1 - i)));
    }
    return cell;
  }

  private static boolean inRange(int value, Integer low, boolean lowInclusive, Integer high, boolean highInclusive) {
    boolean above = low == null || (lowInclusive ? value >= low : value > low);
    boolean below = high == null || (highInclusive ? value <= high : value < high);
    return above && below;
  }

  /** Whether {@code cell} lies in one of {@code ranges}, compared as a region server's BinaryComparator does. */
  private static boolean inAny(List<CellRanges.Range> ranges, byte[] cell) {
    for (CellRanges.Range range : ranges) {
      int low = range.low() == null ? 1 : Arrays.compareUnsigned(cell, range.low());
      int high = range.high() == null ? -1 : Arrays.compareUnsigned(cell, range.high());
      if ((range.lowInclusive() ? low >= 0 : low > 0) && (range.highInclusive() ? high <= 0 : high < 0)) {
        return true;
      }
    }
    return false;
  }

  private static String describe(int value, Integer low, boolean lowInclusive, Integer high, boolean highInclusive) {
    return value + " in " + (lowInclusive ? "[" : "(") + low + ", " + high + (highInclusive ? "]" : ")");
  }
}
