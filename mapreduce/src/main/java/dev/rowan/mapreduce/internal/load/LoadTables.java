package dev.rowan.mapreduce.internal.load;

import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import dev.rowan.mapreduce.internal.hfile.EntityCells;
import dev.rowan.mapreduce.internal.job.LoadCounters;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;

/**
 * The tables one bulk load writes, in groups of a main table and its view tables, each group
 * numbered as {@link EntityCells} numbers tables: one group for an entity kept in one table; for an
 * entity kept in one table per period ({@code @TablePerPeriod}), one group per period whose tables
 * existed when the load began, oldest first. Which group each entity goes to, and the row counter
 * of each table. A load never creates tables: an entity whose period has none is a rejected line.
 *
 * <p>Thread-safety: immutable.
 */
final class LoadTables {

  private final EntityModel<?> model;
  private final List<ViewModel> views;
  private final Groups groups;

  /**
   * The tables of {@code model} named by {@code names}, with the views of {@code cells}, in the
   * groups of {@code periods} (ignored, and may be empty, for an entity kept in one table).
   */
  LoadTables(
      EntityModel<?> model,
      EntityCells cells,
      List<LocalDate> periods,
      Function<String, TableName> names) {
    this.model = model;
    this.views = cells.views();
    this.groups =
        model
            .tablePerPeriod()
            .<Groups>map(spread -> new PeriodGroups(model, spread, periods, names))
            .orElseGet(() -> new OneGroup(names));
  }

  /**
   * The tables of the load the driver set up in {@code conf} ({@link BulkLoadSettings#PERIODS}).
   */
  static LoadTables of(EntityModel<?> model, EntityCells cells, Configuration conf) {
    List<LocalDate> periods = new ArrayList<>();
    for (String period : conf.getTrimmedStrings(BulkLoadSettings.PERIODS)) {
      periods.add(LocalDate.parse(period));
    }
    String namespace = conf.get(BulkLoadSettings.NAMESPACE);
    return new LoadTables(
        model,
        cells,
        periods,
        name -> namespace == null ? TableName.valueOf(name) : TableName.valueOf(namespace, name));
  }

  /**
   * The periods, oldest first, as ISO dates for {@link BulkLoadSettings#PERIODS}; empty for an
   * entity kept in one table.
   */
  String[] periodTexts() {
    return groups.periods().stream().map(LocalDate::toString).toArray(String[]::new);
  }

  /** How many tables a group holds: the main table and one per view. */
  int width() {
    return 1 + views.size();
  }

  /** Every table, group by group, each group's main table first. */
  List<TableName> tables() {
    List<TableName> tables = new ArrayList<>();
    for (Function<String, TableName> groupNames : groups.names()) {
      tables.add(groupNames.apply(model.tableName()));
      for (ViewModel view : views) {
        tables.add(groupNames.apply(view.tableName()));
      }
    }
    return tables;
  }

  /** The main table of each group, in group order. */
  List<TableName> mainTables() {
    List<TableName> tables = tables();
    List<TableName> mains = new ArrayList<>();
    for (int i = 0; i < tables.size(); i += width()) {
      mains.add(tables.get(i));
    }
    return mains;
  }

  /**
   * The group of the entity {@code values}: 0 for an entity kept in one table, else its period's.
   *
   * @throws RejectedLineException when its period value is missing or names a period whose tables
   *     did not exist when the load began, naming the property, the value and the table
   */
  int group(Object[] values) throws RejectedLineException {
    return groups.group(values);
  }

  /**
   * The row counter of each table, in table order: {@code main} and {@code view <name>}, each after
   * its period's table suffix for an entity kept in one table per period ({@code _2026_11 view
   * type}).
   */
  String[] rowCounterNames() {
    String[] one = new String[width()];
    one[0] = LoadCounters.MAIN;
    for (int i = 0; i < views.size(); i++) {
      one[i + 1] = "view " + views.get(i).name();
    }
    List<String> prefixes = groups.counterPrefixes();
    String[] names = new String[prefixes.size() * one.length];
    for (int group = 0; group < prefixes.size(); group++) {
      for (int i = 0; i < one.length; i++) {
        names[group * one.length + i] = prefixes.get(group) + one[i];
      }
    }
    return names;
  }

  /** How the entity's tables fall into groups: chosen once, by how the entity is kept. */
  private interface Groups {

    /** The periods of the groups, oldest first; empty for an entity kept in one table. */
    List<LocalDate> periods();

    /** How each group names its tables, given their names in the mapping, in group order. */
    List<Function<String, TableName>> names();

    /** The group of the entity {@code values} ({@link LoadTables#group}). */
    int group(Object[] values) throws RejectedLineException;

    /** What each group's row counters start with, in group order. */
    List<String> counterPrefixes();
  }

  /** The one group of an entity kept in one table. */
  private record OneGroup(Function<String, TableName> tableNames) implements Groups {

    @Override
    public List<LocalDate> periods() {
      return List.of();
    }

    @Override
    public List<Function<String, TableName>> names() {
      return List.of(tableNames);
    }

    @Override
    public int group(Object[] values) {
      return 0;
    }

    @Override
    public List<String> counterPrefixes() {
      return List.of("");
    }
  }

  /**
   * A group per period of an entity kept in one table per period, of the periods whose tables
   * existed.
   */
  private record PeriodGroups(
      EntityModel<?> model,
      PeriodModel spread,
      List<LocalDate> periods,
      Function<String, TableName> tableNames)
      implements Groups {

    PeriodGroups {
      periods = List.copyOf(periods);
    }

    @Override
    public List<Function<String, TableName>> names() {
      return periods.stream().map(this::periodNames).toList();
    }

    private Function<String, TableName> periodNames(LocalDate period) {
      return name -> tableNames.apply(spread.tableName(model.tableName(), name, period));
    }

    @Override
    public int group(Object[] values) throws RejectedLineException {
      Object value = values[spread.property().index()];
      LocalDate of;
      try {
        of = spread.periodOf(value);
      } catch (IllegalArgumentException e) {
        String reason = e.getMessage();
        throw new RejectedLineException(reason != null ? reason : e.toString());
      }
      int group = periods.indexOf(of);
      if (group < 0) {
        throw new RejectedLineException(
            model.entityName()
                + "."
                + spread.property().name()
                + " "
                + value
                + " belongs to period table "
                + periodNames(of).apply(model.tableName()).getNameAsString()
                + ", which does not exist; a bulk load creates no tables: schema().createPeriods makes it, then load"
                + " these lines again");
      }
      return group;
    }

    @Override
    public List<String> counterPrefixes() {
      return periods.stream().map(period -> spread.suffix(period) + " ").toList();
    }
  }
}
