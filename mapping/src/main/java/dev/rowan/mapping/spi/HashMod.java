package dev.rowan.mapping.spi;

import org.apache.hadoop.hbase.util.ByteArrayHashKey;
import org.apache.hadoop.hbase.util.Hash;
import org.apache.hadoop.hbase.util.MurmurHash3;

/** {@code floorMod(murmur3_32(bytes, seed 0), buckets)}; stateless, so an enum singleton. */
enum HashMod implements BucketFunction {
  INSTANCE;

  private static final Hash MURMUR3 = MurmurHash3.getInstance();

  @Override
  public int bucket(byte[] bytes, int offset, int length, int buckets) {
    return Math.floorMod(MURMUR3.hash(new ByteArrayHashKey(bytes, offset, length), 0), buckets);
  }

  /** The description tables salted before strategies existed record: it must never change. */
  @Override
  public String description() {
    return "murmur3_32(seed 0) mod buckets";
  }

  @Override
  public String toString() {
    return description();
  }
}
