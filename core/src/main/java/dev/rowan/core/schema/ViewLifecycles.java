package dev.rowan.core.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.mapping.EntityModel;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/**
 * Internal, not API (use {@link dev.rowan.core.Rowan#schema()}): the {@link ViewLifecycle} of
 * every main table of an entity, one for an entity kept in one table, one per existing period for
 * an entity kept in one table per period ({@code @TablePerPeriod}). Each call is the single
 * table's, made on every main table; what it answers is the union of theirs, and a drop waits
 * one notice for all of them.
 *
 * <p>Thread-safety: immutable; the periods are listed when it is made.
 */
public final class ViewLifecycles {

  private final EntityModel<?> model;
  private final List<ViewLifecycle> lifecycles;

  private ViewLifecycles(EntityModel<?> model, List<ViewLifecycle> lifecycles) {
    this.model = model;
    this.lifecycles = List.copyOf(lifecycles);
  }

  /**
   * The lifecycles of the main tables of {@code model} named by {@code names}, for clients that
   * read the view states every {@code refresh}: of each period whose main table exists now, for
   * an entity kept in one table per period.
   *
   * @throws DataAccessException when HBase fails to list the periods
   */
  public static ViewLifecycles of(Connection connection, Function<String, TableName> names, Duration refresh,
      EntityModel<?> model) {
    if (model.periods() == null) {
      return new ViewLifecycles(model, List.of(new ViewLifecycle(connection, names, refresh)));
    }
    List<ViewLifecycle> lifecycles = new ArrayList<>();
    for (LocalDate period : new PeriodSchema(connection, null, names).existing(model)) {
      lifecycles.add(new ViewLifecycle(connection, PeriodSchema.names(model, period, names), refresh));
    }
    return new ViewLifecycles(model, lifecycles);
  }

  /** The views building on some main table ({@link ViewLifecycle#buildingViews}). */
  public Set<String> buildingViews() {
    Set<String> building = new TreeSet<>();
    lifecycles.forEach(lifecycle -> building.addAll(lifecycle.buildingViews(model)));
    return building;
  }

  /** The views some main table does not name ({@link ViewLifecycle#droppedViews}). */
  public Set<String> droppedViews() {
    Set<String> dropped = new TreeSet<>();
    lifecycles.forEach(lifecycle -> dropped.addAll(lifecycle.droppedViews(model)));
    return dropped;
  }

  /** Makes every building view active on every main table; the views made active somewhere. */
  public Set<String> activateViews() {
    Set<String> activated = new TreeSet<>();
    lifecycles.forEach(lifecycle -> activated.addAll(lifecycle.activateViews(model)));
    return activated;
  }

  /** Makes the building views named in {@code views} active on every main table ({@link ViewLifecycle#activateOnly}). */
  public Set<String> activateOnly(Collection<String> views) {
    Set<String> activated = new TreeSet<>();
    lifecycles.forEach(lifecycle -> activated.addAll(lifecycle.activateOnly(model, views)));
    return activated;
  }

  /** Waits until every client has known the building views of every main table ({@link ViewLifecycle#awaitNotice}). */
  public void awaitNotice() {
    lifecycles.forEach(lifecycle -> lifecycle.awaitNotice(model));
  }

  /**
   * Drops view {@code view} from every main table that has it ({@link ViewLifecycle#dropView}):
   * each stops naming it and its table is marked dropping, then, one notice later, the tables are
   * deleted.
   *
   * @throws IllegalArgumentException when no main table has the view's table
   * @throws DataAccessException when HBase fails or the wait is interrupted
   */
  public void dropView(String view) {
    if (model.periods() == null) {
      lifecycles.get(0).dropView(model, view);
      return;
    }
    List<TableName> marked = new ArrayList<>();
    for (ViewLifecycle lifecycle : lifecycles) {
      TableName table = lifecycle.markDropping(model, view);
      if (table != null) {
        marked.add(table);
      }
    }
    if (marked.isEmpty()) {
      throw new IllegalArgumentException("cannot drop view '" + view + "' of " + model.entityName() + ": no period"
          + " has its table (" + model.periods().describe(model.tableName()) + ", " + lifecycles.size()
          + " periods exist)");
    }
    lifecycles.get(0).awaitNoticeFromNow(marked.get(0).getNameAsString());
    marked.forEach(lifecycles.get(0)::deleteViewTable);
  }
}
