package dev.rowan.core.internal.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.index.ViewNames;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.ViewDefinition;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.jspecify.annotations.Nullable;

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
   * The names of the views of {@code model} whose tables are building, as their records say;
   * missing tables are not building.
   *
   * @throws DataAccessException when HBase fails
   */
  public Set<String> buildingViews(EntityModel<?> model) {
    return buildingViewTables(model, false, (record, view) -> {});
  }

  /**
   * The views {@code model} declares that its main table does not name: dropped, neither written
   * nor read by any client; none when the main table is missing or was made before it named views.
   *
   * @throws DataAccessException when HBase fails
   */
  public Set<String> droppedViews(EntityModel<?> model) {
    TableName main = names.apply(model.tableName());
    TableRecord live = TableRecords.read(connection, main, List.of()).get(main);
    Optional<Set<String>> named = live == null ? Optional.empty() : ViewStates.views(live);
    Set<String> dropped = new TreeSet<>();
    named.ifPresent(
        views ->
            model.views().stream()
                .map(ViewDefinition::name)
                .filter(name -> !ViewNames.contains(views, name))
                .forEach(dropped::add));
    return dropped;
  }

  /**
   * Makes every building view of {@code model} active: once {@code RebuildViews} has filled them,
   * queries may read them.
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
    Set<String> activated =
        buildingViewTables(
            model,
            true,
            (record, view) -> {
              if (!kept.contains(view)) {
                Catalog.write(connection, ViewStates.active(record));
              }
            });
    activated.removeAll(kept);
    return activated;
  }

  /**
   * Makes the building views of {@code model} named in {@code views} (in any case) active, leaving
   * any other building view as it is.
   *
   * @return the names of the views made active
   * @throws DataAccessException when HBase fails
   */
  public Set<String> activateOnly(EntityModel<?> model, Collection<String> views) {
    Set<String> kept = new TreeSet<>(buildingViews(model));
    kept.removeIf(view -> ViewNames.contains(views, view));
    return activateViews(model, kept);
  }

  /**
   * Waits until every client has known the building views of {@code model} for one notice since
   * they were added, so that every writer that refuses to write past them does: a scan of the main
   * table that starts then sees every entity that a writer wrote without them.
   *
   * @throws DataAccessException when HBase fails or the wait is interrupted
   */
  public void awaitNotice(EntityModel<?> model) {
    TableName main = names.apply(model.tableName());
    TableRecords records =
        TableRecords.read(
            connection,
            main,
            model.views().stream().map(view -> viewTable(model, view.name())).toList());
    TableRecord mainRecord = records.get(main);
    Optional<Set<String>> named =
        mainRecord == null ? Optional.empty() : ViewStates.views(mainRecord);
    long newest = 0;
    for (ViewDefinition view : model.views()) {
      TableRecord live = records.get(viewTable(model, view.name()));
      if (live != null && ViewStates.isBuilding(live)) {
        if (named.isPresent() && !named.get().contains(view.name())) {
          throw new IllegalStateException(
              "view "
                  + view.name()
                  + " of "
                  + model.entityName()
                  + " is building, but"
                  + " table "
                  + main.getNameAsString()
                  + " does not name it, so writers may not know it: run"
                  + " schema().create("
                  + model.type().getSimpleName()
                  + ".class) first");
        }
        newest = Math.max(newest, ViewStates.since(live));
      }
    }
    sleepUntil(newest + notice.toMillis(), model.tableName());
  }

  /**
   * Names every view of {@code model} whose table exists on its main table, keeping those the main
   * table names already (a view another version of the class declares): what {@code
   * schema().create} records once it has made the tables. A view the main table did not name before
   * (made now, or left by a failed create or a drop of another view) was not written by every
   * writer: it is made building, since now, when it is named (the notice of a build is counted from
   * when writers can learn of the view).
   */
  static void recordViews(
      Connection connection, EntityModel<?> model, Function<String, TableName> names) {
    TableName main = names.apply(model.tableName());
    List<TableName> viewTables =
        model.views().stream()
            .map(view -> names.apply(EntityModel.viewTableName(model.tableName(), view.name())))
            .toList();
    TableRecords records = TableRecords.read(connection, main, viewTables);
    TableRecord live = records.get(main);
    if (live == null) {
      return;
    }
    Optional<Set<String>> named = ViewStates.views(live);
    Set<String> views = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    named.ifPresent(views::addAll);
    List<TableRecord> newlyNamed = new ArrayList<>();
    for (int i = 0; i < viewTables.size(); i++) {
      TableRecord view = records.get(viewTables.get(i));
      if (view != null
          && !ViewStates.isDropping(view)
          && views.add(model.views().get(i).name())
          && (named.isPresent() || ViewStates.isBuilding(view))) {
        newlyNamed.add(view);
      }
    }
    if (!named.equals(Optional.of(views))) {
      Catalog.write(connection, ViewStates.withViews(live, views));
    }
    long now = System.currentTimeMillis();
    for (TableRecord view : newlyNamed) {
      Catalog.write(connection, ViewStates.building(view, now));
    }
  }

  /**
   * The refusal of a drop of view {@code asGiven} of {@code model} whose main table or view table
   * does not exist.
   */
  IllegalArgumentException noViewTable(EntityModel<?> model, String asGiven) {
    TableName main = names.apply(model.tableName());
    return new IllegalArgumentException(
        "cannot drop view '"
            + viewName(model, asGiven)
            + "' of "
            + model.entityName()
            + ": table "
            + (TableRecords.read(connection, main, List.of()).get(main) == null
                ? main.getNameAsString()
                : viewTable(model, viewName(model, asGiven)).getNameAsString())
            + " does not exist");
  }

  /**
   * The first step of a drop of view {@code asGiven} of {@code model}: the main table stops naming
   * it and its table is marked dropping, so that no client reads or writes it one notice later.
   *
   * @return the view's table, to delete once a notice has passed; null when the main table or the
   *     view's table does not exist (nothing is changed then)
   */
  @Nullable TableName markDropping(EntityModel<?> model, String asGiven) {
    Objects.requireNonNull(asGiven, "view");
    String view = viewName(model, asGiven);
    TableName main = names.apply(model.tableName());
    TableName table = viewTable(model, view);
    boolean known =
        HBaseCalls.admin(
            connection,
            main,
            "drop view " + view + " of",
            admin -> {
              // deleting the view's table needs CREATE on it, as reading its descriptor does: a
              // principal without is
              // refused here, before the drop is recorded
              if (AdminTables.describe(admin, table) == null) {
                return false;
              }
              Map<TableName, TableRecord> records =
                  TableRecords.adopt(connection, admin, List.of(main, table));
              TableRecord live = records.get(main);
              TableRecord viewLive = records.get(table);
              if (live == null || viewLive == null) {
                return false;
              }
              Set<String> views = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
              Optional<Set<String>> named = ViewStates.views(live);
              views.addAll(named.isPresent() ? named.get() : viewTablesOf(connection, admin, main));
              views.remove(view);
              Catalog.write(connection, ViewStates.withViews(live, views));
              if (!ViewStates.isDropping(viewLive)) {
                Catalog.write(connection, ViewStates.dropping(viewLive));
              }
              return true;
            });
    return known ? table : null;
  }

  /**
   * Waits one notice from now, after which every client knows what was recorded before the call.
   */
  void awaitNoticeFromNow(String table) {
    sleepUntil(System.currentTimeMillis() + notice.toMillis(), table);
  }

  /**
   * The last step of a drop: deletes the view table {@code table}, marked dropping a notice ago.
   */
  void deleteViewTable(TableName table) {
    HBaseCalls.runAdmin(
        connection,
        table,
        "drop view table",
        admin -> {
          AdminTables.dropTable(admin, table);
        });
    Catalog.remove(connection, table);
  }

  /** {@code asGiven} as {@code model} spells the view, when it declares it; as given otherwise. */
  private static String viewName(EntityModel<?> model, String asGiven) {
    return model.views().stream()
        .map(ViewDefinition::name)
        .filter(name -> ViewNames.same(name, asGiven))
        .findFirst()
        .orElse(asGiven);
  }

  /**
   * The views of main table {@code main} as its namespace's tables show them: every table named
   * {@code <main>.<view>} that is not dropping, whichever class declares it.
   */
  private static Set<String> viewTablesOf(Connection connection, Admin admin, TableName main)
      throws IOException {
    Set<String> views = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    List<TableName> named = new ArrayList<>();
    for (TableName table : admin.listTableNamesByNamespace(main.getNamespaceAsString())) {
      if (EntityModel.viewOfTable(main.getQualifierAsString(), table.getQualifierAsString())
          != null) {
        named.add(table);
      }
    }
    Map<TableName, TableRecord> records = TableRecords.adopt(connection, admin, named);
    for (TableName table : named) {
      TableRecord live = records.get(table);
      if (live != null && !ViewStates.isDropping(live)) {
        views.add(
            EntityModel.viewOfTable(main.getQualifierAsString(), table.getQualifierAsString()));
      }
    }
    return views;
  }

  private TableName viewTable(EntityModel<?> model, String view) {
    return names.apply(EntityModel.viewTableName(model.tableName(), view));
  }

  /** What is done to the record of a building view table. */
  private interface BuildingViewAction {
    void apply(TableRecord record, String view);
  }

  /**
   * The names of the building views of {@code model}, after doing {@code action} to each; when
   * {@code changes}, tables an older Rowan made are recorded in the catalog first, so that the
   * action changes what every client reads.
   */
  private Set<String> buildingViewTables(
      EntityModel<?> model, boolean changes, BuildingViewAction action) {
    TableName main = names.apply(model.tableName());
    List<TableName> viewTables =
        model.views().stream().map(view -> viewTable(model, view.name())).toList();
    TableRecords read = TableRecords.read(connection, main, viewTables);
    Map<TableName, TableRecord> records = read.byTable();
    if (changes && !read.catalogued()) {
      List<TableName> all = new ArrayList<>(viewTables);
      all.add(0, main);
      records =
          HBaseCalls.admin(
              connection,
              main,
              "record in " + Catalog.of(main) + " the tables of",
              admin -> TableRecords.adopt(connection, admin, all));
    }
    Set<String> building = new TreeSet<>();
    for (int i = 0; i < viewTables.size(); i++) {
      TableRecord live = records.get(viewTables.get(i));
      if (live != null && ViewStates.isBuilding(live)) {
        action.apply(live, model.views().get(i).name());
        building.add(model.views().get(i).name());
      }
    }
    return building;
  }

  private static void sleepUntil(long deadline, String table) {
    try {
      for (long left = deadline - System.currentTimeMillis();
          left > 0;
          left = deadline - System.currentTimeMillis()) {
        Thread.sleep(left);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DataAccessException.of("wait for every client to know the views' states", table, e);
    }
  }
}
