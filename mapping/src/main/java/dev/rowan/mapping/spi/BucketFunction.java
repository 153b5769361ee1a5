package dev.rowan.mapping.spi;

/**
 * Chooses the salt bucket of a key from the encoded bytes of its salted parts: the strategy of
 * {@code @Salt}. Rowan ships two, {@link #hashMod()} (the default) and {@link
 * #consistentHash(int)}; a table may name a class of its own with {@code @Salt(function = ...)}.
 *
 * <p>An implementation must be
 *
 * <ul>
 *   <li><b>a pure function of its arguments</b>: the same bucket for the same bytes and bucket
 *       count in every JVM and every release, or stored rows can no longer be found. So no {@code
 *       Object.hashCode} of an identity, no {@code String.hashCode} of a platform charset, no
 *       unseeded {@code Random};
 *   <li><b>equal by value</b>: two instances made from the same settings are {@link Object#equals
 *       equal} and have the same {@link Object#hashCode}, because a cached entity model compares
 *       them (Rowan makes two instances of a user's class and refuses the mapping when they
 *       differ);
 *   <li><b>described</b>: {@link #description()} gives the function and its settings in words. It
 *       is part of the key layout every table records, so it must change exactly when the buckets
 *       it chooses change: a table written under one description is refused by a mapping with
 *       another;
 *   <li><b>thread-safe</b>: it is called by every writer and reader at once.
 * </ul>
 *
 * <p>A user's class is made once per entity class, by its no-argument constructor, or is the single
 * constant of an enum.
 *
 * @since 0.1
 */
public interface BucketFunction {

  /**
   * The bucket, from 0 to {@code buckets - 1}, of the key whose salted parts are encoded in the
   * {@code length} bytes of {@code bytes} from {@code offset}.
   *
   * @param buckets the number of buckets of the table, from 1 to 256
   */
  int bucket(byte[] bytes, int offset, int length, int buckets);

  /**
   * The function and its settings in words, as table layouts record it, for example {@code
   * "murmur3_32(seed 0) mod buckets"}.
   */
  String description();

  /**
   * {@code floorMod(murmur3_32(bytes, seed 0), buckets)}: the default, and the function of every
   * table salted before strategies existed. Even, and cheap; but a change of the bucket count moves
   * about {@code n/(n+1)} of the keys.
   */
  static BucketFunction hashMod() {
    return HashMod.INSTANCE;
  }

  /**
   * A consistent-hash ring: every bucket owns {@code virtualNodes} points on a ring of 32-bit
   * murmur3 hashes, and a key belongs to the bucket of the first point at or after its own hash.
   * Going from {@code n} to {@code n + 1} buckets moves only the keys the new bucket's points take,
   * about {@code 1/(n+1)} of them; the more virtual nodes, the more even the buckets.
   *
   * @throws IllegalArgumentException when {@code virtualNodes} is not from 1 to 1024
   */
  static BucketFunction consistentHash(int virtualNodes) {
    return new ConsistentHash(virtualNodes);
  }
}
