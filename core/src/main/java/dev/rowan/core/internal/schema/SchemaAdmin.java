package dev.rowan.core.internal.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.PermissionDeniedException;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.ViewDefinition;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.jspecify.annotations.Nullable;

/**
 * Internal, not API (use {@link dev.rowan.core.Rowan#schema()}): creates, checks and drops the
 * tables of entities through HBase's {@link Admin}, the one place where schema work does I/O.
 *
 * <p>Thread-safety: thread-safe; each call opens its own {@code Admin}. Concurrent creates of the
 * same tables, from this or other processes, are safe: a table that appears meanwhile is compared
 * instead of created.
 */
public final class SchemaAdmin {

  private final Connection connection;
  private final @Nullable String namespace;
  private final Function<String, TableName> names;
  private final TableCheck check;
  private final LayoutRecords layouts;

  /**
   * Works on the tables of {@code connection}'s cluster named by {@code names}, creating {@code
   * namespace} (null for the default one) when it is missing.
   */
  public SchemaAdmin(
      Connection connection, @Nullable String namespace, Function<String, TableName> names) {
    this.connection = Objects.requireNonNull(connection, "connection");
    this.namespace = namespace;
    this.names = Objects.requireNonNull(names, "names");
    this.check = new TableCheck(this.connection, this.names);
    this.layouts = new LayoutRecords(this.connection, this.names);
  }

  /**
   * Creates the namespace and the missing tables of {@code entityType}, the main table split as
   * {@code splits} says; a no-op when every table exists and matches.
   *
   * @throws SchemaMismatchException when an existing table differs from the mapping; nothing is
   *     created then
   * @throws IllegalArgumentException when {@code splits} is given for a salted entity; nothing is
   *     created then
   * @throws dev.rowan.mapping.MappingException when a {@code @Cyclic} key part's cycle is not
   *     longer than a family's TTL plus twice the major compaction interval ({@code
   *     hbase.hregion.majorcompaction} of the connection); nothing is created then
   * @throws DataAccessException when HBase fails
   */
  public void create(Class<?> entityType, SplitPolicy splits) {
    Objects.requireNonNull(splits, "splits");
    EntityModel<?> model = EntityModel.of(entityType);
    tableSets(model).create(model, splits);
  }

  /**
   * Creates the missing tables of {@code model} named by this admin's names, as {@link #create}
   * says; a view table missing next to a main table that exists is created building (a period's as
   * a single table's).
   *
   * @throws SchemaMismatchException also when a view table exists and the main table does not (its
   *     rows would answer for entities no longer stored); nothing is created then
   */
  void createTables(EntityModel<?> model, SplitPolicy splits) {
    CycleRule.require(
        model,
        connection
            .getConfiguration()
            .getLong(CycleRule.MAJOR_COMPACTION, CycleRule.DEFAULT_MAJOR_COMPACTION_MILLIS));
    EntityTables tables = EntityTables.of(model, splits, names);
    TableName main = tables.tables().get(0).name();
    List<TableName> tableNames = tables.tables().stream().map(TableSpec::name).toList();
    try {
      createTables(model, tables, tableNames);
    } catch (PermissionDeniedException refused) {
      TableName table = TableName.valueOf(refused.table());
      if ("CREATE".equals(refused.permission())
          && (Catalog.isCatalog(table) || tableNames.contains(table))) {
        // a table that does not exist yet: HBase wants CREATE on its namespace
        throw PermissionDeniedException.of(
            "create the tables of " + tables.entity(),
            refused.principal(),
            main.getNameAsString(),
            "@" + table.getNamespaceAsString(),
            "CREATE",
            refused.getCause());
      }
      throw refused;
    }
  }

