package dev.rowan.core.internal;

import java.util.Arrays;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The continuation tokens of pages: {@code [version 1][fingerprint of the method: 4][key]}, the
 * key being the last row read without its salt byte. A token is only a starting point: every
 * scan stays inside the query's own key ranges and every entity is checked against the query's
 * conditions, so an edited token can skip or repeat entities of the query but never return one
 * outside it. A token of another method is refused by its fingerprint.
 */
final class PageTokens {

  private static final byte VERSION = 1;

  private PageTokens() {}

  static byte[] write(int fingerprint, byte[] lastKey) {
    byte[] token = new byte[5 + lastKey.length];
    token[0] = VERSION;
    Bytes.putInt(token, 1, fingerprint);
    System.arraycopy(lastKey, 0, token, 5, lastKey.length);
    return token;
  }

  /**
   * The key to continue after, or null for the first page.
   *
   * @throws IllegalArgumentException naming the method when the token is not one of its tokens
   */
  static byte[] read(String method, int fingerprint, byte[] token) {
    if (token == null) {
      return null;
    }
    if (token.length < 5 || token[0] != VERSION || Bytes.toInt(token, 1) != fingerprint) {
      throw new IllegalArgumentException(method + ": the PageRequest's continuation was not made by this method;"
          + " continue with the PageRequest that Page.next() returned");
    }
    return Arrays.copyOfRange(token, 5, token.length);
  }
}
