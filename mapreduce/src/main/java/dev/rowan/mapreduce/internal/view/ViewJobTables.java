package dev.rowan.mapreduce.internal.view;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.Rowan;
import dev.rowan.core.TableSet;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewNames;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.jspecify.annotations.Nullable;

/**
 * Internal, not API: the tables one run of {@link ViewJobs} works on, a main table and the view
 * tables of the views chosen, and the lifecycle of those views: for an entity kept in one table,
 * its tables, without the dropped views, with building views waited for and made active by a
 * rebuild; for an entity kept in one table per period ({@code @TablePerPeriod}), the tables of one
 * period, the same way (its views have their own states, on its own main table), and a chosen view
 * whose table the period lacks left out (made before the view was declared, until {@code
 * schema().create} adds it).
 *
 * <p>Thread-safety: immutable.
 */
public final class ViewJobTables {

  private final Rowan rowan;
  private final Class<?> type;

  /** The period whose tables these are, or null for an entity kept in one table. */
  private final @Nullable LocalDate period;

  private final TableName main;
  private final List<ViewModel> views;
  private final List<TableName> viewTables;

  /** The write lease the clients of these tables use ({@code schema().writeLease}). */
  private final Duration writeLease;

  private ViewJobTables(
      Rowan rowan,
      Class<?> type,
      @Nullable LocalDate period,
      TableName main,
      List<ViewModel> views,
      List<TableName> viewTables,
      Duration writeLease) {
    this.rowan = rowan;
    this.type = type;
    this.period = period;
    this.main = main;
    this.views = views;
    this.writeLease = writeLease;
    this.viewTables = viewTables;
  }

  /**
   * The tables of the table set {@code set} of {@code type} and the views {@code conf} chooses, as
   * {@link #ofTable} says for the one set of an entity kept in one table, and {@link #ofPeriod} for
   * a period's.
   */
  public static ViewJobTables of(
      Rowan rowan, Class<?> type, TableSet set, Configuration conf, PrintStream out) {
    return set.period().isPresent()
        ? ofPeriod(rowan, type, set, conf, out)
        : ofTable(rowan, type, set, conf, out);
  }

  /**
   * The tables of {@code type}, kept in one table, and the views {@code conf} chooses that are not
   * dropped (noted on {@code out}).
   *
   * @throws dev.rowan.core.SchemaMismatchException when a table records another key layout than the
   *     mapping's
   */
  private static ViewJobTables ofTable(
      Rowan rowan, Class<?> type, TableSet set, Configuration conf, PrintStream out) {
    EntityModel<?> model = EntityModel.of(type);
    rowan.views(
        type); // refuses tables whose recorded key layout is not the mapping's: rows would be
    // misread
    TableName main = set.mainTable();
    List<ViewModel> chosen = ViewJobSettings.views(model, conf);
    Set<String> dropped = rowan.schema().droppedViews(type);
    List<ViewModel> views = ViewJobSettings.withoutDropped(model, chosen, dropped, conf);
    if (views.size() < chosen.size()) {
      out.println(
          "Views "
              + String.join(
                  ", ", chosen.stream().map(ViewModel::name).filter(dropped::contains).toList())
              + " of "
              + model.entityName()
              + " are dropped (table "
              + main.getNameAsString()
              + " no longer names them):"
              + " left alone");
    }
    List<TableName> viewTables = new ArrayList<>();
    for (ViewModel view : views) {
      viewTables.add(set.viewTable(view.name()));
    }
    return new ViewJobTables(
        rowan, type, null, main, views, viewTables, rowan.schema().writeLease(set));
  }

  /**
   * The tables of {@code period} of {@code type}, kept in one table per period, and the views
   * {@code conf} chooses whose tables the period has and its main table does not drop (those it
   * lacks and those dropped are noted on {@code out}).
   *
   * @throws dev.rowan.core.SchemaMismatchException when a table of the period records another key
   *     layout than the mapping's
   */
  private static ViewJobTables ofPeriod(
      Rowan rowan, Class<?> type, TableSet set, Configuration conf, PrintStream out) {
    EntityModel<?> model = EntityModel.of(type);
    LocalDate period = set.period().orElseThrow();
    rowan.schema().requireLayout(type, period);
    TableName main = set.mainTable();
    List<ViewModel> views = new ArrayList<>();
    List<TableName> viewTables = new ArrayList<>();
    List<String> absent = new ArrayList<>();
    try (Admin admin = rowan.connection().getAdmin()) {
      for (ViewModel view : ViewJobSettings.views(model, conf)) {
        TableName table = set.viewTable(view.name());
        if (admin.tableExists(table)) {
          views.add(view);
          viewTables.add(table);
        } else {
          absent.add(view.name());
        }
      }
    } catch (IOException e) {
      throw DataAccessException.of(
          "list the view tables of period " + period + " of " + model.entityName(),
          main.getNameAsString(),
          e);
    }
    if (!absent.isEmpty()) {
      out.println(
          "Views "
              + String.join(", ", absent)
              + " of "
              + model.entityName()
              + " have no table in period "
              + main.getNameAsString()
              + " (made before they were declared, or dropped there; schema().create adds them, building):"
              + " left alone");
    }
    Set<String> dropped = new TreeSet<>(rowan.schema().droppedViews(type, period));
    dropped.removeIf(name -> ViewNames.find(views, name).isEmpty());
    List<ViewModel> kept = ViewJobSettings.withoutDropped(model, views, dropped, conf);
    if (!dropped.isEmpty()) {
      out.println(
          "Views "
              + String.join(", ", dropped)
              + " of "
              + model.entityName()
              + " are dropped in period "
              + main.getNameAsString()
              + " (it no longer names them): left alone");
    }
    List<TableName> keptTables = kept.stream().map(view -> set.viewTable(view.name())).toList();
    return new ViewJobTables(
        rowan, type, period, main, kept, keptTables, rowan.schema().writeLease(set));
  }

  /** The write lease the clients of these tables use, which the jobs' tasks use too. */
  Duration writeLease() {
    return writeLease;
  }

  /** The main table. */
  TableName main() {
    return main;
  }

  /** The views chosen, in declaration order. */
  List<ViewModel> views() {
    return views;
  }

  /** The tables of {@link #views()}, in the same order. */
  List<TableName> viewTables() {
    return viewTables;
  }

  /**
   * How runs name these tables in their labels: the entity, and the period's main table for a
   * period.
   */
  String label(EntityModel<?> model) {
    return period == null
        ? model.entityName()
        : model.entityName() + " in " + main.getNameAsString();
  }

  /** The views that are still building on the main table. */
  Set<String> building() {
    return period == null
        ? rowan.schema().buildingViews(type)
        : rowan.schema().buildingViews(type, period);
  }

  /**
   * Waits until every client knows the building views of the main table ({@code
   * Schema#awaitBuildingViewsKnown}).
   */
  void awaitBuildingViewsKnown() {
    if (period == null) {
      rowan.schema().awaitBuildingViewsKnown(type);
    } else {
      rowan.schema().awaitBuildingViewsKnown(type, period);
    }
  }

  /**
   * Makes the building views of {@code names} active on the main table; returns those made active.
   */
  Set<String> activate(Collection<String> names) {
    return period == null
        ? rowan.schema().activateViews(type, names)
        : rowan.schema().activateViews(type, period, names);
  }
}
