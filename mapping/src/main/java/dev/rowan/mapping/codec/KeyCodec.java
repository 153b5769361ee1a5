package dev.rowan.mapping.codec;

import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * An order-preserving, self-delimiting encoding of one key part: for any two values the unsigned
 * byte order of their encodings equals the order of the values, and a decoder reads exactly the
 * bytes its encoder wrote, so parts can follow each other in a composite key without one running
 * into the next.
 *
 * <p>Codecs throw {@link IllegalArgumentException} with a reason for a value they cannot encode;
 * the caller adds the name of the field.
 *
 * <p>Thread-safety: implementations must be immutable and thread-safe.
 *
 * @param <V> the type of the values encoded
 * @since 0.1
 */
public interface KeyCodec<V> {

  /** Appends the encoding of {@code value} (never null) to {@code out}. */
  void encode(V value, KeyWriter out);

  /** Reads one encoded value from {@code in}, consuming exactly the bytes {@link #encode} wrote. */
  V decode(KeyReader in);

  /** The width of every encoding in bytes, or -1 when encodings vary in length. */
  default int fixedWidth() {
    return -1;
  }

  /** How the byte order of encodings follows the natural order of values. */
  enum Order {
    /** Smaller values have smaller encodings. */
    ASCENDING,
    /** Smaller values have greater encodings ({@code @Descending}). */
    DESCENDING,
    /**
     * Byte order follows no order of the values a query could ask for (reversed strings, enum
     * names).
     */
    NONE;

    /** The order of the same encodings, inverted byte by byte. */
    public Order inverted() {
      return this == ASCENDING ? DESCENDING : this == DESCENDING ? ASCENDING : NONE;
    }
  }

  /** How the byte order of this codec's encodings follows the order of values. */
  default Order order() {
    return Order.ASCENDING;
  }

  /**
   * Where {@code value}, which this codec refuses to encode, lies among the values it encodes, in
   * the order of values ({@link ValueOrder}, whatever the byte order): negative when it is below
   * all of them, positive when above all of them, 0 when neither or unknown. A query bound outside
   * the domain of a key part clamps to it instead of failing.
   */
  default int outsideOf(V value) {
    return 0;
  }

  /**
   * The bytes that every encoding of a string starting with {@code prefix} starts with, or {@code
   * null} when this codec encodes no strings or has no such bytes.
   */
  default byte @Nullable [] prefixOf(String prefix) {
    return null;
  }

  /**
   * The length of the cycle in which this codec's key positions repeat ({@code @Cyclic}), or {@code
   * null} for a codec whose keys do not repeat.
   */
  default @Nullable Duration cycle() {
    return null;
  }

  /**
   * Why a range query from {@code low} to {@code high} (either null for an open end) cannot be read
   * from this codec's keys, or {@code null} when it can. Only a cyclic codec refuses ranges: open
   * ones, ones that wrap the end of a cycle and ones longer than a cycle.
   */
  default @Nullable String rangeProblem(@Nullable V low, @Nullable V high) {
    return null;
  }
}
