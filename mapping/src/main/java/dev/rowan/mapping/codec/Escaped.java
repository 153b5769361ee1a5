package dev.rowan.mapping.codec;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The escaped, terminated encoding of variable-length bytes: {@code 00} is written as {@code 00 FF}
 * and the end as {@code 00 01}. No encoding is a prefix of another, and the unsigned byte order of
 * encodings equals the order of the byte strings, a shorter one first.
 */
final class Escaped {

  static final int ESCAPE = 0x00;
  static final int ESCAPED_ZERO = 0xFF;
  static final int TERMINATOR = 0x01;

  private Escaped() {}

  static void write(byte[] bytes, KeyWriter out) {
    writeUnterminated(bytes, out);
    out.put(ESCAPE).put(TERMINATOR);
  }

  /** The escaped bytes without the terminator: a prefix of every encoding that starts with them. */
  static void writeUnterminated(byte[] bytes, KeyWriter out) {
    int start = 0;
    for (int i = 0; i < bytes.length; i++) {
      if (bytes[i] == 0) {
        out.put(bytes, start, i - start).put(ESCAPE).put(ESCAPED_ZERO);
        start = i + 1;
      }
    }
    out.put(bytes, start, bytes.length - start);
  }

  /** Reads a part written by {@link #write} from UTF-8 text. */
  static String readUtf8(KeyReader in) {
    String text = in.utf8UntilTerminator(); // the common case: ascending, no zero byte inside
    return text != null ? text : new String(read(in), StandardCharsets.UTF_8);
  }

  static byte[] read(KeyReader in) {
    byte[] out = new byte[16];
    int length = 0;
    while (true) {
      int b = in.get();
      if (b == ESCAPE) {
        int next = in.get();
        if (next == TERMINATOR) {
          return Arrays.copyOf(out, length);
        }
        if (next != ESCAPED_ZERO) {
          throw new IllegalArgumentException(
              String.format("bad escape 00 %02X at offset %d", next, in.position() - 1));
        }
      }
      if (length == out.length) {
        out = Arrays.copyOf(out, length * 2);
      }
      out[length++] = (byte) b;
    }
  }
}
