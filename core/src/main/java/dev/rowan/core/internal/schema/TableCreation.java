package dev.rowan.core.internal.schema;

import dev.rowan.core.PermissionDeniedException;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SplitPolicy;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.ViewDefinition;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The creation of the missing tables of one set of an entity's tables, named by its names ({@link
 * SchemaAdmin#create} for one set): the tables that exist are compared with the mapping first
 * ({@link TableCheck#compare}) and nothing is created when one differs; those it converts get the
 * new format ({@link LayoutRecords#write}); each missing table is recorded in the {@link Catalog}
 * before it is made, so that no client finds a table of Rowan's unrecorded, and a refused create
 * leaves the catalog as it was.
 *
 * <p>Thread-safety: thread-safe; each call opens its own {@code Admin}. Concurrent creates of the
 * same tables, from this or other processes, are safe: a table that appears meanwhile is compared
 * instead of created.
 */
final class TableCreation {

  private static final Logger LOG = LoggerFactory.getLogger(TableCreation.class);

  private final Connection connection;
  private final Function<String, TableName> names;
  private final LayoutRecords layouts;

  /**
   * Creates the tables of {@code connection}'s cluster named by {@code names}, recording layouts
   * through {@code layouts}.
   */
  TableCreation(Connection connection, Function<String, TableName> names, LayoutRecords layouts) {
    this.connection = connection;
    this.names = names;
    this.layouts = layouts;
  }

  /**
   * Creates the missing tables of {@code model} named by this creation's names, as {@link
   * SchemaAdmin#create} says; a view table missing next to a main table that exists is created
   * building (a period's as a single table's).
   *
   * @throws SchemaMismatchException also when a view table exists and the main table does not (its
   *     rows would answer for entities no longer stored); nothing is created then
   */
  void create(EntityModel<?> model, SplitPolicy splits, Duration writeLease) {
    CycleRule.require(
        model,
        connection
            .getConfiguration()
            .getLong(CycleRule.MAJOR_COMPACTION, CycleRule.DEFAULT_MAJOR_COMPACTION_MILLIS));
    EntityTables tables = EntityTables.of(model, splits, names);
    TableName main = tables.tables().get(0).name();
    List<TableName> tableNames = tables.tables().stream().map(TableSpec::name).toList();
    try {
      createMissing(model, tables, tableNames, writeLease);
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

  /**
   * Creates the tables of {@code tables} that are missing, after comparing those that exist with
   * the mapping and recording the new format on those it converts.
   */
  private void createMissing(
      EntityModel<?> model, EntityTables tables, List<TableName> tableNames, Duration writeLease) {
    TableName main = tables.tables().get(0).name();
    HBaseCalls.runAdmin(
        connection,
        main,
        "create",
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
          Map<TableName, TableRecord> adopted =
              new LinkedHashMap<>(TableRecords.adopt(connection, admin, tableNames));
          TableRecord mainRecord = adopted.get(main);
          if (mainRecord != null && WriteLeases.of(mainRecord).isEmpty()) {
            adopted.put(main, recordLease(mainRecord, writeLease));
          }
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
                        WriteLeases.with(record, writeLease),
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
   * Records {@code writeLease} on {@code main}, a main table made before leases were recorded,
   * whose clients use it from then on; returns its record as it stands. A principal that may not
   * write the catalog leaves the table as it was, its clients on their own leases, and is told so.
   */
  private TableRecord recordLease(TableRecord main, Duration writeLease) {
    TableRecord leased = WriteLeases.with(main, writeLease);
    try {
      Catalog.write(connection, leased);
      return leased;
    } catch (PermissionDeniedException refused) {
      LOG.warn(
          "Cannot record the write lease of {} ({}): each of its clients keeps its own",
          main.table().getNameAsString(),
          refused.getMessage());
      return main;
    }
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
}
