package dev.rowan.mapping.codec;

import java.util.Arrays;
import java.util.Comparator;
import org.jspecify.annotations.Nullable;

/**
 * The order in which queries compare values of a type: every range condition checked in the client,
 * every {@code StartingWith}, every {@code Between} bound and every sort in memory uses it, so that
 * a condition is checked in the order its key is encoded in. For every type with an ordered key
 * encoding it is the unsigned byte order of the natural key codec's encodings ({@link
 * KeyCodecs#natural}); {@code @Descending} parts encode the reverse of it, and fixed lengths keep
 * it.
 *
 * <ul>
 *   <li>strings by Unicode code point (the order of their UTF-8 bytes), not by UTF-16 unit as
 *       {@link String#compareTo} does: {@code "\uFFFF"} sorts before U+1F600;
 *   <li>byte arrays as unsigned bytes, a prefix first;
 *   <li>{@code BigDecimal} by value: {@code 1.0} and {@code 1.00} are equal;
 *   <li>floating point numbers as {@link Double#compare}: {@code -0.0 < 0.0}, NaN last;
 *   <li>enums by declaration order: their keys sort by name and take no range, so no key order is
 *       at stake, and declaration order is what {@link Enum#compareTo} says;
 *   <li>every other type by its {@link Comparable natural order}, which its key keeps.
 * </ul>
 *
 * <p>Thread-safety: the comparators are stateless.
 *
 * @since 0.1
 */
public final class ValueOrder {

  private static final Comparator<Object> CODE_POINTS =
      (a, b) -> compareCodePoints((String) a, (String) b);
  private static final Comparator<Object> UNSIGNED_BYTES =
      (a, b) -> Arrays.compareUnsigned((byte[]) a, (byte[]) b);
  private static final Comparator<Object> NATURAL = ValueOrder::natural;

  private ValueOrder() {}

  /**
   * The order of values of {@code type}, or {@code null} when the type has no key codec and so no
   * order Rowan knows.
   */
  public static @Nullable Comparator<Object> of(Class<?> type) {
    if (type == String.class) {
      return CODE_POINTS;
    }
    if (type == byte[].class) {
      return UNSIGNED_BYTES;
    }
    // BigDecimal.compareTo is by value; doubles and floats compare as Double.compare does
    return KeyCodecs.supports(type) ? NATURAL : null;
  }

  /** Compares two strings by Unicode code point, the order of their UTF-8 encodings. */
  public static int compareCodePoints(String a, String b) {
    int length = Math.min(a.length(), b.length());
    for (int i = 0; i < length; i++) {
      char x = a.charAt(i);
      char y = b.charAt(i);
      if (x != y) {
        // Only a surrogate against a unit at or above U+E000 compares otherwise by code point:
        // a surrogate starts a code point above U+FFFF, greater than every unit that is not one.
        boolean xSurrogate = Character.isSurrogate(x);
        boolean ySurrogate = Character.isSurrogate(y);
        if (xSurrogate != ySurrogate) {
          return xSurrogate ? 1 : -1;
        }
        return x - y;
      }
    }
    return a.length() - b.length();
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int natural(Object a, Object b) {
    return ((Comparable) a).compareTo(b);
  }
}
