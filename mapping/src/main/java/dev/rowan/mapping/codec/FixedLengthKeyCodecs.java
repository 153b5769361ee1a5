package dev.rowan.mapping.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/** Fixed-width key parts: no terminator, so a key of them stays readable and compact. */
final class FixedLengthKeyCodecs {

  private FixedLengthKeyCodecs() {}

  /** Writes {@code bytes} padded with zeros to {@code width}; zero bytes inside are refused. */
  private static void writePadded(byte[] bytes, int width, KeyWriter out) {
    if (bytes.length > width) {
      throw new IllegalArgumentException(
          "is " + bytes.length + " bytes long, longer than @FixedLength(" + width + ")");
    }
    for (byte b : bytes) {
      if (b == 0) {
        throw new IllegalArgumentException("contains U+0000, which a @FixedLength part pads with");
      }
    }
    out.put(bytes);
    for (int i = bytes.length; i < width; i++) {
      out.put(0);
    }
  }

  private static byte[] readPadded(KeyReader in, int width) {
    byte[] bytes = in.getBytes(width);
    int length = width;
    while (length > 0 && bytes[length - 1] == 0) {
      length--;
    }
    return length == width ? bytes : Arrays.copyOf(bytes, length);
  }

  /** Strings as UTF-8 padded with zero bytes. */
  static final class Text implements KeyCodec<String> {
    private final int width;

    Text(int width) {
      this.width = width;
    }

    @Override
    public void encode(String value, KeyWriter out) {
      writePadded(Utf8.encode(value), width, out);
    }

    @Override
    public String decode(KeyReader in) {
      return new String(readPadded(in, width), StandardCharsets.UTF_8);
    }

    @Override
    public int fixedWidth() {
      return width;
    }

    @Override
    public byte[] prefixOf(String prefix) {
      return Utf8.encode(prefix); // the value's bytes come first, the zero padding after
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Text && ((Text) other).width == width;
    }

    @Override
    public int hashCode() {
      return width;
    }
  }

  /** Enum names padded with zero bytes. */
  static final class EnumName<E extends Enum<E>> implements KeyCodec<E> {
    private final Class<E> type;
    private final int width;

    EnumName(Class<E> type, int width) {
      this.type = type;
      this.width = width;
    }

    @Override
    public void encode(E value, KeyWriter out) {
      writePadded(value.name().getBytes(StandardCharsets.UTF_8), width, out);
    }

    @Override
    public Order order() {
      return Order.NONE; // by name, not by the declaration order enums compare by
    }

    @Override
    public E decode(KeyReader in) {
      return EnumNames.valueOf(type, new String(readPadded(in, width), StandardCharsets.UTF_8));
    }

    @Override
    public int fixedWidth() {
      return width;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof EnumName
          && ((EnumName<?>) other).type == type
          && ((EnumName<?>) other).width == width;
    }

    @Override
    public int hashCode() {
      return type.hashCode() * 31 + width;
    }
  }

  /** Byte arrays of exactly the width: padding could not be told from trailing zeros. */
  static final class Binary implements KeyCodec<byte[]> {
    private final int width;

    Binary(int width) {
      this.width = width;
    }

    @Override
    public void encode(byte[] value, KeyWriter out) {
      if (value.length != width) {
        throw new IllegalArgumentException(
            "is "
                + value.length
                + " bytes long, but @FixedLength("
                + width
                + ") byte arrays must be exactly that long");
      }
      out.put(value);
    }

    @Override
    public byte[] decode(KeyReader in) {
      return in.getBytes(width);
    }

    @Override
    public int fixedWidth() {
      return width;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Binary && ((Binary) other).width == width;
    }

    @Override
    public int hashCode() {
      return width;
    }
  }
}
