package dev.rowan.mapping.codec;

import java.util.Arrays;

/**
 * A growable byte buffer that key codecs append their encodings to.
 *
 * <p>Thread-safety: not thread-safe; use one writer per key being built.
 *
 * @since 0.1
 */
public final class KeyWriter {

  private byte[] bytes;
  private int position;

  /** A writer with room for {@code capacity} bytes before it grows. */
  public KeyWriter(int capacity) {
    this.bytes = new byte[Math.max(capacity, 8)];
  }

  /** The number of bytes written so far. */
  public int position() {
    return position;
  }

  /** Appends one byte. */
  public KeyWriter put(int b) {
    ensure(1);
    bytes[position++] = (byte) b;
    return this;
  }

  /** Appends {@code length} bytes of {@code source} from {@code offset}. */
  public KeyWriter put(byte[] source, int offset, int length) {
    ensure(length);
    System.arraycopy(source, offset, bytes, position, length);
    position += length;
    return this;
  }

  /** Appends all of {@code source}. */
  public KeyWriter put(byte[] source) {
    return put(source, 0, source.length);
  }

  /** Appends a big-endian short. */
  public KeyWriter putShort(int value) {
    ensure(2);
    bytes[position++] = (byte) (value >>> 8);
    bytes[position++] = (byte) value;
    return this;
  }

  /** Appends a big-endian int. */
  public KeyWriter putInt(int value) {
    ensure(4);
    bytes[position++] = (byte) (value >>> 24);
    bytes[position++] = (byte) (value >>> 16);
    bytes[position++] = (byte) (value >>> 8);
    bytes[position++] = (byte) value;
    return this;
  }

  /** Appends a big-endian long. */
  public KeyWriter putLong(long value) {
    ensure(8);
    for (int shift = 56; shift >= 0; shift -= 8) {
      bytes[position++] = (byte) (value >>> shift);
    }
    return this;
  }

  /** Flips every bit written from {@code from} on: the descending form of those bytes. */
  public void invertFrom(int from) {
    for (int i = from; i < position; i++) {
      bytes[i] = (byte) ~bytes[i];
    }
  }

  /** Drops everything written from {@code length} on. */
  public void truncate(int length) {
    if (length < 0 || length > position) {
      throw new IndexOutOfBoundsException("cannot truncate " + position + " bytes to " + length);
    }
    position = length;
  }

  /** Overwrites the byte at {@code index}, which must already have been written. */
  public void set(int index, int b) {
    if (index >= position) {
      throw new IndexOutOfBoundsException(index + " is past the " + position + " bytes written");
    }
    bytes[index] = (byte) b;
  }

  /** Returns the byte at {@code index}, which must already have been written. */
  public byte get(int index) {
    if (index >= position) {
      throw new IndexOutOfBoundsException(index + " is past the " + position + " bytes written");
    }
    return bytes[index];
  }

  /** A copy of the bytes written. */
  public byte[] toByteArray() {
    return Arrays.copyOf(bytes, position);
  }

  /** A copy of the bytes written from {@code from} on. */
  public byte[] copyFrom(int from) {
    return Arrays.copyOfRange(bytes, from, position);
  }

  private void ensure(int more) {
    if (position + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, position + more));
    }
  }
}
