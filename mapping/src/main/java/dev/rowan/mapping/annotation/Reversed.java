package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Stores a string key part reversed (the phone-number trick): keys that share a busy prefix spread
 * over the key space. Byte order then follows no order of the values, so query methods bind such a
 * part by equality only: it carries no range and no {@code StartingWith}.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface Reversed {}
