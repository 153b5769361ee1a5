package dev.rowan.mapping.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Repeatable;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a view: a denormalized index table whose row key starts with the named properties,
 * maintained on every write, so that a query on those properties reads a key range instead of the
 * whole table. The view row key is {@code [salt][key properties][remaining row key parts]}, so
 * every entity has exactly one view row. Repeatable.
 *
 * @since 0.1
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE})
@Repeatable(Indexes.class)
public @interface Index {

  /** The view name, used in query method names ({@code findBy<Name>...}) and its table name. */
  String name();

  /** The properties, in order, that lead the view row key. */
  String[] key();

  /** The properties the view carries; empty means every column (a full copy). */
  String[] include() default {};

  /** Whether a second entity with the same view key is refused. */
  boolean unique() default false;

  /**
   * How the view's rows hold the columns they carry: packed into the row's status cell (the
   * default), or a cell per column. See docs/view-consistency.md, "What is stored".
   *
   * @since 0.2
   */
  Format format() default Format.PACKED;

  /**
   * How a view row holds its carried columns. A view table is Rowan's own format: no other tool
   * reads it, so the default is the one that reads fastest.
   *
   * @since 0.2
   */
  enum Format {
    /**
     * Every carried column in one value, after the row's status in its status cell: one cell a row,
     * the fewest for a region server to scan.
     */
    PACKED,
    /**
     * A cell per carried column, named as in the main table, beside the status cell and the write
     * mark: the format of Rowan before 0.2.
     */
    COLUMNS
  }
}
