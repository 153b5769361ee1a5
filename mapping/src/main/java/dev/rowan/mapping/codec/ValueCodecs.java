package dev.rowan.mapping.codec;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.jspecify.annotations.Nullable;

/**
 * The standard cell value codecs. Numbers, booleans, strings and BigDecimal are written as {@code
 * org.apache.hadoop.hbase.util.Bytes} writes them; times are written losslessly (Instant and
 * LocalDateTime as 8 bytes of epoch seconds and 4 of nanoseconds, LocalDate as its epoch day in 8
 * bytes), UUIDs as their 16 bytes, enums by name.
 *
 * <p>Thread-safety: all codecs returned are immutable and thread-safe.
 *
 * @since 0.1
 */
public final class ValueCodecs {

  private ValueCodecs() {}

  private static final Map<Class<?>, ValueCodec<?>> STANDARD = new HashMap<>();

  static {
    STANDARD.put(String.class, (ValueCodec<?>) StandardValueCodecs.STRING);
    STANDARD.put(byte[].class, (ValueCodec<?>) StandardValueCodecs.BYTES);
    STANDARD.put(Boolean.class, (ValueCodec<?>) StandardValueCodecs.BOOLEAN);
    STANDARD.put(boolean.class, (ValueCodec<?>) StandardValueCodecs.BOOLEAN);
    STANDARD.put(Byte.class, (ValueCodec<?>) StandardValueCodecs.BYTE);
    STANDARD.put(byte.class, (ValueCodec<?>) StandardValueCodecs.BYTE);
    STANDARD.put(Short.class, (ValueCodec<?>) StandardValueCodecs.SHORT);
    STANDARD.put(short.class, (ValueCodec<?>) StandardValueCodecs.SHORT);
    STANDARD.put(Character.class, (ValueCodec<?>) StandardValueCodecs.CHAR);
    STANDARD.put(char.class, (ValueCodec<?>) StandardValueCodecs.CHAR);
    STANDARD.put(Integer.class, (ValueCodec<?>) StandardValueCodecs.INT);
    STANDARD.put(int.class, (ValueCodec<?>) StandardValueCodecs.INT);
    STANDARD.put(Long.class, (ValueCodec<?>) StandardValueCodecs.LONG);
    STANDARD.put(long.class, (ValueCodec<?>) StandardValueCodecs.LONG);
    STANDARD.put(Float.class, (ValueCodec<?>) StandardValueCodecs.FLOAT);
    STANDARD.put(float.class, (ValueCodec<?>) StandardValueCodecs.FLOAT);
    STANDARD.put(Double.class, (ValueCodec<?>) StandardValueCodecs.DOUBLE);
    STANDARD.put(double.class, (ValueCodec<?>) StandardValueCodecs.DOUBLE);
    STANDARD.put(BigDecimal.class, (ValueCodec<?>) StandardValueCodecs.BIG_DECIMAL);
    STANDARD.put(Instant.class, (ValueCodec<?>) StandardValueCodecs.INSTANT);
    STANDARD.put(LocalDate.class, (ValueCodec<?>) StandardValueCodecs.LOCAL_DATE);
    STANDARD.put(LocalDateTime.class, (ValueCodec<?>) StandardValueCodecs.LOCAL_DATE_TIME);
    STANDARD.put(UUID.class, (ValueCodec<?>) StandardValueCodecs.UUID);
  }

  /** The standard codec of {@code type}, or {@code null} when the type has none. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <V> @Nullable ValueCodec<V> standard(Class<V> type) {
    if (type.isEnum()) {
      return new EnumValueCodec(type);
    }
    return (ValueCodec<V>) STANDARD.get(type);
  }

  /** Whether {@code type} has a standard value codec. */
  public static boolean supports(Class<?> type) {
    return type.isEnum() || STANDARD.containsKey(type);
  }
}
