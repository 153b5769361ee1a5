package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a key part that is stored in the column qualifier instead of the row key: the entity is
 * then stored wide, every entity sharing the remaining row key in one row, ordered by this part.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface ColumnKey {

  /** The position of this part among the column key parts, from 0. */
  int order() default 0;
}
