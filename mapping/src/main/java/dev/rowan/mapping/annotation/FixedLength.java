package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Encodes a key part in a fixed width, with no terminator: strings are padded to {@link #value()}
 * bytes of UTF-8, whole numbers become zero-padded decimal digits (readable in the HBase shell;
 * negative numbers are refused), and byte arrays must be exactly that long. A longer value is
 * refused with an error naming the field and the value's length.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface FixedLength {

  /** The width in bytes. */
  int value();
}
