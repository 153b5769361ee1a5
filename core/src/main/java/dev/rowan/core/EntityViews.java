package dev.rowan.core;

import dev.rowan.core.internal.repository.ViewsByName;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

/**
 * The views of one entity type, read directly by name: for diagnostics, operations and tests ("what
 * does the seller view say for seller s-1, and in which table?"). Applications query views through
 * repository methods, which Rowan plans; these reads are not planned, and every row they return is
 * checked as a query's rows are, so they never return an entity the view row no longer stands for.
 *
 * <pre>{@code
 * EntityViews<Order> views = rowan.views(Order.class);
 * List<Order> orders = views.find("seller", "s-1");   // every order of seller s-1, in view key order
 * TableName table = views.table("seller");            // shop:orders.seller
 * }</pre>
 *
 * <p>An entity kept in one table per period ({@code @TablePerPeriod}) has a table of each view per
 * period: {@link #find} reads the view in every period that exists, oldest first, and {@link
 * #tables} lists its tables; {@link #table} has no single answer and refuses.
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 * @since 0.1
 */
public final class EntityViews<T> {

  private final ViewsByName<T> views;

  EntityViews(ViewsByName<T> views) {
    this.views = views;
  }

  /** The names of the entity's views, in declaration order. */
  public List<String> names() {
    return views.names();
  }

  /**
   * The HBase table of view {@code view} (its name as declared, ignoring case).
   *
   * @throws IllegalArgumentException when the entity has no such view
   * @throws IllegalStateException when the entity is kept in one table per period, naming the
   *     entity, how the view's tables are named and those that exist ({@link #tables})
   */
  public TableName table(String view) {
    return views.table(view);
  }

  /**
   * The HBase tables of view {@code view} (its name as declared, ignoring case): its one table, or,
   * of an entity kept in one table per period, its table in each period that exists, oldest first.
   *
   * @throws IllegalArgumentException when the entity has no such view
   * @throws DataAccessException when HBase fails listing the periods
   */
  public List<TableName> tables(String view) {
    return views.tables(view);
  }

  /**
   * The entities whose leading view key properties equal {@code leadingKeyParts}, through view
   * {@code view}, in view key order (merged across salt buckets); of an entity kept in one table
   * per period, period after period, oldest first. No parts: every entity of the view.
   *
   * @throws IllegalArgumentException when the entity has no such view, or more parts are given than
   *     the view's key has
   * @throws DataAccessException when HBase fails
   */
  public List<T> find(String view, Object... leadingKeyParts) {
    return views.find(view, leadingKeyParts);
  }
}
