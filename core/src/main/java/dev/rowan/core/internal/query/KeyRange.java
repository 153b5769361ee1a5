package dev.rowan.core.internal.query;

import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.KeyWriter;
import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;

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
   * The keys that start with {@code prefix} and whose next part, {@code part}, satisfies
   * {@code range} with the method arguments {@code args}. For a {@code @Descending} part the
   * greatest value has the smallest encoding, so the value bounds swap ends.
   */
  public static KeyRange of(byte[] prefix, PropertyModel part, Condition range, Object[] args) {
    Object first = args[range.parameter()];
    KeyCodec<Object> codec = part.keyCodec();
    if (range.keyword() == Keyword.STARTING_WITH) {
      byte[] start = Bytes.add(prefix, codec.prefixOf((String) first));
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
    if (codec.order() == KeyCodec.Order.DESCENDING) {
      Object swap = low;
      low = high;
      high = swap;
      boolean inclusive = lowInclusive;
      lowInclusive = highInclusive;
      highInclusive = inclusive;
    }
    byte[] start = low == null ? prefix : lowInclusive ? encode(prefix, codec, low) : after(encode(prefix, codec, low));
    byte[] stop = high == null ? after(prefix) : highInclusive ? after(encode(prefix, codec, high)) : encode(prefix, codec, high);
    return new KeyRange(start, stop);
  }

  /** Whether no key lies in the range. */
  public boolean isEmpty() {
    return stop.length > 0 && Arrays.compareUnsigned(start, stop) >= 0;
  }

  /**
   * The smallest key greater than every key that starts with {@code prefix}, or empty when there
   * is none: the prefix without its trailing {@code FF} bytes, last byte plus one.
   */
  public static byte[] after(byte[] prefix) {
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

  private static byte[] encode(byte[] prefix, KeyCodec<Object> codec, Object value) {
    KeyWriter out = new KeyWriter(prefix.length + 16);
    out.put(prefix);
    codec.encode(value, out);
    return out.toByteArray();
  }
}
