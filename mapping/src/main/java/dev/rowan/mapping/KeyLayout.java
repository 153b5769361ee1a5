package dev.rowan.mapping;

import dev.rowan.mapping.codec.KeyReader;
import dev.rowan.mapping.codec.KeyWriter;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A composite key: {@code [salt byte][md5 hex prefix][part 0][part 1]...}, each part encoded by its
 * property's order-preserving, self-delimiting key codec. Row keys, the qualifier prefixes of wide
 * entities and the row keys of views are all key layouts.
 *
 * <p>Values are passed as an entity's value array ({@link EntityModel#values}): each part reads the
 * slot of its property.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class KeyLayout {

  /** HBase refuses row keys longer than this. */
  public static final int MAX_ROW_KEY_LENGTH = Short.MAX_VALUE;

  private static final char[] HEX = "0123456789abcdef".toCharArray();
  private static final ThreadLocal<MessageDigest> MD5 = ThreadLocal.withInitial(KeyLayout::md5);

  private final String description;
  private final List<PropertyModel> parts;
  private final PropertyModel[] partArray;
  private final @Nullable SaltModel salt;

  /** The positions of the parts the salt hashes; empty when keys are not salted. */
  private final int[] saltedParts;

  private final boolean saltedOnAll;
  private final int hashPart;
  private final int hashLength;
  private final int maxLength;

  KeyLayout(
      String description,
      List<PropertyModel> parts,
      @Nullable SaltModel salt,
      int[] saltedParts,
      int hashPart,
      int hashLength,
      int maxLength) {
    this.description = description;
    this.parts = List.copyOf(parts);
    this.partArray = parts.toArray(new PropertyModel[0]);
    this.salt = salt;
    this.saltedParts = saltedParts;
    this.saltedOnAll = salt != null && saltedParts.length == parts.size();
    this.hashPart = hashPart;
    this.hashLength = hashLength;
    this.maxLength = maxLength;
  }

  /**
   * A layout of {@code parts}, salted on the parts named by {@code salt} (or unsalted when it is
   * null), for keys of up to {@code maxLength} bytes.
   *
   * @throws IllegalArgumentException when the salt names a property that is not a part
   */
  public static KeyLayout of(
      String description, List<PropertyModel> parts, @Nullable SaltModel salt, int maxLength) {
    return new KeyLayout(description, parts, salt, saltedParts(parts, salt), -1, 0, maxLength);
  }

  static int[] saltedParts(List<PropertyModel> parts, @Nullable SaltModel salt) {
    if (salt == null) {
      return new int[0];
    }
    if (salt.on().isEmpty()) {
      int[] all = new int[parts.size()];
      for (int i = 0; i < all.length; i++) {
        all[i] = i;
      }
      return all;
    }
    List<Integer> positions = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      if (salt.on().contains(parts.get(i).name())) {
        positions.add(i);
      }
    }
    if (positions.size() != salt.on().size()) {
      throw new IllegalArgumentException(
          "@Salt(on = "
              + salt.on()
              + ") names properties that are not parts of "
              + parts.stream().map(PropertyModel::name).toList());
    }
    return positions.stream().mapToInt(Integer::intValue).toArray();
  }

  /** The key parts, in order. */
  public List<PropertyModel> parts() {
    return parts;
  }

  /** The salt, or {@code null} when keys are not salted. */
  public @Nullable SaltModel salt() {
    return salt;
  }

  /** The length of the salt in front of every key: 1 byte when the key is salted, else 0. */
  public int saltLength() {
    return salt == null ? 0 : 1;
  }

  /** The number of bytes in front of the first part: the salt byte and the hash prefix. */
  public int prefixLength() {
    return (salt == null ? 0 : 1) + hashLength;
  }

  /** Encodes the key of the entity whose values are {@code values}. */
  public byte[] encode(@Nullable Object[] values) {
    return encode(values, partArray.length);
  }

  /**
   * Encodes the first {@code count} parts: the start of every key whose leading parts have these
   * values. A salted layout needs every salted part among them.
   *
   * @throws IllegalArgumentException when the salt or hash prefix needs a part not given
   */
  public byte[] encode(@Nullable Object[] values, int count) {
    KeyWriter out = new KeyWriter(32);
    encodeInto(values, count, out);
    return out.toByteArray();
  }

  /** Appends the key to {@code out}; the same as {@link #encode(Object[], int)}. */
  public void encodeInto(@Nullable Object[] values, int count, KeyWriter out) {
    int start = out.position();
    if (salt != null) {
      if (saltedParts[saltedParts.length - 1] >= count) {
        throw new IllegalArgumentException(
            description
                + ": the salt needs part "
                + partArray[saltedParts[saltedParts.length - 1]].name());
      }
      out.put(0);
    }
    writeHashPrefix(values, count, out);
    int @Nullable [] ends = salt != null && !saltedOnAll ? new int[count] : null;
    int partsStart = out.position();
    for (int i = 0; i < count; i++) {
      PropertyModel part = partArray[i];
      Object value = value(part, values);
      try {
        part.keyPartCodec().encode(value, out);
      } catch (IllegalArgumentException | ClassCastException e) {
        throw InvalidValueException.of(
            part.qualifiedName(), "value " + shorten(value) + " " + e.getMessage());
      }
      if (ends != null) {
        ends[i] = out.position();
      }
    }
    if (out.position() - start > maxLength) {
      throw InvalidValueException.of(
          description,
          "the key is " + (out.position() - start) + " bytes long, over the limit of " + maxLength);
    }
    if (salt != null) {
      out.set(start, saltOf(salt, out, partsStart, ends));
    }
  }

  private int saltOf(SaltModel salt, KeyWriter out, int partsStart, int @Nullable [] ends) {
    byte[] bytes = out.copyFrom(partsStart);
    if (ends == null) {
      return salt.bucket(bytes, 0, bytes.length);
    }
    KeyWriter hashed = new KeyWriter(bytes.length);
    for (int position : saltedParts) {
      int from = position == 0 ? partsStart : ends[position - 1];
      hashed.put(bytes, from - partsStart, ends[position] - from);
    }
    byte[] saltedBytes = hashed.toByteArray();
    return salt.bucket(saltedBytes, 0, saltedBytes.length);
  }

  /**
   * Encodes the first {@code count} parts alone, without salt byte or hash prefix: what follows the
   * bucket byte in every key of a salted layout whose leading parts have these values.
   */
  public byte[] encodeParts(@Nullable Object[] values, int count) {
    KeyWriter out = new KeyWriter(32);
    for (int i = 0; i < count; i++) {
      PropertyModel part = partArray[i];
      Object value = value(part, values);
      try {
        part.keyPartCodec().encode(value, out);
      } catch (IllegalArgumentException | ClassCastException e) {
        throw InvalidValueException.of(
            part.qualifiedName(), "value " + shorten(value) + " " + e.getMessage());
      }
    }
    return out.toByteArray();
  }

  /**
   * The index of the part whose md5 prefixes the key, or -1 when the key has no hash prefix. A key
   * range can be scanned only once that part is known.
   */
  public int hashPart() {
    return hashPart;
  }

  /** Whether the salt bucket of a key is known from its first {@code count} parts. */
  public boolean saltKnownFrom(int count) {
    return salt == null || saltedParts[saltedParts.length - 1] < count;
  }

  /**
   * The prefixes of every key whose first {@code count} parts have these values: one key prefix
   * when the salt bucket is known from them (or the layout is unsalted), else one per bucket.
   *
   * @throws IllegalArgumentException when the hash prefix needs a part not given
   */
  public List<byte[]> scanPrefixes(@Nullable Object[] values, int count) {
    SaltModel salt = this.salt;
    if (salt == null || saltKnownFrom(count)) {
      return List.of(encode(values, count));
    }
    KeyWriter body = new KeyWriter(32);
    writeHashPrefix(values, count, body);
    body.put(encodeParts(values, count));
    byte[] bytes = body.toByteArray();
    List<byte[]> prefixes = new ArrayList<>(salt.buckets());
    for (int bucket = 0; bucket < salt.buckets(); bucket++) {
      byte[] prefix = new byte[bytes.length + 1];
      prefix[0] = (byte) bucket;
      System.arraycopy(bytes, 0, prefix, 1, bytes.length);
      prefixes.add(prefix);
    }
    return prefixes;
  }

  /**
   * Decodes every part of {@code length} bytes of {@code key} from {@code offset} into the slots of
   * {@code values}, and returns the offset just past the last part.
   *
   * @throws IllegalArgumentException when the bytes are not a key of this layout
   */
  public int decode(byte[] key, int offset, int length, @Nullable Object[] values) {
    KeyReader in = new KeyReader(key, offset, length);
    in.skip(prefixLength());
    for (PropertyModel part : partArray) {
      try {
        values[part.index()] = part.keyPartCodec().decode(in);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            description + ": cannot read part " + part.name() + ": " + e.getMessage(), e);
      }
    }
    return in.position();
  }

  private static Object value(PropertyModel part, @Nullable Object[] values) {
    Object value = values[part.index()];
    if (value == null) {
      throw InvalidValueException.nullKeyPart(part.qualifiedName());
    }
    return value;
  }

  /** Writes the hash prefix of a key whose first {@code count} parts are given, if it has one. */
  private void writeHashPrefix(@Nullable Object[] values, int count, KeyWriter out) {
    if (hashPart < 0) {
      return;
    }
    if (hashPart >= count) {
      throw new IllegalArgumentException(
          description + ": the hash prefix needs part " + partArray[hashPart].name());
    }
    writeHashPrefix(value(partArray[hashPart], values), out);
  }

  private void writeHashPrefix(Object value, KeyWriter out) {
    byte[] digest = MD5.get().digest(String.valueOf(value).getBytes(StandardCharsets.UTF_8));
    for (int i = 0; i < hashLength; i++) {
      int b = digest[i / 2] & 0xFF;
      out.put(HEX[i % 2 == 0 ? b >>> 4 : b & 0xF]);
    }
  }

  private static String shorten(Object value) {
    String text = value instanceof byte[] ? ((byte[]) value).length + " bytes" : "'" + value + "'";
    return text.length() > 60 ? text.substring(0, 57) + "...'" : text;
  }

  private static MessageDigest md5() {
    try {
      return MessageDigest.getInstance("MD5");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JVM has no MD5", e);
    }
  }

  /**
   * The layout of the keys in words: the salt (buckets, function and hashed parts), the hash
   * prefix, then each part by name with its key form, as in {@code "salt(4 buckets, murmur3_32(seed
   * 0) mod buckets, on every part) + md5 hex(4) of id + id String + day LocalDate descending"}.
   * Parts are named, since which field a part is read into matters as much as its bytes: two string
   * parts swapped encode alike and decode into each other.
   */
  public String layout() {
    StringBuilder text = new StringBuilder();
    if (salt != null) {
      text.append("salt(")
          .append(salt.buckets())
          .append(" buckets, ")
          .append(salt.function())
          .append(", on ");
      if (saltedOnAll) {
        text.append("every part");
      } else {
        for (int i = 0; i < saltedParts.length; i++) {
          text.append(i == 0 ? "" : ", ").append(partArray[saltedParts[i]].name());
        }
      }
      text.append(") + ");
    }
    if (hashPart >= 0) {
      text.append("md5 hex(")
          .append(hashLength)
          .append(") of ")
          .append(partArray[hashPart].name())
          .append(" + ");
    }
    for (int i = 0; i < partArray.length; i++) {
      text.append(i == 0 ? "" : " + ")
          .append(partArray[i].name())
          .append(' ')
          .append(partArray[i].keyForm());
    }
    return text.toString();
  }

  KeyLayout withHashPrefix(int part, int length) {
    return new KeyLayout(description, parts, salt, saltedParts, part, length, maxLength);
  }

  @Override
  public String toString() {
    StringBuilder text = new StringBuilder();
    if (salt != null) {
      text.append("[salt ").append(salt.buckets()).append(']');
    }
    if (hashPart >= 0) {
      text.append("[md5(")
          .append(partArray[hashPart].name())
          .append(")[0..")
          .append(hashLength)
          .append(")]");
    }
    for (PropertyModel part : partArray) {
      text.append('[').append(part.name()).append(']');
    }
    return text.toString();
  }
}
