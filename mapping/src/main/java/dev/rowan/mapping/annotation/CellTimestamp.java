package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Maps a {@code long}, {@code Long} or {@code Instant} field to the timestamp of the entity's cells
 * instead of a column: written as the cells' timestamp, read back from the newest cell. Not allowed
 * on an entity with views ({@link Index}): the view protocol chooses the cell timestamps of their
 * rows. See docs/row-keys.md, "Cell timestamps".
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.FIELD})
public @interface CellTimestamp {}
