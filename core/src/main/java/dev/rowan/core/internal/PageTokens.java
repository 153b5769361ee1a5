package dev.rowan.core.internal;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * The continuation tokens of pages:
 * {@code [version 2][row key length: 4][row key][column key length: 4, -1 for none][column key][tag: 16]}.
 * The position is the last entity a page returned: the key of the row it was read from, without
 * its salt byte, and for an entity of a wide row its column key. The tag is the first 16 bytes of
 * the SHA-256 of the method's {@linkplain #fingerprint fingerprint} and everything before it, so a
 * token of another method (whatever its name's {@code hashCode}) and a token changed in any byte
 * are refused. The tag is a checksum, not a secret: a token is only a starting point, every scan
 * stays inside the query's own key ranges and every entity is checked against the query's
 * conditions, so even a token forged on purpose can skip or repeat entities of the query but
 * never return one outside it.
 *
 * <p>Thread-safety: stateless.
 */
final class PageTokens {

  private static final byte VERSION = 2;
  private static final int TAG = 16;

  /**
   * Where a page ended: the last entity returned.
   *
   * @param rowKey the key of the row it was read from, without salt
   * @param columnKey its column key when it was read from a wide row, else null
   */
  record Position(byte[] rowKey, byte[] columnKey) {}

  private PageTokens() {}

  /**
   * The fingerprint of a paged method: the SHA-256 of the repository, the method's full
   * signature and the entity, so that no two methods share one by accident.
   */
  static byte[] fingerprint(Class<?> repository, Method method, Class<?> entity) {
    String signature = repository.getName() + "#" + method.toGenericString() + "@" + entity.getName();
    return sha256().digest(signature.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] write(byte[] fingerprint, Position last) {
    byte[] row = last.rowKey();
    byte[] column = last.columnKey();
    ByteBuffer token = ByteBuffer.allocate(1 + 4 + row.length + 4 + (column == null ? 0 : column.length) + TAG);
    token.put(VERSION).putInt(row.length).put(row).putInt(column == null ? -1 : column.length);
    if (column != null) {
      token.put(column);
    }
    token.put(tag(fingerprint, token.array(), token.position()));
    return token.array();
  }

  /**
   * The position to continue after, or null for the first page.
   *
   * @throws IllegalArgumentException naming the method when the token is not one of its tokens,
   *     or was changed
   */
  static Position read(String method, byte[] fingerprint, byte[] token) {
    if (token == null) {
      return null;
    }
    int body = token.length - TAG;
    if (body < 9 || token[0] != VERSION
        || !MessageDigest.isEqual(tag(fingerprint, token, body), Arrays.copyOfRange(token, body, token.length))) {
      throw refused(method);
    }
    ByteBuffer in = ByteBuffer.wrap(token, 1, body - 1);
    int rowLength = in.getInt();
    if (rowLength < 0 || rowLength > in.remaining() - 4) {
      throw refused(method);
    }
    byte[] row = new byte[rowLength];
    in.get(row);
    int columnLength = in.getInt();
    if (columnLength != in.remaining() && !(columnLength == -1 && in.remaining() == 0)) {
      throw refused(method);
    }
    byte[] column = columnLength < 0 ? null : new byte[columnLength];
    if (column != null) {
      in.get(column);
    }
    return new Position(row, column);
  }

  private static IllegalArgumentException refused(String method) {
    return new IllegalArgumentException(method + ": the PageRequest's continuation was not made by this method,"
        + " or was changed; continue with the PageRequest that Page.next() returned");
  }

  private static byte[] tag(byte[] fingerprint, byte[] token, int length) {
    MessageDigest digest = sha256();
    digest.update(fingerprint);
    digest.update(token, 0, length);
    return Arrays.copyOf(digest.digest(), TAG);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
