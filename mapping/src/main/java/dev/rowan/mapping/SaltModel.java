package dev.rowan.mapping;

import dev.rowan.mapping.spi.BucketFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The salt of a table: how many buckets, which key parts choose the bucket, the function that
 * chooses it, and the split points that give each bucket its own regions.
 *
 * <p>The bucket of a key is a function of the encoded salted parts only ({@link BucketFunction}),
 * so it never changes across JVMs or releases; by default {@code floorMod(murmur3_32(encoded salted
 * parts, seed 0), buckets)}. Equal by value, function included.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class SaltModel {

  /** The largest number of buckets: the bucket is one byte. */
  public static final int MAX_BUCKETS = 256;

  private final int buckets;
  private final List<String> on;
  private final int regionsPerBucket;
  private final BucketFunction function;

  SaltModel(int buckets, List<String> on, int regionsPerBucket, BucketFunction function) {
    this.buckets = buckets;
    this.on = List.copyOf(on);
    this.regionsPerBucket = regionsPerBucket;
    this.function = Objects.requireNonNull(function, "function");
  }

  /**
   * A salt of {@code buckets} buckets hashed on the key parts named in {@code on} (all when empty),
   * pre-split into {@code regionsPerBucket} regions per bucket.
   *
   * @throws IllegalArgumentException when a number is out of range
   */
  public static SaltModel of(int buckets, List<String> on, int regionsPerBucket) {
    return of(buckets, on, regionsPerBucket, BucketFunction.hashMod());
  }

  /**
   * A salt of {@code buckets} buckets chosen by {@code function} from the key parts named in {@code
   * on} (all when empty), pre-split into {@code regionsPerBucket} regions per bucket.
   *
   * @throws IllegalArgumentException when a number is out of range
   */
  public static SaltModel of(
      int buckets, List<String> on, int regionsPerBucket, BucketFunction function) {
    Objects.requireNonNull(function, "function");
    if (buckets < 1 || buckets > MAX_BUCKETS || regionsPerBucket < 1 || regionsPerBucket > 256) {
      throw new IllegalArgumentException(
          "a salt has 1 to "
              + MAX_BUCKETS
              + " buckets and 1 to 256 regions each, not "
              + buckets
              + " and "
              + regionsPerBucket);
    }
    return new SaltModel(buckets, on, regionsPerBucket, function);
  }

  /** The number of buckets. */
  public int buckets() {
    return buckets;
  }

  /** The names of the key parts hashed to choose the bucket; empty means all of them. */
  public List<String> on() {
    return on;
  }

  /**
   * The function that chooses the bucket of a key, as table layouts record it ({@link
   * BucketFunction#description()}), for example {@code "murmur3_32(seed 0) mod buckets"}.
   */
  public String function() {
    return function.description();
  }

  /** The function that chooses the bucket of a key. */
  public BucketFunction bucketFunction() {
    return function;
  }

  /** Regions per bucket when the table is pre-split. */
  public int regionsPerBucket() {
    return regionsPerBucket;
  }

  /**
   * The bucket of a key whose salted parts are encoded in {@code length} bytes from {@code offset}.
   *
   * @throws IllegalStateException when the bucket function answers a bucket out of range
   */
  public int bucket(byte[] bytes, int offset, int length) {
    int bucket = function.bucket(bytes, offset, length, buckets);
    if (bucket < 0 || bucket >= buckets) {
      throw new IllegalStateException(
          "the bucket function "
              + function.getClass().getName()
              + " ("
              + function.description()
              + ") answered bucket "
              + bucket
              + " for a salt of "
              + buckets
              + " buckets; it must answer 0 to "
              + (buckets - 1));
    }
    return bucket;
  }

  /** A salt like this one on all the key parts of another key: the salt of a view. */
  public SaltModel onAllParts() {
    return new SaltModel(buckets, List.of(), regionsPerBucket, function);
  }

  /**
   * The split keys that pre-split a table into {@code regionsPerBucket} regions per bucket: each
   * bucket byte starts a region, and inside a bucket the next byte is split evenly.
   */
  public byte[][] splitPoints() {
    List<byte[]> splits = new ArrayList<>();
    for (int bucket = 0; bucket < buckets; bucket++) {
      if (bucket > 0) {
        splits.add(new byte[] {(byte) bucket});
      }
      for (int region = 1; region < regionsPerBucket; region++) {
        splits.add(new byte[] {(byte) bucket, (byte) (region * 256 / regionsPerBucket)});
      }
    }
    return splits.toArray(new byte[0][]);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SaltModel salt
        && salt.buckets == buckets
        && salt.regionsPerBucket == regionsPerBucket
        && salt.on.equals(on)
        && salt.function.equals(function);
  }

  @Override
  public int hashCode() {
    return Objects.hash(buckets, on, regionsPerBucket, function);
  }

  @Override
  public String toString() {
    return buckets
        + " buckets on "
        + (on.isEmpty() ? "all key parts" : String.join(", ", on))
        + (function == BucketFunction.hashMod() ? "" : " by " + function.description());
  }
}
