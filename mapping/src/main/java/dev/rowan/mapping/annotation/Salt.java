package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Salts the row keys of a table: each key starts with a bucket byte, {@code hash % buckets},
 * computed from all key parts or from the ones named in {@link #on()}. The table is pre-split so
 * that each bucket starts a region. Salting spreads sequential keys (timestamps, counters) over
 * the region servers; a range scan then reads every bucket and merges them.
 *
 * <p>The hash is of the encoded key parts, so it is stable across JVMs and versions; a random
 * salt is not offered because a get could no longer find its row.
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
}
