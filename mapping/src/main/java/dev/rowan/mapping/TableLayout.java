package dev.rowan.mapping;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Objects;

/**
 * How the keys and qualifiers of one table are laid out: what must stay the same for the rows
 * already stored in it to be found and read again. A readable description, and a fingerprint of it:
 * every change to the bytes of a key or to the field a key part is read into (salt and its
 * function, part order, names, types, transforms, hash prefix, column key, view key, and of a table
 * per period the key part that picks the table and the length of a period) changes it, while a
 * renamed class, reordered fields or added columns keep it.
 *
 * <p>Thread-safety: immutable.
 *
 * @param description the layout in words, naming the key parts
 * @param fingerprint the hex SHA-256 of the description and the layout format
 * @since 0.1
 */
public record TableLayout(String description, String fingerprint) {

  /** The version of the layout format, part of every fingerprint. */
  static final String FORMAT = "rowan-layout-1";

  /** Checks that both are given. */
  public TableLayout {
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(fingerprint, "fingerprint");
  }

  /** The layout described by {@code description}, with its fingerprint. */
  public static TableLayout of(String description) {
    return new TableLayout(description, fingerprintOf(description));
  }

  private static String fingerprintOf(String canonical) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest((FORMAT + "\n" + canonical).getBytes(StandardCharsets.UTF_8));
      StringBuilder hex = new StringBuilder(digest.length * 2);
      for (byte b : digest) {
        hex.append(Character.forDigit((b >> 4) & 0xF, 16)).append(Character.forDigit(b & 0xF, 16));
      }
      return hex.toString();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no SHA-256", e);
    }
  }

  @Override
  public String toString() {
    return description;
  }
}
