package dev.rowan.core;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Where the main table of an unsalted entity is pre-split when {@link Schema#create(Class,
 * SplitPolicy)} creates it: at given keys, at the keys of a split file, at even hex-string splits
 * over a range, or (the default) as the entity's salt decides.
 *
 * <p>The split points of a salted entity always come from its salt, one region per bucket (or
 * {@code regionsPerBucket}); giving any other policy for one is an error. View tables are always
 * split by their own salt.
 *
 * <pre>{@code
 * rowan.schema().create(Event.class, SplitPolicy.hex(16, "00000000", "ffffffff"));
 * rowan.schema().create(Customer.class, SplitPolicy.file(Path.of("splits.txt")));
 * }</pre>
 *
 * <p>Thread-safety: every policy is immutable, with value-based {@code equals}.
 *
 * @since 0.1
 */
public sealed interface SplitPolicy
    permits SplitPolicy.Salted, SplitPolicy.Keys, SplitPolicy.KeyFile, SplitPolicy.HexRange {

  /** The default: split points from the entity's salt, none for an unsalted entity. */
  static SplitPolicy salted() {
    return Salted.INSTANCE;
  }

  /**
   * Splits at {@code keys}, in any order: n keys make n + 1 regions.
   *
   * @throws IllegalArgumentException when a key is empty or two keys are equal
   */
  static SplitPolicy keys(byte[]... keys) {
    return new Keys(keys);
  }

  /**
   * Splits at the keys read from {@code file} when the table is created: one key per line in the
   * form of HBase's {@code Bytes.toStringBinary} (printable characters as they are, other bytes as
   * {@code \xNN}), read with {@code Bytes.toBytesBinary}; blank lines are ignored.
   */
  static SplitPolicy file(Path file) {
    return new KeyFile(file);
  }

  /**
   * Splits the range of hex strings from {@code firstHex} to {@code lastHex} into {@code regions}
   * even regions, as HBase's {@code RegionSplitter.HexStringSplit} does: the split keys are
   * lower-case hex strings, zero-padded to the length of {@code lastHex}, and the last region takes
   * any remainder. For row keys that start with a hex string, such as an md5 prefix.
   *
   * @throws IllegalArgumentException when {@code regions} is below 1, a bound is not a hex string,
   *     {@code lastHex} is not above {@code firstHex}, or the range holds fewer values than regions
   */
  static SplitPolicy hex(int regions, String firstHex, String lastHex) {
    return new HexRange(regions, firstHex, lastHex);
  }

  /**
   * Split points from the salt of the entity: one region per bucket, or per {@code
   * regionsPerBucket}.
   */
  enum Salted implements SplitPolicy {
    /** The only instance. */
    INSTANCE;

    @Override
    public String toString() {
      return "SplitPolicy.salted()";
    }
  }

  /** Split points given as keys. */
  final class Keys implements SplitPolicy {

    private final byte[][] keys;

    private Keys(byte[][] keys) {
      Objects.requireNonNull(keys, "keys");
      byte[][] copy = new byte[keys.length][];
      for (int i = 0; i < keys.length; i++) {
        if (keys[i] == null) {
          throw new NullPointerException("split key " + i + " is null");
        }
        copy[i] = keys[i].clone();
      }
      Arrays.sort(copy, Bytes.BYTES_COMPARATOR);
      for (int i = 0; i < copy.length; i++) {
        if (copy[i].length == 0) {
          throw new IllegalArgumentException("A split key must not be empty");
        }
        if (i > 0 && Arrays.equals(copy[i - 1], copy[i])) {
          throw new IllegalArgumentException(
              "The split key " + Bytes.toStringBinary(copy[i]) + " is given twice");
        }
      }
      this.keys = copy;
    }

    /** The split keys in ascending byte order; a copy. */
    public byte[][] keys() {
      byte[][] copy = new byte[keys.length][];
      for (int i = 0; i < keys.length; i++) {
        copy[i] = keys[i].clone();
      }
      return copy;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Keys that && Arrays.deepEquals(keys, that.keys);
    }

    @Override
    public int hashCode() {
      return Arrays.deepHashCode(keys);
    }

    @Override
    public String toString() {
      return Arrays.stream(keys)
          .map(Bytes::toStringBinary)
          .collect(Collectors.joining("\", \"", "SplitPolicy.keys(\"", "\")"));
    }
  }

  /**
   * Split points read from a file when the table is created.
   *
   * @param path the file, one key per line in {@code Bytes.toStringBinary} form
   */
  record KeyFile(Path path) implements SplitPolicy {

    /** Checks the path is given. */
    public KeyFile {
      Objects.requireNonNull(path, "path");
    }

    @Override
    public String toString() {
      return "SplitPolicy.file(" + path + ")";
    }
  }

  /**
   * Even splits of a range of hex strings.
   *
   * @param regions the number of regions, one more than the number of split keys
   * @param firstHex the lowest hex string of the range
   * @param lastHex the highest hex string of the range; its length is that of the split keys
   */
  record HexRange(int regions, String firstHex, String lastHex) implements SplitPolicy {

    /** Checks the range can be split into {@code regions} regions. */
    public HexRange {
      BigInteger first = parse(firstHex, "first");
      BigInteger last = parse(lastHex, "last");
      if (regions < 1) {
        throw new IllegalArgumentException("A hex split needs at least 1 region, not " + regions);
      }
      if (last.compareTo(first) <= 0) {
        throw new IllegalArgumentException(
            "The last hex string "
                + lastHex
                + " of a split range must be above the"
                + " first, "
                + firstHex);
      }
      if (last.subtract(first).add(BigInteger.ONE).compareTo(BigInteger.valueOf(regions)) < 0) {
        throw new IllegalArgumentException(
            "The hex range "
                + firstHex
                + " to "
                + lastHex
                + " holds fewer values than "
                + regions
                + " regions");
      }
    }

    private static BigInteger parse(String hex, String which) {
      Objects.requireNonNull(hex, which + "Hex");
      if (hex.isEmpty() || !hex.chars().allMatch(HexRange::isHexDigit)) {
        throw new IllegalArgumentException(
            "The " + which + " bound of a hex split, '" + hex + "', is not a hex string");
      }
      return new BigInteger(hex, 16);
    }

    private static boolean isHexDigit(int c) {
      return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F';
    }

    /** The lowest value of the range. */
    public BigInteger first() {
      return new BigInteger(firstHex, 16);
    }

    /** The highest value of the range. */
    public BigInteger last() {
      return new BigInteger(lastHex, 16);
    }

    @Override
    public String toString() {
      return "SplitPolicy.hex(" + regions + ", \"" + firstHex + "\", \"" + lastHex + "\")";
    }
  }
}
