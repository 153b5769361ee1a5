package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Maps a field to a column. Fields without any annotation are columns too, with the defaults;
 * static and transient fields and fields marked {@link Transient} are not mapped.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface Column {

  /** The family; may be omitted when the entity has one family. */
  String family() default "";

  /** The qualifier; defaults to the field name. Short qualifiers save space in every cell. */
  String name() default "";
}
