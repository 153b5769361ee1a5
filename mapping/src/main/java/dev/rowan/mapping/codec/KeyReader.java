package dev.rowan.mapping.codec;

import java.nio.charset.StandardCharsets;
import org.jspecify.annotations.Nullable;

/**
 * Reads encoded key parts from a slice of a byte array, one part after the other. In descending
 * mode every byte read is inverted, so that a codec decodes the descending form of its own encoding
 * without knowing about it.
 *
 * <p>Thread-safety: not thread-safe; use one reader per key being read.
 *
 * @since 0.1
 */
public final class KeyReader {

  private final byte[] bytes;
  private final int limit;
  private int position;
  private boolean inverted;

  /** A reader over {@code length} bytes of {@code bytes} from {@code offset}. */
  public KeyReader(byte[] bytes, int offset, int length) {
    this.bytes = bytes;
    this.position = offset;
    this.limit = offset + length;
  }

  /** A reader over all of {@code bytes}. */
  public KeyReader(byte[] bytes) {
    this(bytes, 0, bytes.length);
  }

  /** The index of the next byte to read in the underlying array. */
  public int position() {
    return position;
  }

  /** The number of bytes left to read. */
  public int remaining() {
    return limit - position;
  }

  /** Whether the bytes read are inverted (descending mode). */
  public boolean inverted() {
    return inverted;
  }

  /** Switches descending mode on or off and returns the previous mode. */
  public boolean inverted(boolean on) {
    boolean previous = inverted;
    inverted = on;
    return previous;
  }

  /** Moves past {@code count} bytes. */
  public void skip(int count) {
    require(count);
    position += count;
  }

  /** Reads one byte as an unsigned value. */
  public int get() {
    require(1);
    int b = bytes[position++];
    return (inverted ? ~b : b) & 0xFF;
  }

  /** Returns the next byte, unsigned, without moving past it. */
  public int peek() {
    require(1);
    int b = bytes[position];
    return (inverted ? ~b : b) & 0xFF;
  }

  /** Reads a big-endian short as an unsigned value. */
  public int getShort() {
    return (get() << 8) | get();
  }

  /** Reads a big-endian int. */
  public int getInt() {
    return (get() << 24) | (get() << 16) | (get() << 8) | get();
  }

  /** Reads a big-endian long. */
  public long getLong() {
    long value = 0;
    for (int i = 0; i < 8; i++) {
      value = (value << 8) | get();
    }
    return value;
  }

  /** Reads {@code length} bytes into a new array. */
  public byte[] getBytes(int length) {
    require(length);
    byte[] out = new byte[length];
    for (int i = 0; i < length; i++) {
      int b = bytes[position + i];
      out[i] = (byte) (inverted ? ~b : b);
    }
    position += length;
    return out;
  }

  /**
   * Reads an escaped, terminated part ({@link Escaped}) that holds no escaped zero as UTF-8 text,
   * straight from the key's bytes; null, having read nothing, when the part is inverted or holds an
   * escape, which {@link Escaped#read} then decodes.
   */
  @Nullable String utf8UntilTerminator() {
    if (inverted) {
      return null;
    }
    for (int i = position; i < limit; i++) {
      if (bytes[i] == Escaped.ESCAPE) {
        if (i + 1 < limit && bytes[i + 1] == Escaped.TERMINATOR) {
          String text = new String(bytes, position, i - position, StandardCharsets.UTF_8);
          position = i + 2;
          return text;
        }
        return null;
      }
    }
    return null;
  }

  private void require(int count) {
    if (count > limit - position) {
      throw new IllegalArgumentException(
          "the key ends "
              + (count - (limit - position))
              + " bytes too early at offset "
              + position);
    }
  }
}
