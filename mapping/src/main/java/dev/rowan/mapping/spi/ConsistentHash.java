package dev.rowan.mapping.spi;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.apache.hadoop.hbase.util.ByteArrayHashKey;
import org.apache.hadoop.hbase.util.Hash;
import org.apache.hadoop.hbase.util.MurmurHash3;

/**
 * A consistent-hash ring of {@code virtualNodes} points per bucket. Point {@code v} of bucket
 * {@code b} sits at {@code murmur3_32(b as 4 bytes big-endian, v as 4 bytes big-endian, seed 0)}; a
 * key sits at {@code murmur3_32(salted bytes, seed 0)}; both are compared as unsigned numbers, and
 * a key belongs to the first point at or after it, wrapping round to the first point of the ring.
 * Points at the same place are ordered by bucket. A point depends only on its bucket and number, so
 * adding bucket {@code n} leaves every other point where it was, and only the keys the new points
 * take move.
 *
 * <p>Equal by its number of virtual nodes. The ring of each bucket count is built once, on first
 * use. Thread-safe.
 */
final class ConsistentHash implements BucketFunction {

  /** The most virtual nodes per bucket. */
  static final int MAX_VIRTUAL_NODES = 1024;

  private static final int MAX_BUCKETS = 256;
  private static final Hash MURMUR3 = MurmurHash3.getInstance();

  private final int virtualNodes;
  private final AtomicReferenceArray<Ring> rings = new AtomicReferenceArray<>(MAX_BUCKETS + 1);

  ConsistentHash(int virtualNodes) {
    if (virtualNodes < 1 || virtualNodes > MAX_VIRTUAL_NODES) {
      throw new IllegalArgumentException(
          "a consistent-hash ring has 1 to "
              + MAX_VIRTUAL_NODES
              + " virtual nodes per bucket, not "
              + virtualNodes);
    }
    this.virtualNodes = virtualNodes;
  }

  @Override
  public int bucket(byte[] bytes, int offset, int length, int buckets) {
    return ring(buckets)
        .owner(unsigned(MURMUR3.hash(new ByteArrayHashKey(bytes, offset, length), 0)));
  }

  @Override
  public String description() {
    return "ring of " + virtualNodes + " virtual nodes per bucket on murmur3_32(seed 0)";
  }

  /** The number of virtual nodes per bucket. */
  int virtualNodes() {
    return virtualNodes;
  }

  private Ring ring(int buckets) {
    if (buckets < 1 || buckets > MAX_BUCKETS) {
      throw new IllegalArgumentException(
          "a salt has 1 to " + MAX_BUCKETS + " buckets, not " + buckets);
    }
    Ring ring = rings.get(buckets);
    if (ring == null) {
      ring = new Ring(buckets, virtualNodes);
      rings.compareAndSet(buckets, null, ring);
    }
    return ring;
  }

  /** A hash as an unsigned number that keeps its order in a signed int: the sign bit flipped. */
  private static int unsigned(int hash) {
    return hash ^ Integer.MIN_VALUE;
  }

  /** The points of one bucket count, sorted by place, then bucket. */
  private static final class Ring {

    private final int[] places;
    private final int[] owners;

    Ring(int buckets, int virtualNodes) {
      long[] points = new long[buckets * virtualNodes];
      byte[] id = new byte[8];
      int n = 0;
      for (int bucket = 0; bucket < buckets; bucket++) {
        for (int node = 0; node < virtualNodes; node++) {
          putInt(id, 0, bucket);
          putInt(id, 4, node);
          int place = unsigned(MURMUR3.hash(new ByteArrayHashKey(id, 0, id.length), 0));
          points[n++] = ((long) place << 32) | bucket; // sorts by place, then bucket
        }
      }
      Arrays.sort(points);
      places = new int[points.length];
      owners = new int[points.length];
      for (int i = 0; i < points.length; i++) {
        places[i] = (int) (points[i] >> 32);
        owners[i] = (int) points[i];
      }
    }

    /** The bucket of the first point at or after {@code place}, wrapping round. */
    int owner(int place) {
      int low = 0;
      int high = places.length;
      while (low < high) {
        int mid = (low + high) >>> 1;
        if (places[mid] < place) {
          low = mid + 1;
        } else {
          high = mid;
        }
      }
      return owners[low == places.length ? 0 : low];
    }

    private static void putInt(byte[] bytes, int at, int value) {
      bytes[at] = (byte) (value >>> 24);
      bytes[at + 1] = (byte) (value >>> 16);
      bytes[at + 2] = (byte) (value >>> 8);
      bytes[at + 3] = (byte) value;
    }
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ConsistentHash ring && ring.virtualNodes == virtualNodes;
  }

  @Override
  public int hashCode() {
    return Integer.hashCode(virtualNodes) * 31 + 7;
  }

  @Override
  public String toString() {
    return description();
  }
}
