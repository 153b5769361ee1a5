package dev.rowan.mapping;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.util.ByteArrayHashKey;
import org.apache.hadoop.hbase.util.Hash;
import org.apache.hadoop.hbase.util.MurmurHash3;

/**
 * The salt of a table: how many buckets, which key parts choose the bucket, and the split
 * points that give each bucket its own regions.
 *
 * <p>The bucket of a key is {@code floorMod(murmur3_32(encoded salted parts, seed 0), buckets)}:
 * a function of the encoded bytes only, so it never changes across JVMs or releases.
 *
 * <p>Thread-safety: immutable.
 */
public final class SaltModel {

  /** The largest number of buckets: the bucket is one byte. */
  public static final int MAX_BUCKETS = 256;

  /**
   * The bucket function, as table layouts name it: the only one today. Layouts record it so that
   * other functions can be told apart from it when they come.
   */
  private static final String FUNCTION = "murmur3_32(seed 0) mod buckets";

  private static final Hash MURMUR3 = MurmurHash3.getInstance();

  private final int buckets;
  private final List<String> on;
  private final int regionsPerBucket;

  SaltModel(int buckets, List<String> on, int regionsPerBucket) {
    this.buckets = buckets;
    this.on = List.copyOf(on);
    this.regionsPerBucket = regionsPerBucket;
  }

  /**
   * A salt of {@code buckets} buckets hashed on the key parts named in {@code on} (all when
   * empty), pre-split into {@code regionsPerBucket} regions per bucket.
   *
   * @throws IllegalArgumentException when a number is out of range
   */
  public static SaltModel of(int buckets, List<String> on, int regionsPerBucket) {
    if (buckets < 1 || buckets > MAX_BUCKETS || regionsPerBucket < 1 || regionsPerBucket > 256) {
      throw new IllegalArgumentException("a salt has 1 to " + MAX_BUCKETS + " buckets and 1 to 256 regions each, not "
          + buckets + " and " + regionsPerBucket);
    }
    return new SaltModel(buckets, on, regionsPerBucket);
  }

  /** The number of buckets. */
  public int buckets() {
    return buckets;
  }

  /** The names of the key parts hashed to choose the bucket; empty means all of them. */
  public List<String> on() {
    return on;
  }

  /** The function that chooses the bucket of a key: {@link #FUNCTION}. */
  public String function() {
    return FUNCTION;
  }

  /** Regions per bucket when the table is pre-split. */
  public int regionsPerBucket() {
    return regionsPerBucket;
  }

  /** The bucket of a key whose salted parts are encoded in {@code length} bytes from {@code offset}. */
  public int bucket(byte[] bytes, int offset, int length) {
    return Math.floorMod(MURMUR3.hash(new ByteArrayHashKey(bytes, offset, length), 0), buckets);
  }

  /**
   * The split keys that pre-split a table into {@code regionsPerBucket} regions per bucket:
   * each bucket byte starts a region, and inside a bucket the next byte is split evenly.
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
  public String toString() {
    return buckets + " buckets on " + (on.isEmpty() ? "all key parts" : String.join(", ", on));
  }
}
