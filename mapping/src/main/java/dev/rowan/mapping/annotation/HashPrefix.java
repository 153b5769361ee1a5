package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Starts the row key with the first {@link #length()} hex characters of the MD5 of this key part's
 * value as UTF-8 text (the {@code md5(uid).substr(0,4)} trick): rows spread evenly and a get still
 * finds its row. At most one field of an entity carries it.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface HashPrefix {

  /** How many hex characters of the digest lead the key, from 1 to 32. */
  int length() default 4;
}
