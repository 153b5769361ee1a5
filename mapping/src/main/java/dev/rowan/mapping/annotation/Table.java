package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Maps a class or record to an HBase table, one entity per row (tall) or, with {@link ColumnKey}
 * fields, many entities per row (wide).
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE})
public @interface Table {

  /** The table name; defaults to the simple class name in lower case. */
  String name() default "";

  /** Salting: a bucket byte in front of every row key. The default, zero buckets, is no salt. */
  Salt salt() default @Salt(buckets = 0);
}
