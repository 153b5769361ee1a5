package dev.rowan.core.internal.repository;

import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewNames;
import dev.rowan.mapping.EntityModel;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;

/**
 * The views of one entity type, read by name ({@code rowan.views(...)}): those of one entity's
 * tables ({@link #of}), or of every period an entity kept in one table per period has ({@link
 * dev.rowan.core.internal.period.PeriodViews}); an entity's {@link EntityStorage} gives them.
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
public interface ViewsByName<T> {

  /** The names of the entity's views, in declaration order. */
  List<String> names();

  /**
   * The HBase tables of view {@code view}: one, or one per period that exists, oldest first.
   *
   * @throws IllegalArgumentException when the entity has no such view
   */
  List<TableName> tables(String view);

  /**
   * The entities whose leading view key properties equal {@code leading}, through view {@code
   * view}, in view key order (period after period, oldest first, when kept per period).
   *
   * @throws IllegalArgumentException when the entity has no such view, or more parts are given than
   *     the view's key has
   */
  List<T> find(String view, Object... leading);

  /**
   * The one HBase table of view {@code view}.
   *
   * @throws IllegalArgumentException when the entity has no such view
   * @throws IllegalStateException when the view has a table per period, naming the entity, how the
   *     view's tables are named and those that exist
   */
  TableName table(String view);

  /**
   * The view of {@code model} named {@code view} (ignoring case), read with {@code parts} leading
   * key parts.
   *
   * @throws IllegalArgumentException naming the entity and its views when it has no such view, or
   *     naming the view when it has fewer key properties than {@code parts}
   */
  static ViewModel view(EntityModel<?> model, String view, int parts) {
    List<ViewModel> views = ViewMaintainer.of(model).views();
    ViewModel found = ViewNames.require("", model.entityName(), views, view);
    if (parts > found.keyProperties().size()) {
      throw new IllegalArgumentException(
          "view "
              + found.name()
              + " of "
              + model.entityName()
              + " has "
              + found.keyProperties().size()
              + " key properties, not "
              + parts);
    }
    return found;
  }

  /** The views of {@code store}'s entities. */
  static <T> ViewsByName<T> of(EntityStore<T> store) {
    return new ViewsByName<>() {
      @Override
      public List<String> names() {
        return ViewMaintainer.of(store.model()).views().stream().map(ViewModel::name).toList();
      }

      @Override
      public List<TableName> tables(String view) {
        String name = view(store.model(), view, 0).name();
        for (Map.Entry<ViewModel, TableName> entry : store.viewTables().entrySet()) {
          if (entry.getKey().name().equals(name)) {
            return List.of(entry.getValue());
          }
        }
        throw new IllegalArgumentException(
            store.model().entityName() + " has no view '" + view + "'");
      }

      @Override
      public TableName table(String view) {
        return tables(view).get(0);
      }

      @Override
      public List<T> find(String view, Object... leading) {
        return store.findByView(view, leading);
      }
    };
  }
}
