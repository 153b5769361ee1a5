package dev.rowan.mapping.codec;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The standard key codecs: one order-preserving encoding for each supported type, and the
 * transforms that wrap them ({@link #descending}, {@link #reversed}, fixed widths).
 *
 * <p>Encodings, in brief (docs/row-keys.md has the full table): whole numbers, floating point
 * numbers and times are fixed-width big-endian with the sign bit flipped; strings, byte arrays and
 * enum names are escaped ({@code 00} becomes {@code 00 FF}) and end in {@code 00 01}; BigDecimal is
 * a sign byte, an exponent and decimal digits. Strings therefore sort by Unicode code point, and
 * enums by name, so that reordering enum constants never reorders stored keys.
 *
 * <p>Thread-safety: all codecs returned are immutable and thread-safe.
 *
 * @since 0.1
 */
public final class KeyCodecs {

  private KeyCodecs() {}

  private static final Map<Class<?>, KeyCodec<?>> NATURAL = new HashMap<>();

  static {
    NATURAL.put(String.class, (KeyCodec<?>) StringKeyCodec.INSTANCE);
    NATURAL.put(byte[].class, (KeyCodec<?>) BytesKeyCodec.INSTANCE);
    NATURAL.put(Boolean.class, (KeyCodec<?>) FixedKeyCodecs.BOOLEAN);
    NATURAL.put(boolean.class, (KeyCodec<?>) FixedKeyCodecs.BOOLEAN);
    NATURAL.put(Byte.class, (KeyCodec<?>) FixedKeyCodecs.BYTE);
    NATURAL.put(byte.class, (KeyCodec<?>) FixedKeyCodecs.BYTE);
    NATURAL.put(Short.class, (KeyCodec<?>) FixedKeyCodecs.SHORT);
    NATURAL.put(short.class, (KeyCodec<?>) FixedKeyCodecs.SHORT);
    NATURAL.put(Character.class, (KeyCodec<?>) FixedKeyCodecs.CHAR);
    NATURAL.put(char.class, (KeyCodec<?>) FixedKeyCodecs.CHAR);
    NATURAL.put(Integer.class, (KeyCodec<?>) FixedKeyCodecs.INT);
    NATURAL.put(int.class, (KeyCodec<?>) FixedKeyCodecs.INT);
    NATURAL.put(Long.class, (KeyCodec<?>) FixedKeyCodecs.LONG);
    NATURAL.put(long.class, (KeyCodec<?>) FixedKeyCodecs.LONG);
    NATURAL.put(Float.class, (KeyCodec<?>) FixedKeyCodecs.FLOAT);
    NATURAL.put(float.class, (KeyCodec<?>) FixedKeyCodecs.FLOAT);
    NATURAL.put(Double.class, (KeyCodec<?>) FixedKeyCodecs.DOUBLE);
    NATURAL.put(double.class, (KeyCodec<?>) FixedKeyCodecs.DOUBLE);
    NATURAL.put(Instant.class, (KeyCodec<?>) FixedKeyCodecs.INSTANT);
    NATURAL.put(LocalDate.class, (KeyCodec<?>) FixedKeyCodecs.LOCAL_DATE);
    NATURAL.put(LocalDateTime.class, (KeyCodec<?>) FixedKeyCodecs.LOCAL_DATE_TIME);
    NATURAL.put(UUID.class, (KeyCodec<?>) FixedKeyCodecs.UUID);
    NATURAL.put(BigDecimal.class, (KeyCodec<?>) BigDecimalKeyCodec.INSTANCE);
  }

  /** The natural order-preserving codec of {@code type}, or {@code null} when the type has none. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <V> @Nullable KeyCodec<V> natural(Class<V> type) {
    if (type.isEnum()) {
      return new EnumKeyCodec(type);
    }
    return (KeyCodec<V>) NATURAL.get(type);
  }

  /** Whether {@code type} has a natural key codec. */
  public static boolean supports(Class<?> type) {
    return type.isEnum() || NATURAL.containsKey(type);
  }

  /** The same encoding with every byte inverted: largest (newest) first. */
  public static <V> KeyCodec<V> descending(KeyCodec<V> codec) {
    return codec instanceof DescendingKeyCodec
        ? ((DescendingKeyCodec<V>) codec).inner()
        : new DescendingKeyCodec<>(codec);
  }

  /** Strings stored reversed, by code point, then encoded with {@code codec}. */
  public static KeyCodec<String> reversed(KeyCodec<String> codec) {
    return new ReversedKeyCodec(codec);
  }

  /** Strings padded with zero bytes to exactly {@code width} bytes of UTF-8. */
  public static KeyCodec<String> fixedLengthString(int width) {
    return new FixedLengthKeyCodecs.Text(width);
  }

  /** Enum names padded with zero bytes to exactly {@code width} bytes. */
  public static <E extends Enum<E>> KeyCodec<E> fixedLengthEnum(Class<E> type, int width) {
    return new FixedLengthKeyCodecs.EnumName<>(type, width);
  }

  /** Byte arrays of exactly {@code width} bytes. */
  public static KeyCodec<byte[]> fixedLengthBytes(int width) {
    return new FixedLengthKeyCodecs.Binary(width);
  }

  /**
   * Non-negative whole numbers as {@code width} zero-padded ASCII digits, readable in the HBase
   * shell; when {@code descending}, as the nines' complement, which stays readable.
   */
  public static <V extends Number> KeyCodec<V> decimalDigits(
      Class<V> type, int width, boolean descending) {
    return new DecimalDigitsKeyCodec<>(type, width, descending);
  }

  /**
   * Times stored as their position in a cycle of {@code period}, then the number of the cycle
   * ({@code @Cyclic}): {@code type} is {@code Instant} (a period of whole seconds) or {@code
   * LocalDate} (whole days).
   *
   * @throws IllegalArgumentException for another type or a period that is not a positive whole
   *     number of seconds (days for a date)
   */
  @SuppressWarnings("unchecked")
  public static <V> KeyCodec<V> cyclic(Class<V> type, Duration period) {
    if (type == Instant.class) {
      return (KeyCodec<V>) new CyclicKeyCodec.OfInstant(period);
    }
    if (type == LocalDate.class) {
      return (KeyCodec<V>) new CyclicKeyCodec.OfLocalDate(period);
    }
    throw new IllegalArgumentException(
        "only an Instant or a LocalDate can be cyclic, not " + type.getName());
  }
}
