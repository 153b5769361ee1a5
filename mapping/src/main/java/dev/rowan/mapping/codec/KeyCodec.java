package dev.rowan.mapping.codec;

/**
 * An order-preserving, self-delimiting encoding of one key part: for any two values the
 * unsigned byte order of their encodings equals the order of the values, and a decoder reads
 * exactly the bytes its encoder wrote, so parts can follow each other in a composite key
 * without one running into the next.
 *
 * <p>Codecs throw {@link IllegalArgumentException} with a reason for a value they cannot
 * encode; the caller adds the name of the field.
 *
 * <p>Thread-safety: implementations must be immutable and thread-safe.
 *
 * @param <V> the type of the values encoded
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
}
