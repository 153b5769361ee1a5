package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a field as a part of the row key. Parts are encoded in {@link #order()} so that the byte
 * order of keys equals the order of the values, part by part.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface RowKey {

  /** The position of this part in the composite key, from 0. */
  int order() default 0;
}
