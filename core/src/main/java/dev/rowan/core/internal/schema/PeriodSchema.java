package dev.rowan.core.internal.schema;

import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import java.io.IOException;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.jspecify.annotations.Nullable;

/**
 * Internal, not API (use {@link dev.rowan.core.Rowan#schema()}): the tables of an entity kept in
 * one table per period ({@code @TablePerPeriod}), a set per period ({@link TableSets}). Each
 * period's tables are an entity's tables under its period's names ({@link #names}), created,
 * checked and dropped by a {@link SchemaAdmin} of those names; which periods exist is read from the
 * table names of the namespace.
 *
 * <p>Thread-safety: thread-safe; each call opens its own {@code Admin}.
 */
public final class PeriodSchema implements TableSets {

  private final Connection connection;
  private final @Nullable String namespace;
  private final Function<String, TableName> names;

  PeriodSchema(
      Connection connection, @Nullable String namespace, Function<String, TableName> names) {
    this.connection = connection;
    this.namespace = namespace;
    this.names = names;
  }

  /**
   * How {@code period}'s tables of {@code model} are named: the entity's names with the period's
   * suffix after its table name.
   */
  public static Function<String, TableName> names(
      EntityModel<?> model, LocalDate period, Function<String, TableName> names) {
    return name -> names.apply(periodsOf(model).tableName(model.tableName(), name, period));
  }

  /**
   * The periods of {@code model} whose main tables exist, oldest first, as {@code admin} lists
   * them.
   */
  public static List<LocalDate> existing(
      Admin admin, EntityModel<?> model, Function<String, TableName> names) throws IOException {
    TableName main = names.apply(model.tableName());
    TreeSet<LocalDate> found = new TreeSet<>();
    for (TableName table : admin.listTableNamesByNamespace(main.getNamespaceAsString())) {
      LocalDate period =
          periodsOf(model).periodOfTable(model.tableName(), table.getQualifierAsString());
      if (period != null) {
        found.add(period);
      }
    }
    return new ArrayList<>(found);
  }

  /**
   * The periods of {@code model} with a table, main or view, oldest first: what a drop drops, so
   * that a drop that died between a period's tables is finished when run again.
   */
  List<LocalDate> withTables(EntityModel<?> model) {
    TableName main = names.apply(model.tableName());
    return HBaseCalls.admin(
        connection,
        main,
        "list the period tables of",
        admin -> {
          TreeSet<LocalDate> found = new TreeSet<>();
          for (TableName table : admin.listTableNamesByNamespace(main.getNamespaceAsString())) {
            String name = table.getQualifierAsString();
            int view = name.indexOf('.', model.tableName().length());
            LocalDate period =
                periodsOf(model)
                    .periodOfTable(model.tableName(), view < 0 ? name : name.substring(0, view));
            if (period != null) {
              found.add(period);
            }
          }
          return new ArrayList<>(found);
        });
  }

  /** The periods of {@code model} whose main tables exist, oldest first. */
  public List<LocalDate> existing(EntityModel<?> model) {
    return HBaseCalls.admin(
        connection,
        names.apply(model.tableName()),
        "list the period tables of",
        admin -> existing(admin, model, names));
  }

  /**
   * The tables of {@code model}'s table name, main or view, named for periods of another length
   * than the mapping's (day tables of an entity now kept per month): stored under another layout,
   * their rows are neither found nor dropped with this mapping. One sentence per length, naming the
   * entity and the first and last of those tables.
   */
  static List<String> otherPeriodTables(
      Admin admin, EntityModel<?> model, Function<String, TableName> names) throws IOException {
    TableName main = names.apply(model.tableName());
    Map<ChronoUnit, TreeSet<String>> byUnit = new TreeMap<>();
    TableName[] listed;
    try {
      listed = admin.listTableNamesByNamespace(main.getNamespaceAsString());
    } catch (IOException e) {
      if (AdminTables.causedBy(e, NamespaceNotFoundException.class)) {
        return List.of(); // no table at all yet
      }
      throw e;
    }
    for (TableName table : listed) {
      ChronoUnit unit = PeriodModel.unitOfTable(model.tableName(), table.getQualifierAsString());
      if (unit != null && unit != periodsOf(model).unit()) {
        byUnit.computeIfAbsent(unit, u -> new TreeSet<>()).add(table.getNameAsString());
      }
    }
    List<String> found = new ArrayList<>();
    byUnit.forEach(
        (unit, tables) ->
            found.add(
                (tables.size() == 1
                        ? "Table " + tables.first() + " is"
                        : tables.size()
                            + " tables, "
                            + tables.first()
                            + " to "
                            + tables.last()
                            + ", are")
                    + " named as tables of "
                    + model.tableName()
                    + " kept one table per "
                    + unit.name()
                    + ", but the mapping of "
                    + model.entityName()
                    + " keeps "
                    + periodsOf(model).describe(model.tableName())
                    + ": their rows cannot be found, read or dropped with"
                    + " this mapping. Keep the old period (@TablePerPeriod(every = "
                    + unit.name()
                    + ")), or copy the data into"
                    + " tables of the new one and drop those."));
    return found;
  }

  /**
   * Refuses {@code model} when tables of its table name are named for periods of another length.
   *
   * @throws dev.rowan.core.SchemaMismatchException naming the entity and those tables
   */
  public void requireOnePeriodLength(EntityModel<?> model) {
    List<String> others =
        HBaseCalls.admin(
            connection,
            names.apply(model.tableName()),
            "list the period tables of",
            admin -> otherPeriodTables(admin, model, names));
    if (!others.isEmpty()) {
      throw SchemaMismatchException.of(new SchemaReport(model.entityName(), others));
    }
  }