  private void createTables(EntityModel<?> model, EntityTables tables, List<TableName> tableNames) {
    TableName main = tables.tables().get(0).name();
    runWithAdmin(
        "create",
        main,
        admin -> {
          Map<TableName, TableRecord> recorded = Catalog.read(connection, tableNames);
          List<String> differences = new ArrayList<>();
          List<TableSpec> missing = new ArrayList<>();
          for (TableSpec table : tables.tables()) {
            TableDescriptor live = AdminTables.describe(admin, table.name());
            if (live == null) {
              missing.add(table);
            } else {
              differences.addAll(
                  TableCheck.compare(
                      tables.entity(), table, live, recorded.get(table.name()), false));
            }
          }
          boolean mainExists = !missing.contains(tables.tables().get(0));
          if (!mainExists) {
            for (TableSpec table : tables.tables().subList(1, tables.tables().size())) {
              if (!missing.contains(table)) {
                differences.add(
                    "Table "
                        + table.name().getNameAsString()
                        + ", a view of "
                        + tables.entity()
                        + ", exists but"
                        + " its main table "
                        + main.getNameAsString()
                        + " does not: its rows would answer for entities no"
                        + " longer stored. Drop it (schema().drop drops every table of the entity that exists) and create again.");
              }
            }
          }
          TableCheck.throwIfAny(tables.entity(), differences);
          // tables an older Rowan made are recorded in the catalog from their descriptors
          Map<TableName, TableRecord> adopted = TableRecords.adopt(connection, admin, tableNames);
          List<TableSpec> convertible = new ArrayList<>();
          for (TableSpec table : tables.tables()) {
            TableRecord record = adopted.get(table.name());
            if (!missing.contains(table)
                && record != null
                && LayoutComparison.verdict(table, record)
                    == LayoutComparison.Verdict.CONVERTIBLE) {
              convertible.add(table);
            }
          }
          // the new format from now on: clients of the old one refuse the table
          layouts.write(admin, convertible, adopted);
          long now = System.currentTimeMillis();
          // a principal HBase will refuse gets its refusal before anything is recorded
          boolean mayCreate =
              missing.isEmpty() || AdminTables.mayCreateIn(admin, main.getNamespaceAsString());
          for (TableSpec table : missing) {
            // recorded before it is made, so that no client finds a table of Rowan's unrecorded: a
            // main table names its
            // views; a view added to a main table that exists has no rows for the entities it
            // holds: building until rebuilt
            TableRecord record =
                LayoutComparison.record(TableRecord.empty(table.name()), table.layout());
            record =
                table == tables.tables().get(0)
                    ? ViewStates.withViews(
                        record,
                        model.views().stream()
                            .map(ViewDefinition::name)
                            .collect(Collectors.toSet()))
                    : mainExists ? ViewStates.building(record, now) : record;
            Catalog.ensure(admin, table.name());
            TableDescriptor raced =
                mayCreate
                    ? createRecorded(admin, table, record, recorded.get(table.name()))
                    : createThenRecord(admin, table, record);
            if (raced != null) {
              differences.addAll(TableCheck.compare(tables.entity(), table, raced, null, false));
            }
          }
          TableCheck.throwIfAny(tables.entity(), differences);
          if (mainExists) {
            // views named on the main table once made: writers that do not declare one refuse to
            // write from their next
            // refresh on (a main table made before the list gets it here)
            ViewLifecycle.recordViews(connection, model, names);
          }
        });
  }

  /**
   * Creates {@code table}, then records it as {@code record}: for a principal that HBase's access
   * control says may not create tables, whose creation it refuses before anything is written.
   */
  private @Nullable TableDescriptor createThenRecord(
      Admin admin, TableSpec table, TableRecord record) throws IOException {
    TableDescriptor raced = AdminTables.createTable(admin, table, table.descriptor());
    Catalog.write(connection, record);
    return raced;
  }

  /**
   * Creates {@code table}, recorded first as {@code record} in the catalog; when HBase refuses the
   * table, the catalog gets back what it held before ({@code before}, or nothing), so that a
   * refused create leaves every table as it was.
   *
   * @return the live descriptor when another client created the table first, else null
   */
  private @Nullable TableDescriptor createRecorded(
      Admin admin, TableSpec table, TableRecord record, @Nullable TableRecord before)
      throws IOException {
    Catalog.write(connection, record);
    try {
      return AdminTables.createTable(admin, table, table.descriptor());
    } catch (IOException | RuntimeException refused) {
      try {
        if (before == null) {
          Catalog.remove(connection, table.name());
        } else {
          Catalog.write(connection, before);
        }
      } catch (RuntimeException alsoFailed) {
        refused.addSuppressed(alsoFailed);
      }
      throw refused;
    }
  }

