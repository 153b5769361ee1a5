package dev.rowan.mapping.codec;

/**
 * The encoding of a column value in a cell. Unlike a {@link KeyCodec}, it need not preserve order;
 * the standard codecs write what {@code org.apache.hadoop.hbase.util.Bytes} writes, so hand-written
 * code and the HBase shell read the same cells.
 *
 * <p>Thread-safety: implementations must be immutable and thread-safe.
 *
 * @param <V> the type of the values encoded
 * @since 0.1
 */
public interface ValueCodec<V> {

  /** The cell value of {@code value} (never null). */
  byte[] encode(V value);

  /** The value of {@code length} bytes of {@code bytes} from {@code offset}. */
  V decode(byte[] bytes, int offset, int length);
}
