package dev.rowan.core;

import dev.rowan.core.internal.EntityStore;
import dev.rowan.index.ViewModel;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;

/**
 * The views of one entity type, read directly by name: for diagnostics, operations and tests
 * ("what does the seller view say for seller s-1, and in which table?"). Applications query views
 * through repository methods, which Rowan plans; these reads are not planned, and every row they
 * return is checked as a query's rows are, so they never return an entity the view row no longer
 * stands for.
 *
 * <pre>{@code
 * EntityViews<Order> views = rowan.views(Order.class);
 * List<Order> orders = views.find("seller", "s-1");   // every order of seller s-1, in view key order
 * TableName table = views.table("seller");            // shop:orders.seller
 * }</pre>
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
public final class EntityViews<T> {

  private final EntityStore<T> store;

  EntityViews(EntityStore<T> store) {
    this.store = store;
  }

  /** The names of the entity's views, in declaration order. */
  public List<String> names() {
    return store.viewTables().keySet().stream().map(ViewModel::name).toList();
  }

  /**
   * The HBase table of view {@code view} (its name as declared, ignoring case).
   *
   * @throws IllegalArgumentException when the entity has no such view
   */
  public TableName table(String view) {
    for (Map.Entry<ViewModel, TableName> entry : store.viewTables().entrySet()) {
      if (entry.getKey().name().equalsIgnoreCase(view)) {
        return entry.getValue();
      }
    }
    throw new IllegalArgumentException(store.model().entityName() + " has no view '" + view + "'; its views are "
        + names());
  }

  /**
   * The entities whose leading view key properties equal {@code leadingKeyParts}, through view
   * {@code view}, in view key order (merged across salt buckets). No parts: every entity of the
   * view.
   *
   * @throws IllegalArgumentException when the entity has no such view, or more parts are given
   *     than the view's key has
   * @throws DataAccessException when HBase fails
   */
  public List<T> find(String view, Object... leadingKeyParts) {
    return store.findByView(view, leadingKeyParts);
  }
}
