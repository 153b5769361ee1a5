package dev.rowan.mapping.codec;

import java.nio.charset.StandardCharsets;

/**
 * Strict UTF-8: a string with an unpaired surrogate is refused instead of being written as {@code
 * ?}, which is what {@link String#getBytes} would silently do.
 *
 * @since 0.1
 */
public final class Utf8 {

  private Utf8() {}

  /** The UTF-8 bytes of {@code text}. @throws IllegalArgumentException for malformed UTF-16 */
  public static byte[] encode(String text) {
    checkWellFormed(text);
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** The text of {@code length} UTF-8 bytes of {@code bytes} from {@code offset}. */
  public static String decode(byte[] bytes, int offset, int length) {
    return new String(bytes, offset, length, StandardCharsets.UTF_8);
  }

  /**
   * Checks that every surrogate in {@code text} is part of a pair.
   *
   * @throws IllegalArgumentException naming the index of the first unpaired surrogate
   */
  public static void checkWellFormed(String text) {
    for (int i = 0, n = text.length(); i < n; i++) {
      char c = text.charAt(i);
      if (Character.isSurrogate(c)) {
        if (Character.isHighSurrogate(c)
            && i + 1 < n
            && Character.isLowSurrogate(text.charAt(i + 1))) {
          i++;
        } else {
          throw new IllegalArgumentException(
              String.format(
                  "is not well-formed UTF-16: unpaired surrogate U+%04X at index %d", (int) c, i));
        }
      }
    }
  }
}
