package dev.rowan.core.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.SplitPolicy;
import dev.rowan.core.internal.HBaseCalls;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.IndexDefinition;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * Internal, not API (use {@link dev.rowan.core.Rowan#schema()}): the life of a view on a live
 * table, recorded in {@link ViewStates}: added (named on the main table, building when the main
 * table holds data), made active by {@code RebuildViews}, dropped. Every client reads the states
 * again every {@code refresh}, so a change is known to all of them one <em>notice</em> (three times
 * the refresh, and a second) after it is recorded: a build starts its scan, and a drop deletes the
 * table, only then (docs/view-consistency.md, "Views on live tables").
 *
 * <p>Thread-safety: thread-safe; each call opens its own {@code Admin}.
 */
public final class ViewLifecycle {

  private final Connection connection;
  private final Function<String, TableName> names;
  private final Duration notice;

  /**
   * Works on the tables of {@code connection}'s cluster named by {@code names}, for clients that
   * read the view states every {@code refresh}.
   */
  public ViewLifecycle(Connection connection, Function<String, TableName> names, Duration refresh) {
    this.connection = Objects.requireNonNull(connection, "connection");
    this.names = Objects.requireNonNull(names, "names");
    this.notice = refresh.multipliedBy(3).plusSeconds(1);
  }

  /** How long after a recorded change every client knows it. */
  public Duration notice() {
    return notice;
  }

  /**
   * The names of the views of {@code model} whose tables are building; one
   * {@code Admin.getDescriptor} per view table; missing tables are not building.
   *
   * @throws DataAccessException when HBase fails
   */
  public Set<String> buildingViews(EntityModel<?> model) {
    return buildingViewTables(model, "read the view states of", (admin, live, view) -> {});
  }

  /**
   * Makes every building view of {@code model} active: once {@code RebuildViews} has filled
   * them, queries may read them.
   *
   * @return the names of the views made active
   * @throws DataAccessException when HBase fails
   */
  public Set<String> activateViews(EntityModel<?> model) {
    return activateViews(model, Set.of());
  }

  /**
   * Makes every building view of {@code model} active but those named in {@code kept}.
   *
   * @return the names of the views made active
   * @throws DataAccessException when HBase fails
   */
  public Set<String> activateViews(EntityModel<?> model, Set<String> kept) {
    Set<String> building = buildingViews(model);
    building.removeAll(kept);
    buildingViewTables(model, "activate the views of", (admin, live, view) -> {
      if (building.contains(view)) {
        admin.modifyTable(ViewStates.active(live));
      }
    });
    return building;
  }

  /**
   * Waits until every client has known the building views of {@code model} for one notice since
   * they were added, so that every writer that refuses to write past them does: a scan of the
   * main table that starts then sees every entity that a writer wrote without them.
   *
   * @throws DataAccessException when HBase fails or the wait is interrupted
   */
  public void awaitNotice(EntityModel<?> model) {
    long newest = 0;
    for (TableDescriptor live : viewDescriptors(model)) {
      if (ViewStates.isBuilding(live)) {
        newest = Math.max(newest, ViewStates.since(live));
      }
    }
    sleepUntil(newest + notice.toMillis(), model.tableName());
  }

  /**
   * Names every view of {@code model} whose table exists on its main table, keeping those the
   * main table names already (a view another version of the class declares): what
   * {@code schema().create} records once it has made the tables.
   */
  void recordViews(Admin admin, EntityModel<?> model) throws IOException {
    TableName main = names.apply(model.tableName());
    TableDescriptor live = SchemaAdmin.describe(admin, main);
    if (live == null) {
      return;
    }
    Set<String> views = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    ViewStates.views(live).ifPresent(views::addAll);
    for (IndexDefinition index : model.indexes()) {
      TableDescriptor view = SchemaAdmin.describe(admin, viewTable(model, index.name()));
      if (view != null && !ViewStates.isDropping(view)) {
        views.add(index.name());
      }
    }
    if (!ViewStates.views(live).equals(java.util.Optional.of(views))) {
      admin.modifyTable(ViewStates.withViews(live, views));
    }
  }

  /**
   * Drops view {@code view} of {@code model}'s main table while clients write and read: the main
   * table stops naming it and its table is marked dropping, so that every client stops reading
   * and writing it within two refreshes; one notice later the table is deleted.
   *
   * @throws IllegalArgumentException when the main table has no such view
   * @throws DataAccessException when HBase fails or the wait is interrupted
   */
  public void dropView(EntityModel<?> model, String view) {
    Objects.requireNonNull(view, "view");
    TableName main = names.apply(model.tableName());
    TableName table = viewTable(model, view);
    boolean known = HBaseCalls.admin(connection, main, "drop view " + view + " of", admin -> {
      TableDescriptor live = SchemaAdmin.describe(admin, main);
      TableDescriptor viewLive = SchemaAdmin.describe(admin, table);
      if (live == null || viewLive == null) {
        return false;
      }
      Set<String> views = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
      java.util.Optional<Set<String>> named = ViewStates.views(live);
      views.addAll(named.isPresent() ? named.get() : existingViews(admin, model));
      views.remove(view);
      admin.modifyTable(ViewStates.withViews(live, views));
      if (!ViewStates.isDropping(viewLive)) {
        admin.modifyTable(ViewStates.dropping(viewLive));
      }
      return true;
    });
    if (!known) {
      throw new IllegalArgumentException("cannot drop view '" + view + "' of " + model.entityName() + ": table "
          + (HBaseCalls.admin(connection, main, "describe", admin -> SchemaAdmin.describe(admin, main)) == null
              ? main.getNameAsString() : table.getNameAsString()) + " does not exist");
    }
    sleepUntil(System.currentTimeMillis() + notice.toMillis(), table.getNameAsString());
    HBaseCalls.admin(connection, table, "drop view table", admin -> {
      SchemaAdmin.dropTable(admin, table);
      return null;
    });
  }

  /** The names of the declared views of {@code model} whose tables exist and are not dropping. */
  private Set<String> existingViews(Admin admin, EntityModel<?> model) throws IOException {
    Set<String> views = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    for (IndexDefinition index : model.indexes()) {
      TableDescriptor live = SchemaAdmin.describe(admin, viewTable(model, index.name()));
      if (live != null && !ViewStates.isDropping(live)) {
        views.add(index.name());
      }
    }
    return views;
  }

  private TableName viewTable(EntityModel<?> model, String view) {
    return names.apply(model.tableName() + "." + view);
  }

  /** The live descriptors of the view tables of {@code model} that exist. */
  private List<TableDescriptor> viewDescriptors(EntityModel<?> model) {
    EntityTables tables = EntityTables.of(model, SplitPolicy.salted(), names);
    return HBaseCalls.admin(connection, tables.tables().get(0).name(), "read the view states of", admin -> {
      List<TableDescriptor> found = new java.util.ArrayList<>();
      for (TableSpec table : tables.tables().subList(1, tables.tables().size())) {
        TableDescriptor live = SchemaAdmin.describe(admin, table.name());
        if (live != null) {
          found.add(live);
        }
      }
      return found;
    });
  }

  /** What is done to the live descriptor of a building view table. */
  private interface BuildingViewAction {
    void apply(Admin admin, TableDescriptor live, String view) throws IOException;
  }

  /** The names of the building views of {@code model}, after doing {@code action} to each. */
  private Set<String> buildingViewTables(EntityModel<?> model, String what, BuildingViewAction action) {
    EntityTables tables = EntityTables.of(model, SplitPolicy.salted(), names);
    return HBaseCalls.admin(connection, tables.tables().get(0).name(), what, admin -> {
      Set<String> building = new TreeSet<>();
      for (IndexDefinition index : model.indexes()) {
        TableDescriptor live = SchemaAdmin.describe(admin, viewTable(model, index.name()));
        if (live != null && ViewStates.isBuilding(live)) {
          action.apply(admin, live, index.name());
          building.add(index.name());
        }
      }
      return building;
    });
  }

  private static void sleepUntil(long deadline, String table) {
    try {
      for (long left = deadline - System.currentTimeMillis(); left > 0; left = deadline - System.currentTimeMillis()) {
        Thread.sleep(left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DataAccessException.of("wait for every client to know the views' states", table, e);
    }
  }
}
