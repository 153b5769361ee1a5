package dev.rowan.core.spi;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The name by which observations report a repository interface or one of its methods (the {@code
 * rowan.repository} and {@code rowan.method} tags, docs/observability.md), where it is not the
 * interface's simple name or the method's name: for a repository interface that a framework
 * generates from the one an application declared (as {@code rowan-spring} does for methods that
 * take Spring Data's types), so that the metrics name what the application wrote. Read once, when
 * the repository is built.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface ObservedAs {

  /** The repository's or the method's name, as observations report it. */
  String value();
}
