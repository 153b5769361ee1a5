package dev.rowan.core.internal.period;

import dev.rowan.core.internal.repository.EntityStore;
import dev.rowan.core.internal.repository.ViewsByName;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

/**
 * The views of an entity kept in one table per period, read by name: each view has a table per
 * period, and a read by name reads it in every period that exists, oldest first. A period found
 * dropped meanwhile reads as empty.
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
final class PeriodViews<T> implements ViewsByName<T> {

  private final PeriodStores<T> stores;

  /** The views of the entities kept in {@code stores}. */
  PeriodViews(PeriodStores<T> stores) {
    this.stores = stores;
  }

  @Override
  public List<String> names() {
    return ViewMaintainer.of(stores.model()).views().stream().map(ViewModel::name).toList();
  }

  @Override
  public List<TableName> tables(String view) {
    ViewModel named = ViewsByName.view(stores.model(), view, 0);
    List<TableName> tables = new ArrayList<>();
    for (LocalDate period : stores.periods()) {
      EntityStore<T> store = stores.existing(period);
      TableName table = store == null ? null : store.viewTables().get(named);
      if (table != null) {
        tables.add(table);
      }
    }
    return tables;
  }

  @Override
  public List<T> find(String view, Object... leading) {
    ViewsByName.view(stores.model(), view, leading.length); // refused even when no period exists
    List<T> found = new ArrayList<>();
    for (LocalDate period : stores.periods()) {
      try {
        EntityStore<T> store = stores.existing(period);
        if (store != null) {
          found.addAll(store.findByView(view, leading));
        }
      } catch (RuntimeException failed) {
        if (!stores.periodGone(failed)) {
          throw failed;
        }
      }
    }
    return found;
  }

  /** Refuses: each period has a table of the view. */
  @Override
  public TableName table(String view) {
    List<TableName> tables = tables(view);
    throw new IllegalStateException(
        stores.model().entityName()
            + " is kept in one table per period (@TablePerPeriod):"
            + " view "
            + view
            + " has a table per period ("
            + pattern(view)
            + "), not one; tables(\""
            + view
            + "\") lists those that exist: "
            + tables.stream().map(TableName::getNameAsString).toList());
  }

  /** How the tables of view {@code view} are named: {@code device_events_YYYY_MM.type}. */
  private String pattern(String view) {
    ViewModel named = ViewsByName.view(stores.model(), view, 0);
    String table = stores.model().tableName();
    return stores.periodModel().pattern(table) + named.tableName().substring(table.length());
  }
}
