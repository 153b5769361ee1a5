package dev.rowan.mapreduce;

import dev.rowan.mapping.EntityModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Split points for an unsalted table, from a sample of its entities: the quantiles of their encoded
 * row keys, so that each region receives about as many of them. Pre-split a table before a bulk
 * load with them, and the load writes one HFile set per region in parallel:
 *
 * <pre>{@code
 * byte[][] splits = SplitPoints.fromSample(EntityModel.of(Customer.class), sample, 16);
 * rowan.schema().create(Customer.class, SplitPolicy.keys(splits));
 * }</pre>
 *
 * <p>Each split point is the shortest prefix of a quantile's key that still sorts above the key
 * before it in the sample, which keeps split keys (and region names) short.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class SplitPoints {

  private SplitPoints() {}

  /**
   * At most {@code regions - 1} split points, strictly increasing, none empty; fewer when the
   * sample has fewer distinct keys.
   *
   * @throws IllegalArgumentException when {@code regions} is below 1, or when the entity is salted
   *     (its salt decides its split points)
   * @throws dev.rowan.mapping.InvalidValueException when an entity of the sample has no valid row
   *     key
   */
  public static <T> byte[][] fromSample(
      EntityModel<T> model, Iterable<? extends T> sample, int regions) {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(sample, "sample");
    if (regions < 1) {
      throw new IllegalArgumentException("a table needs at least 1 region, not " + regions);
    }
    if (model.salt() != null) {
      throw new IllegalArgumentException(
          model.entityName() + " is salted; its salt decides its split points");
    }
    List<byte[]> keys = new ArrayList<>();
    for (T entity : sample) {
      keys.add(model.rowKey(entity));
    }
    keys.sort(Bytes.BYTES_COMPARATOR);
    List<byte[]> distinct = new ArrayList<>(keys.size());
    for (byte[] key : keys) {
      if (distinct.isEmpty() || !Arrays.equals(distinct.get(distinct.size() - 1), key)) {
        distinct.add(key);
      }
    }
    List<byte[]> splits = new ArrayList<>();
    for (int region = 1; region < regions; region++) {
      int at = (int) ((long) region * distinct.size() / regions);
      if (at == 0 || at >= distinct.size()) {
        continue;
      }
      byte[] split = separator(distinct.get(at - 1), distinct.get(at));
      if (splits.isEmpty() || Bytes.compareTo(splits.get(splits.size() - 1), split) < 0) {
        splits.add(split);
      }
    }
    return splits.toArray(new byte[0][]);
  }

  /** The shortest prefix of {@code upper} that sorts above {@code lower}, given lower < upper. */
  static byte[] separator(byte[] lower, byte[] upper) {
    int common = 0;
    while (common < lower.length && common < upper.length && lower[common] == upper[common]) {
      common++;
    }
    return Arrays.copyOf(upper, Math.min(upper.length, common + 1));
  }
}
