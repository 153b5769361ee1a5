package dev.rowan.core.internal.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.mapping.EntityModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.jspecify.annotations.Nullable;

/**
 * Internal, not API (use {@link dev.rowan.core.Rowan#schema()}): creates, checks, records and drops
 * the tables of entities through HBase's {@link Admin}; the facade the rest of core calls. It
 * chooses how an entity's tables fall into sets ({@link #tableSets}); the work on one set is {@link
 * TableCreation}'s, {@link TableCheck}'s and {@link LayoutRecords}', and a drop its own.
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
  private final TableCreation creation;

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
    this.creation = new TableCreation(this.connection, this.names, layouts);
  }

  /**
   * Creates the namespace and the missing tables of {@code entityType}, the main table split as
   * {@code splits} says, recording {@code writeLease} on a main table that records none ({@link
   * WriteLeases}); a no-op when every table exists and matches and the lease is recorded.
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
  public void create(Class<?> entityType, SplitPolicy splits, Duration writeLease) {
    Objects.requireNonNull(splits, "splits");
    Objects.requireNonNull(writeLease, "writeLease");
    EntityModel<?> model = EntityModel.of(entityType);
    tableSets(model).create(model, splits, writeLease);
  }

  /**
   * Creates the missing tables of {@code model} named by this admin's names ({@link
   * TableCreation#create}).
   */
  void createTables(EntityModel<?> model, SplitPolicy splits, Duration writeLease) {
    creation.create(model, splits, writeLease);
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
   * Refuses to open the tables of {@code model} as {@link #requireLayout} does, and returns the
   * write lease their clients use: the one the main table records, or {@code own} where it records
   * none ({@link WriteLeases#effective}).
   */
  public Duration requireLayout(EntityModel<?> model, Duration own) {
    TableRecord main = layouts.require(model);
    return WriteLeases.effective(names.apply(model.tableName()), WriteLeases.of(main), own);
  }

  /**
   * Records {@code lease} as the write lease of every main table of {@code entityType}, in place of
   * the one recorded ({@link WriteLeases}); a main table an older Rowan made is recorded in the
   * catalog first.
   *
   * @throws SchemaMismatchException when a main table is missing; the leases of those before it are
   *     recorded then
   * @throws DataAccessException when HBase fails
   */
  public void changeWriteLease(Class<?> entityType, Duration lease) {
    EntityModel<?> model = EntityModel.of(entityType);
    for (NamedTableSet set : tableSets(model).sets(model)) {
      TableName main = set.names().apply(model.tableName());
      HBaseCalls.runAdmin(
          connection,
          main,
          "record the write lease of",
          admin -> {
            TableRecord record = TableRecords.adopt(connection, admin, List.of(main)).get(main);
            if (record == null) {
              throw SchemaMismatchException.of(
                  new SchemaReport(model.entityName(), List.of(TableComparison.missing(main))));
            }
            Catalog.write(connection, WriteLeases.with(record, lease));
          });
    }
  }

  /** The write lease main table {@code main} records ({@link WriteLeases}); empty when none. */
  public Optional<Duration> recordedWriteLease(TableName main) {
    return WriteLeases.of(TableRecords.read(connection, main, List.of()).get(main));
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
      HBaseCalls.runAdmin(
          connection,
          table.name(),
          "drop",
          admin -> {
            AdminTables.dropTable(admin, table.name());
          });
      Catalog.remove(connection, table.name());
    }
  }
}
