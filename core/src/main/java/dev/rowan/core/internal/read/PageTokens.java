package dev.rowan.core.internal.read;

import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The continuation tokens of pages: {@code [version 2][row key length: 4][row key][column key
 * length: 4, -1 for none][column key] [number of sort values: 4]([length: 4, -1 for null][sort
 * value])*[tag: 16]}. The position is the last entity a page returned: the key of the row it was
 * read from, without its salt byte, and for an entity of a wide row its column key; for results
 * sorted in memory or unioned from {@code Or} groups, its main row key without salt, its column key
 * and the values it was sorted by ({@link InMemoryOrder}). The tag is the first 16 bytes of the
 * SHA-256 of the method's {@linkplain #fingerprint fingerprint} and everything before it, so a
 * token of another method (whatever its name's {@code hashCode}) and a token changed in any byte
 * are refused. The tag is a checksum, not a secret: a token is only a starting point, every scan
 * stays inside the query's own key ranges and every entity is checked against the query's
 * conditions, so even a token forged on purpose can skip or repeat entities of the query but never
 * return one outside it.
 *
 * <p>A method of an entity kept in a table per period pages through its periods in turn; its tokens
 * are {@code [version 3][period: epoch day, 8][token of the page within the period, or nothing for
 * its start][tag: 16]}, tagged the same way.
 *
 * <p>Thread-safety: stateless.
 */
public final class PageTokens {

  private static final byte VERSION = 2;
  private static final byte PERIOD_VERSION = 3;
  private static final int TAG = 16;

  /**
   * Where a page ended: the last entity returned.
   *
   * @param rowKey the key of the row it was read from (its main row key for results ordered in
   *     memory), without salt
   * @param columnKey its column key when it was read from a wide row, else null
   * @param sortValues the encoded values it was sorted by in memory (an element is null for a null
   *     value); empty for results in key order
   */
  record Position(byte[] rowKey, byte @Nullable [] columnKey, byte[][] sortValues) {

    /** The position of an entity of results in key order. */
    Position(byte[] rowKey, byte @Nullable [] columnKey) {
      this(rowKey, columnKey, new byte[0][]);
    }
  }

  /**
   * Where a page of a method of periods ended.
   *
   * @param period the period it ended in, or whose start the next page begins at
   * @param inner the token of the page within that period, null for its start
   */
  public record PeriodPosition(LocalDate period, byte @Nullable [] inner) {}

  private PageTokens() {}

  /**
   * The fingerprint of a paged method: the SHA-256 of the repository, the method's full signature
   * and the entity, so that no two methods share one by accident.
   */
  public static byte[] fingerprint(Class<?> repository, Method method, Class<?> entity) {
    String signature =
        repository.getName() + "#" + method.toGenericString() + "@" + entity.getName();
    return sha256().digest(signature.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * The fingerprint of {@code method}'s pages read by another plan, named by {@code plan}: a token
   * of one plan names a position in the table it read, which another plan must refuse.
   */
  public static byte[] fingerprint(byte[] method, String plan) {
    MessageDigest digest = sha256();
    digest.update(method);
    return digest.digest(plan.getBytes(StandardCharsets.UTF_8));
  }

  static byte[] write(byte[] fingerprint, Position last) {
    int length = 1 + field(last.rowKey()) + field(last.columnKey()) + 4 + TAG;
    for (byte[] value : last.sortValues()) {
      length += field(value);
    }
    ByteBuffer token = ByteBuffer.allocate(length).put(VERSION);
    put(token, last.rowKey());
    put(token, last.columnKey());
    token.putInt(last.sortValues().length);
    for (byte[] value : last.sortValues()) {
      put(token, value);
    }
    token.put(tag(fingerprint, token.array(), token.position()));
    return token.array();
  }

  /** The token of a page of a method of periods that ended at {@code last}. */
  public static byte[] write(byte[] fingerprint, PeriodPosition last) {
    int inner = last.inner() == null ? 0 : last.inner().length;
    ByteBuffer token =
        ByteBuffer.allocate(1 + Long.BYTES + inner + TAG)
            .put(PERIOD_VERSION)
            .putLong(last.period().toEpochDay());
    if (last.inner() != null) {
      token.put(last.inner());
    }
    token.put(tag(fingerprint, token.array(), token.position()));
    return token.array();
  }

  /**
   * The position of a method of periods to continue after, or null for the first page.
   *
   * @throws IllegalArgumentException naming the method when the token is not one of its tokens, or
   *     was changed
   */
  public static @Nullable PeriodPosition readPeriod(
      String method, byte[] fingerprint, byte @Nullable [] token) {
    if (token == null) {
      return null;
    }
    int body = token.length - TAG;
    if (body < 1 + Long.BYTES
        || token[0] != PERIOD_VERSION
        || !MessageDigest.isEqual(
            tag(
                Objects.requireNonNull(fingerprint, "a paged method has a fingerprint"),
                token,
                body),
            Arrays.copyOfRange(token, body, token.length))) {
      throw refused(method);
    }
    LocalDate period;
    try {
      period = LocalDate.ofEpochDay(ByteBuffer.wrap(token, 1, Long.BYTES).getLong());
    } catch (DateTimeException notADay) {
      throw refused(method);
    }
    return new PeriodPosition(
        period, body == 1 + Long.BYTES ? null : Arrays.copyOfRange(token, 1 + Long.BYTES, body));
  }

  private static int field(byte @Nullable [] bytes) {
    return 4 + (bytes == null ? 0 : bytes.length);
  }

  private static void put(ByteBuffer token, byte @Nullable [] bytes) {
    token.putInt(bytes == null ? -1 : bytes.length);
    if (bytes != null) {
      token.put(bytes);
    }
  }

  /**
   * The position to continue after, or null for the first page.
   *
   * @throws IllegalArgumentException naming the method when the token is not one of its tokens, or
   *     was changed
   */
  static @Nullable Position read(
      String method, byte @Nullable [] fingerprint, byte @Nullable [] token) {
    if (token == null) {
      return null;
    }
    int body = token.length - TAG;
    if (body < 13
        || token[0] != VERSION
        || !MessageDigest.isEqual(
            tag(
                Objects.requireNonNull(fingerprint, "a paged method has a fingerprint"),
                token,
                body),
            Arrays.copyOfRange(token, body, token.length))) {
      throw refused(method);
    }
    ByteBuffer in = ByteBuffer.wrap(token, 1, body - 1);
    byte[] row = get(in, method);
    byte[] column = get(in, method);
    int count = in.remaining() < 4 ? -1 : in.getInt();
    if (row == null || count < 0 || count > in.remaining() / 4) {
      throw refused(method);
    }
    byte[][] sortValues = new byte[count][];
    for (int i = 0; i < count; i++) {
      sortValues[i] = get(in, method);
    }
    if (in.hasRemaining()) {
      throw refused(method);
    }
    return new Position(row, column, sortValues);
  }

  /** A field written by {@link #put}: null for length -1. */
  private static byte @Nullable [] get(ByteBuffer in, String method) {
    int length = in.remaining() < 4 ? -2 : in.getInt();
    if (length < -1 || length > in.remaining()) {
      throw refused(method);
    }
    if (length == -1) {
      return null;
    }
    byte[] bytes = new byte[length];
    in.get(bytes);
    return bytes;
  }

  private static IllegalArgumentException refused(String method) {
    return new IllegalArgumentException(
        method
            + ": the PageRequest's continuation was not made by this method,"
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