  /** The period of today (UTC) for {@code model}. */
  static LocalDate current(EntityModel<?> model) {
    return periodsOf(model).periodOf(LocalDate.now(ZoneOffset.UTC));
  }

  /**
   * Creates the tables of the current period and of the periods ahead
   * ({@code @TablePerPeriod(ahead)}), and adds the views a period that exists lacks, building, as
   * to a single main table.
   */
  @Override
  public void create(EntityModel<?> model, SplitPolicy splits, Duration writeLease) {
    LocalDate current = current(model);
    PeriodModel periods = periodsOf(model);
    List<LocalDate> made =
        createPeriods(model, current, periods.plus(current, periods.ahead()), splits, writeLease);
    for (LocalDate period : existing(model)) {
      if (!made.contains(period)) {
        admin(model, period).createTables(model, splits, writeLease);
      }
    }
  }

  /**
   * Creates the missing tables of every period of {@code model} from the one of {@code from} to the
   * one of {@code to}, both included, as {@link SchemaAdmin#create} does for one period.
   *
   * @throws dev.rowan.core.SchemaMismatchException when tables of the entity's table name are named
   *     for periods of another length ({@link #requireOnePeriodLength}); nothing is created then
   * @return the periods, in order
   */
  public List<LocalDate> createPeriods(
      EntityModel<?> model, LocalDate from, LocalDate to, SplitPolicy splits, Duration writeLease) {
    List<LocalDate> periods = periodsOf(model).between(from, to);
    requireOnePeriodLength(model);
    for (LocalDate period : periods) {
      admin(model, period).createTables(model, splits, writeLease);
    }
    return periods;
  }

  /**
   * The differences of every existing period's tables from the mapping, and the current and coming
   * periods whose tables are missing.
   */
  @Override
  public SchemaReport check(EntityModel<?> model) {
    List<LocalDate> existing = existing(model);
    List<String> differences =
        new ArrayList<>(
            HBaseCalls.admin(
                connection,
                names.apply(model.tableName()),
                "list the period tables of",
                admin -> otherPeriodTables(admin, model, names)));
    LocalDate current = current(model);
    PeriodModel periods = periodsOf(model);
    for (LocalDate period : periods.between(current, periods.plus(current, periods.ahead()))) {
      if (!existing.contains(period)) {
        differences.add(
            "Table "
                + names(model, period, names).apply(model.tableName()).getNameAsString()
                + " (the period of "
                + period
                + " of "
                + model.entityName()
                + ", "
                + periods.describe(model.tableName())
                + ") is missing: schema().create makes the current period and "
                + periods.ahead()
                + " ahead");
      }
    }
    for (LocalDate period : existing) {
      differences.addAll(admin(model, period).checkTables(model, true).differences());
    }
    return new SchemaReport(model.entityName(), differences);
  }

  /**
   * Records the mapping's layout on the tables of every period of {@code model} that record none.
   */
  @Override
  public void recordLayout(EntityModel<?> model) {
    for (LocalDate period : existing(model)) {
      admin(model, period).recordLayoutTables(model);
    }
  }

  /**
   * Drops the tables of every period of {@code model}: of each period with a table left, views
   * first.
   */
  @Override
  public void drop(EntityModel<?> model) {
    for (LocalDate period : withTables(model)) {
      admin(model, period).dropTables(model);
    }
  }

  /**
   * Drops the tables of the periods of {@code model} older than it keeps
   * ({@code @TablePerPeriod(keep)}), counted back from the period of {@code today}; none when it
   * keeps every period.
   *
   * @return the periods dropped, oldest first
   */
  public List<LocalDate> dropExpired(EntityModel<?> model, LocalDate today) {
    PeriodModel periods = periodsOf(model);
    if (periods.keep() == 0) {
      return List.of();
    }
    LocalDate oldestKept = periods.plus(periods.periodOf(today), -(periods.keep() - 1));
    List<LocalDate> dropped = new ArrayList<>();
    for (LocalDate period : withTables(model)) {
      if (period.isBefore(oldestKept)) {
        admin(model, period).dropTables(model);
        dropped.add(period);
      }
    }
    return dropped;
  }

  @Override
  public List<NamedTableSet> sets(EntityModel<?> model) {
    return existing(model).stream()
        .map(period -> new NamedTableSet(Optional.of(period), names(model, period, names)))
        .toList();
  }

  @Override
  public IllegalArgumentException noViewTable(
      EntityModel<?> model, String view, List<ViewLifecycle> lifecycles) {
    return new IllegalArgumentException(
        "cannot drop view '"
            + view
            + "' of "
            + model.entityName()
            + ": no period"
            + " has its table ("
            + periodsOf(model).describe(model.tableName())
            + ", "
            + lifecycles.size()
            + " periods exist)");
  }

  /**
   * The model of {@code entityType}, for a call that only an entity kept in one table per period
   * answers.
   *
   * @throws IllegalArgumentException when the entity is not kept in one table per period
   */
  public static EntityModel<?> periodic(Class<?> entityType) {
    EntityModel<?> model = EntityModel.of(entityType);
    if (model.periods() == null) {
      throw new IllegalArgumentException(
          model.entityName()
              + " is kept in one table ("
              + model.tableName()
              + "), not one per period: it has no @TablePerPeriod");
    }
    return model;
  }

  /**
   * How {@code model}, an entity this class serves (kept in one table per period), spreads over its
   * periods' tables.
   */
  private static PeriodModel periodsOf(EntityModel<?> model) {
    return model
        .tablePerPeriod()
        .orElseThrow(
            () ->
                new IllegalStateException(
                    model.entityName() + " is not kept in one table per period"));
  }

  private SchemaAdmin admin(EntityModel<?> model, LocalDate period) {
    return new SchemaAdmin(connection, namespace, names(model, period, names));
  }
}
