package dev.rowan.core.internal.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.mapping.EntityModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/**
 * Internal, not API (use {@link dev.rowan.core.Rowan#schema()}): the {@link ViewLifecycle} of the
 * main table of every set of an entity's tables ({@link TableSets}): one for an entity kept in one
 * set, one per existing period for an entity kept in one table per period
 * ({@code @TablePerPeriod}). Each call is the single table's, made on every main table; what it
 * answers is the union of theirs, and a drop waits one notice for all of them.
 *
 * <p>Thread-safety: immutable; the periods are listed when it is made.
 */
public final class ViewLifecycles {

  private final EntityModel<?> model;
  private final TableSets sets;
  private final List<ViewLifecycle> lifecycles;

  private ViewLifecycles(EntityModel<?> model, TableSets sets, List<ViewLifecycle> lifecycles) {
    this.model = model;
    this.sets = sets;
    this.lifecycles = List.copyOf(lifecycles);
  }

  /**
   * The lifecycles of the main tables of {@code model}'s sets named by {@code names}, for clients
   * that read the view states every {@code refresh}: of each period whose main table exists now,
   * for an entity kept in one table per period.
   *
   * @throws DataAccessException when HBase fails to list the periods
   */
  public static ViewLifecycles of(
      Connection connection,
      Function<String, TableName> names,
      Duration refresh,
      EntityModel<?> model) {
    TableSets sets = new SchemaAdmin(connection, null, names).tableSets(model);
    List<ViewLifecycle> lifecycles = new ArrayList<>();
    for (NamedTableSet set : sets.sets(model)) {
      lifecycles.add(new ViewLifecycle(connection, set.names(), refresh));
    }
    return new ViewLifecycles(model, sets, lifecycles);
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

  /**
   * Makes the building views named in {@code views} active on every main table ({@link
   * ViewLifecycle#activateOnly}).
   */
  public Set<String> activateOnly(Collection<String> views) {
    Set<String> activated = new TreeSet<>();
    lifecycles.forEach(lifecycle -> activated.addAll(lifecycle.activateOnly(model, views)));
    return activated;
  }

  /**
   * Waits until every client has known the building views of every main table ({@link
   * ViewLifecycle#awaitNotice}).
   */
  public void awaitNotice() {
    lifecycles.forEach(lifecycle -> lifecycle.awaitNotice(model));
  }

  /**
   * Drops view {@code view} from every main table that has it: each stops naming it and its table
   * is marked dropping ({@link ViewLifecycle#markDropping}), then, one notice later, the tables are
   * deleted.
   *
   * @throws IllegalArgumentException when no main table has the view's table
   * @throws DataAccessException when HBase fails or the wait is interrupted
   */
  public void dropView(String view) {
    List<TableName> marked = new ArrayList<>();
    for (ViewLifecycle lifecycle : lifecycles) {
      TableName table = lifecycle.markDropping(model, view);
      if (table != null) {
        marked.add(table);
      }
    }
    if (marked.isEmpty()) {
      throw sets.noViewTable(model, view, lifecycles);
    }
    lifecycles.get(0).awaitNoticeFromNow(marked.get(0).getNameAsString());
    marked.forEach(lifecycles.get(0)::deleteViewTable);
  }
}
