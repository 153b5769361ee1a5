package dev.rowan.core.internal.schema;

import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;

/** The split keys of an entity's main table under a {@link SplitPolicy}. */
final class SplitKeys {

  private static final byte[][] NONE = new byte[0][];

  private SplitKeys() {}

  /**
   * The split keys of {@code model}'s main table {@code table}, sorted.
   *
   * @throws IllegalArgumentException when a policy other than the salt's is given for a salted
   *     entity, or a split file holds an empty or repeated key
   * @throws UncheckedIOException when a split file cannot be read
   */
  static byte[][] of(EntityModel<?> model, SplitPolicy policy, String table) {
    if (model.salt() != null && policy != SplitPolicy.salted()) {
      throw new IllegalArgumentException(
          model.entityName()
              + " is salted ("
              + model.salt()
              + "), so its salt decides where table "
              + table
              + " is split; "
              + policy
              + " can only be given for an unsalted entity");
    }
    if (policy instanceof SplitPolicy.Salted) {
      return model.salt() == null ? NONE : model.salt().splitPoints();
    }
    if (policy instanceof SplitPolicy.Keys keys) {
      return keys.keys();
    }
    if (policy instanceof SplitPolicy.HexRange range) {
      return hex(range);
    }
    return read(((SplitPolicy.KeyFile) policy).path(), table);
  }

  /**
   * The keys that split {@code range} evenly, as HBase's {@code RegionSplitter.HexStringSplit}
   * does.
   */
  static byte[][] hex(SplitPolicy.HexRange range) {
    BigInteger first = range.first();
    int regions = range.regions();
    int width = range.lastHex().length();
    BigInteger size =
        range.last().subtract(first).add(BigInteger.ONE).divide(BigInteger.valueOf(regions));
    byte[][] keys = new byte[regions - 1][];
    for (int i = 1; i < regions; i++) {
      String hex = first.add(size.multiply(BigInteger.valueOf(i))).toString(16);
      keys[i - 1] = Bytes.toBytes("0".repeat(Math.max(0, width - hex.length())) + hex);
    }
    return keys;
  }

  /**
   * The keys of the lines of a split file, sorted: one key per line in {@code Bytes.toStringBinary}
   * form; blank lines are ignored.
   *
   * @throws IllegalArgumentException when a key is given twice, naming {@code source}
   */
  static byte[][] parse(List<String> lines, String source) {
    List<byte[]> keys = new ArrayList<>();
    for (String line : lines) {
      if (!line.isBlank()) {
        keys.add(Bytes.toBytesBinary(line));
      }
    }
    byte[][] sorted = keys.toArray(new byte[0][]);
    Arrays.sort(sorted, Bytes.BYTES_COMPARATOR);
    for (int i = 1; i < sorted.length; i++) {
      if (Arrays.equals(sorted[i - 1], sorted[i])) {
        throw new IllegalArgumentException(
            "The split file "
                + source
                + " gives the key "
                + Bytes.toStringBinary(sorted[i])
                + " twice");
      }
    }
    return sorted;
  }

  private static byte[][] read(Path file, String table) {
    try {
      return parse(Files.readAllLines(file, StandardCharsets.UTF_8), file.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot read the split file " + file + " of table " + table, e);
    }
  }
}
