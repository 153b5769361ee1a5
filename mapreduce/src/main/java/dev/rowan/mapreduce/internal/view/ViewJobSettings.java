package dev.rowan.mapreduce.internal.view;

import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.TableSet;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewNames;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import dev.rowan.mapreduce.internal.job.ToolConfiguration;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;

/**
 * Internal, not API: the job configuration keys the drivers of {@code VerifyViews} and {@code
 * RebuildViews} set for their tasks, next to the public options of {@code VerifyViews}, and their
 * reading.
 */
public final class ViewJobSettings {

  /** The key of the option {@code VerifyViews.NAMESPACE}. */
  public static final String NAMESPACE = "rowan.views.namespace";

  /** The key of the option {@code VerifyViews.BATCH}. */
  public static final String BATCH = "rowan.views.batch";

  /** The key of the option {@code VerifyViews.SAMPLES}. */
  public static final String SAMPLES = "rowan.views.samples";

  /** The key of the option {@code VerifyViews.WORK_DIR}. */
  public static final String WORK_DIR = "rowan.views.work.dir";

  /** The key of the option {@code VerifyViews.VIEWS}. */
  public static final String VIEWS = "rowan.views.only";

  /** The key of the option {@code VerifyViews.PERIODS}. */
  public static final String PERIODS = "rowan.views.periods";

  /** The key of the option {@code VerifyViews.PROGRESS_SECONDS}. */
  public static final String PROGRESS_SECONDS = "rowan.views.progress.seconds";

  /** The entity class name. */
  static final String ENTITY = "rowan.views.entity";

  /** The full name of the main table. */
  static final String MAIN_TABLE = "rowan.views.main.table";

  /** The full names of the view tables, in the order of the entity's views. */
  static final String VIEW_TABLES = "rowan.views.view.tables";

  /** Whether the map tasks repair what they find. */
  static final String REPAIR = "rowan.views.repair";

  /**
   * Whether a repair job follows a rebuild's load: rows as the load wrote them (unverified, with
   * their main row's current status) are settled, not reported at fault.
   */
  static final String SETTLE_LOADED = "rowan.views.settle.loaded";

  /**
   * The writers' write lease in milliseconds (the Rowan's): how long a unique key's claim in flight
   * is left alone.
   */
  static final String WRITE_LEASE = "rowan.views.write.lease.ms";

  static final int DEFAULT_BATCH = 500;
  static final int DEFAULT_SAMPLES = 10;
  static final int DEFAULT_PROGRESS_SECONDS = 5;

  private ViewJobSettings() {}

  /**
   * The entity class named in {@code conf}, loaded through its class loader.
   *
   * @throws IllegalArgumentException when it is not on the class path
   */
  public static Class<?> entityClass(Configuration conf, String name) {
    try {
      return ToolConfiguration.entityClass(conf, name);
    } catch (ClassNotFoundException | NoClassDefFoundError e) {
      throw new IllegalArgumentException("entity class " + name + " is not on the class path", e);
    }
  }

  static EntityModel<?> model(Configuration conf) {
    return EntityModel.of(entityClass(conf, conf.get(ENTITY)));
  }

  /**
   * The views of {@code model} the jobs work on: those {@code VIEWS} names in {@code conf}, in
   * declaration order, or every view when it names none.
   *
   * @throws IllegalArgumentException naming the entity and its views when a name is not one of them
   */
  static List<ViewModel> views(EntityModel<?> model, Configuration conf) {
    List<ViewModel> all = ViewMaintainer.of(model).views();
    String[] names = conf.getTrimmedStrings(VIEWS);
    if (names.length == 0) {
      return all;
    }
    for (String name : names) {
      if (ViewNames.find(all, name).isEmpty()) {
        throw new IllegalArgumentException(
            VIEWS
                + " names view '"
                + name
                + "', but "
                + model.entityName()
                + " declares "
                + (all.isEmpty()
                    ? "no views"
                    : "only " + String.join(", ", all.stream().map(ViewModel::name).toList())));
      }
    }
    return all.stream().filter(view -> ViewNames.contains(List.of(names), view.name())).toList();
  }

