package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.KeyWriter;
import java.util.Arrays;
import java.util.Objects;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * A range of row keys, {@code [start, stop)}: the keys that start with a bound prefix and whose
 * next part satisfies a range condition. An empty {@code stop} means the end of the table.
 *
 * @param start the first key of the range (inclusive)
 * @param stop the key just past the range (exclusive), or empty for no end
 */
public record KeyRange(byte[] start, byte[] stop) {

  /** The keys that start with {@code prefix}. */
  public static KeyRange prefix(byte[] prefix) {
    return new KeyRange(prefix, after(prefix));
  }

  /**
   * The keys that start with {@code prefix} and whose next part, {@code part}, satisfies {@code
   * range} with the method arguments {@code args}. For a {@code @Descending} part the greatest
   * value has the smallest encoding, so the value bounds swap ends.
   *
   * <p>A bound the part cannot encode clamps to the part's domain: below every value the part holds
   * (a negative number on a {@code @FixedLength} decimal part), a lower bound is no bound and an
   * upper bound leaves the range empty; above every value, the reverse; neither (a string longer
   * than a {@code @FixedLength} width), it is no bound, and the conditions checked on each entity
   * read decide. A range is never narrower than its condition.
   */
  public static KeyRange of(byte[] prefix, PropertyModel part, Condition range, Object[] args) {
    Object first = args[range.parameter()];
    KeyCodec<Object> codec = part.keyCodec();
    if (range.keyword() == Keyword.STARTING_WITH) {
      byte[] start =
          Bytes.add(
              prefix,
              Objects.requireNonNull(codec, "a key part has a key codec").prefixOf((String) first));
      return new KeyRange(start, after(start));
    }
    Object low = null;
    Object high = null;
    boolean lowInclusive = true;
    boolean highInclusive = true;
    switch (range.keyword()) {
      case BETWEEN -> {
        low = first;
        high = args[range.parameter() + 1];
      }
      case GREATER_THAN -> {
        low = first;
        lowInclusive = false;
      }
      case GREATER_THAN_EQUAL -> low = first;
      case LESS_THAN -> {
        high = first;
        highInclusive = false;
      }
      case LESS_THAN_EQUAL -> high = first;
      default -> throw new IllegalArgumentException(range.keyword() + " does not bound a range");
    }
    byte[] lowKey = low == null ? null : encode(prefix, codec, low);
    byte[] highKey = high == null ? null : encode(prefix, codec, high);
    if ((low != null
            && lowKey == null
            && Objects.requireNonNull(codec, "a key part has a key codec").outsideOf(low) > 0)
        || (high != null
            && highKey == null
            && Objects.requireNonNull(codec, "a key part has a key codec").outsideOf(high) < 0)) {
      return empty(prefix);
    }
    if (Objects.requireNonNull(codec, "a key part has a key codec").order()
        == KeyCodec.Order.DESCENDING) {
      byte[] swap = lowKey;
      lowKey = highKey;
      highKey = swap;
      boolean inclusive = lowInclusive;
      lowInclusive = highInclusive;
      highInclusive = inclusive;
    }
    byte[] start = lowKey == null ? prefix : lowInclusive ? lowKey : after(lowKey);
    if (start.length == 0 && lowKey != null) {
      return empty(
          prefix); // nothing follows a bound of only FF bytes, as "" on a @Descending @FixedLength
      // part
    }
    byte[] stop = highKey == null ? after(prefix) : highInclusive ? after(highKey) : highKey;
    return new KeyRange(start, stop);
  }

  /** A range that holds no key. */
  private static KeyRange empty(byte[] prefix) {
    byte[] key = Bytes.add(prefix, new byte[] {0});
    return new KeyRange(key, key);
  }

  /** Whether no key lies in the range. */
  public boolean isEmpty() {
    return stop.length > 0 && Arrays.compareUnsigned(start, stop) >= 0;
  }

  /**
   * The smallest key greater than every key that starts with {@code prefix}, or empty when there is
   * none: the prefix without its trailing {@code FF} bytes, last byte plus one.
   */
  static byte[] after(byte[] prefix) {
    int end = prefix.length;
    while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
      end--;
    }
    if (end == 0) {
      return new byte[0];
    }
    byte[] next = Arrays.copyOf(prefix, end);
    next[end - 1]++;
    return next;
  }

  /**
   * {@code prefix} followed by the encoding of {@code value}, or null when the codec refuses the
   * value.
   */
  private static byte @Nullable [] encode(
      byte[] prefix, @Nullable KeyCodec<Object> codec, Object value) {
    KeyWriter out = new KeyWriter(prefix.length + 16);
    out.put(prefix);
    try {
      Objects.requireNonNull(codec, "a key part has a key codec").encode(value, out);
    } catch (IllegalArgumentException outsideTheDomain) {
      return null;
    }
    return out.toByteArray();
  }
}
