package dev.rowan.mapping.annotation;

import dev.rowan.mapping.spi.BucketFunction;
import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Salts the row keys of a table: each key starts with a bucket byte, computed from all key parts or
 * from the ones named in {@link #on()}. The table is pre-split so that each bucket starts a region.
 * Salting spreads sequential keys (timestamps, counters) over the region servers; a range scan then
 * reads every bucket and merges them.
 *
 * <p>The bucket function is a strategy: {@code hash % buckets} by default ({@link
 * Strategy#HASH_MOD}), a consistent-hash ring ({@link Strategy#CONSISTENT_HASH}, with {@link
 * #virtualNodes()} points per bucket), or a class of one's own ({@link #function()}):
 *
 * <ul>
 *   <li>{@code @Salt(buckets = 16)}: {@code floorMod(murmur3_32(bytes, seed 0), 16)};
 *   <li>{@code @Salt(buckets = 16, strategy = Salt.Strategy.CONSISTENT_HASH)}: a ring of {@value
 *       #DEFAULT_VIRTUAL_NODES} points per bucket; add {@code virtualNodes = 64} for 64;
 *   <li>{@code @Salt(buckets = 16, function = MyBuckets.class)}: a {@link BucketFunction} of one's
 *       own.
 * </ul>
 *
 * <p>The hash is of the encoded key parts, so it is stable across JVMs and versions; a random salt
 * is not offered because a get could no longer find its row. The function is part of the key layout
 * a table records: a mapping with another function (or another number of virtual nodes) is refused
 * on a table written with the first.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface Salt {

  /** The number of buckets, from 1 to 256; 0 means not salted. */
  int buckets();

  /**
   * The key parts, by field name, whose value picks the bucket; empty means all row key parts.
   * Naming a leading part keeps all rows that share it in one bucket (e.g. one seller).
   */
  String[] on() default {};

  /** Regions to pre-split each bucket into when the table is created. */
  int regionsPerBucket() default 1;

  /**
   * The built-in bucket function; {@link Strategy#HASH_MOD} unless given. Leave it at the default
   * when {@link #function()} names a class.
   */
  Strategy strategy() default Strategy.HASH_MOD;

  /**
   * The points per bucket on the ring of {@link Strategy#CONSISTENT_HASH}, from 1 to 1024; 0 (the
   * default) means {@value #DEFAULT_VIRTUAL_NODES}. Only for that strategy.
   */
  int virtualNodes() default 0;

  /**
   * A bucket function of one's own: a class with a no-argument constructor, or an enum of one
   * constant, whose instances are equal by value ({@link BucketFunction} has the contract). {@code
   * BucketFunction.class}, the default, means none: {@link #strategy()} decides.
   */
  Class<? extends BucketFunction> function() default BucketFunction.class;

  /** The virtual nodes per bucket of a ring whose {@link #virtualNodes()} is 0. */
  int DEFAULT_VIRTUAL_NODES = 256;

  /** The bucket functions Rowan ships. */
  enum Strategy {
    /**
     * {@code floorMod(murmur3_32(salted bytes, seed 0), buckets)}: the default, and what every
     * table salted before strategies existed was written with. A change of bucket count moves about
     * {@code n/(n+1)} of the keys.
     */
    HASH_MOD,
    /**
     * A consistent-hash ring of {@link #virtualNodes()} points per bucket ({@link
     * BucketFunction#consistentHash(int)}): a change from {@code n} to {@code n + 1} buckets moves
     * about {@code 1/(n+1)} of the keys.
     */
    CONSISTENT_HASH
  }
}