  /**
   * {@code views} (those {@code conf} chooses, {@link #views}) without the views of {@code
   * dropped}, which the main table no longer names: their tables are about to go, and no writer
   * writes them any more.
   *
   * @throws IllegalArgumentException when {@code conf} names a dropped view
   */
  static List<ViewModel> withoutDropped(
      EntityModel<?> model, List<ViewModel> views, Set<String> dropped, Configuration conf) {
    for (String name : conf.getTrimmedStrings(VIEWS)) {
      if (ViewNames.contains(dropped, name)) {
        throw new IllegalArgumentException(
            VIEWS
                + " names view '"
                + name
                + "' of "
                + model.entityName()
                + ", which is dropped: its main table no longer names it, no writer writes it, and schema().dropView"
                + " deletes its table; schema().create adds it again, building");
      }
    }
    return views.stream().filter(view -> !ViewNames.contains(dropped, view.name())).toList();
  }

  /**
   * The table sets of {@code type} that the jobs work on: the one set of an entity kept in one
   * table; for an entity kept in one table per period, the periods' that hold the days {@code
   * VerifyViews.PERIODS} names in {@code conf}, oldest first, or every period's whose tables exist
   * when it names none.
   *
   * @throws IllegalArgumentException naming the option when a day is not a date ({@code
   *     2026-11-01})
   * @throws SchemaMismatchException naming the table when a named period has no tables
   */
  public static List<TableSet> tableSets(Rowan rowan, Class<?> type, Configuration conf) {
    List<TableSet> sets = rowan.schema().tableSets(type);
    if (sets.stream().anyMatch(set -> set.period().isEmpty())) {
      return sets; // the one set of an entity kept in one table: no day names a period of it
    }
    List<LocalDate> chosen =
        periods(rowan, type, conf, sets.stream().map(set -> set.period().orElseThrow()).toList());
    return sets.stream().filter(set -> chosen.contains(set.period().orElseThrow())).toList();
  }

  /**
   * Of the {@code existing} periods of {@code type}, kept in one table per period, those holding
   * the days {@code PERIODS} names in {@code conf}, oldest first, or every one when it names none.
   */
  private static List<LocalDate> periods(
      Rowan rowan, Class<?> type, Configuration conf, List<LocalDate> existing) {
    String[] days = conf.getTrimmedStrings(PERIODS);
    if (days.length == 0) {
      return existing;
    }
    EntityModel<?> model = EntityModel.of(type);
    PeriodModel spread =
        model
            .tablePerPeriod()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        model.entityName() + " is not kept in one table per period"));
    TreeSet<LocalDate> chosen = new TreeSet<>();
    List<String> missing = new ArrayList<>();
    for (String day : days) {
      LocalDate period;
      try {
        period = spread.periodOf(LocalDate.parse(day));
      } catch (DateTimeParseException e) {
        throw new IllegalArgumentException(
            PERIODS + " names '" + day + "', which is not a day such as" + " 2026-11-01", e);
      }
      if (existing.contains(period)) {
        chosen.add(period);
      } else {
        missing.add(
            "Table "
                + rowan
                    .tableName(spread.tableName(model.tableName(), model.tableName(), period))
                    .getNameAsString()
                + " (the period of "
                + day
                + " named by "
                + PERIODS
                + ") does not exist; "
                + model.entityName()
                + " has tables for the periods "
                + existing);
      }
    }
    if (!missing.isEmpty()) {
      throw SchemaMismatchException.of(new SchemaReport(model.entityName(), missing));
    }
    return new ArrayList<>(chosen);
  }

  static TableName mainTable(Configuration conf) {
    return TableName.valueOf(conf.get(MAIN_TABLE));
  }

  static List<TableName> viewTables(Configuration conf) {
    List<TableName> tables = new ArrayList<>();
    for (String name : conf.getStrings(VIEW_TABLES, new String[0])) {
      tables.add(TableName.valueOf(name));
    }
    return tables;
  }

  static int batch(Configuration conf) {
    return Math.max(1, conf.getInt(BATCH, DEFAULT_BATCH));
  }
}