  /**
   * The differences between the live tables of {@code entityType} and its mapping, and the tables
   * named as views of its main table that it does not declare.
   *
   * @throws DataAccessException when HBase fails
   */
  public SchemaReport check(Class<?> entityType) {
    EntityModel<?> model = EntityModel.of(entityType);
    return tableSets(model).check(model);
  }

  /**
   * The differences of the tables of {@code model} named by this admin's names ({@link
   * TableCheck#check}).
   */
  SchemaReport checkTables(EntityModel<?> model, boolean period) {
    return check.check(model, period);
  }

  /**
   * Records the mapping's key layout on the existing tables of {@code entityType} that record none
   * (created by hand or by an older Rowan), declaring that their rows were written with this
   * mapping; tables that record the same layout are left as they are.
   *
   * @throws SchemaMismatchException when a table is missing, its families differ, or it records
   *     another layout; nothing is recorded then
   * @throws DataAccessException when HBase fails
   */
  public void recordLayout(Class<?> entityType) {
    EntityModel<?> model = EntityModel.of(entityType);
    tableSets(model).recordLayout(model);
  }

  /**
   * Records the layout on the tables of {@code model} named by this admin's names ({@link
   * LayoutRecords#record}).
   */
  void recordLayoutTables(EntityModel<?> model) {
    layouts.record(model);
  }

  /**
   * Refuses to open the tables of {@code model} when one of them records another key layout, or has
   * a family without HBase's new version behavior (writes to it could be lost), or, for an entity
   * that keeps history, when its main table keeps fewer versions than it declares; missing tables
   * and tables that record no layout are accepted (a warning is logged for the latter). One {@code
   * Admin.getDescriptor} per table.
   *
   * @throws SchemaMismatchException when a table records another layout, showing both, or a family
   *     lacks the new version behavior
   * @throws DataAccessException when HBase fails
   */
  public void requireLayout(EntityModel<?> model) {
    layouts.require(model);
  }

  /**
   * Disables and deletes every table of {@code entityType} that exists.
   *
   * @throws DataAccessException when HBase fails
   */
  public void drop(Class<?> entityType) {
    EntityModel<?> model = EntityModel.of(entityType);
    tableSets(model).drop(model);
  }

  /**
   * The sets of {@code model}'s tables named by this admin's names, chosen here by how the entity
   * is kept: one set ({@link SingleTableSet}), or one per period ({@link PeriodSchema}).
   */
  public TableSets tableSets(EntityModel<?> model) {
    return model.periods() == null ? new SingleTableSet(this, names) : periods();
  }

  /** The schema work of entities kept in one table per period. */
  public PeriodSchema periods() {
    return new PeriodSchema(connection, namespace, names);
  }

  /**
   * Disables and deletes every table of {@code model} named by this admin's names that exists: the
   * view tables first, so that a drop that dies midway leaves the main table, by which the tables
   * are found again (a period's, for one), and a view table never outlives it.
   */
  void dropTables(EntityModel<?> model) {
    List<TableSpec> viewsFirst =
        new ArrayList<>(EntityTables.of(model, SplitPolicy.salted(), names).tables());
    Collections.reverse(viewsFirst);
    // each table's record is removed once it is dropped: a principal that may not do so is refused
    // before any drop
    Catalog.requireWrite(connection, viewsFirst.get(viewsFirst.size() - 1).name(), "drop");
    for (TableSpec table : viewsFirst) {
      runWithAdmin(
          "drop",
          table.name(),
          admin -> {
            AdminTables.dropTable(admin, table.name());
          });
      Catalog.remove(connection, table.name());
    }
  }

  private void runWithAdmin(String operation, TableName table, HBaseCalls.AdminAction action) {
    HBaseCalls.runAdmin(connection, table, operation, action);
  }
}
