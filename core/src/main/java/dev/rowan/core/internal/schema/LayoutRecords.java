package dev.rowan.core.internal.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SplitPolicy;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The key layouts that one set of an entity's tables, named by its names, records ({@link
 * LayoutComparison}), read and written through HBase: recorded on tables that record none by {@code
 * schema().recordLayout} ({@link #record}), written by it and by {@code schema().create} in one
 * place ({@link #write}), and required to be the mapping's when a repository opens the tables
 * ({@link #require}).
 *
 * <p>Thread-safety: thread-safe; each call opens its own {@code Admin}.
 */
final class LayoutRecords {

  private static final Logger LOG = LoggerFactory.getLogger(LayoutRecords.class);

  private final Connection connection;
  private final Function<String, TableName> names;

  /** Works on the tables of {@code connection}'s cluster named by {@code names}. */
  LayoutRecords(Connection connection, Function<String, TableName> names) {
    this.connection = connection;
    this.names = names;
  }

  /**
   * Records the mapping's key layout on the tables of {@code model} named by these records' names
   * that record none or one the mapping converts ({@link SchemaAdmin#recordLayout} for one set);
   * tables that record the same layout are left as they are.
   *
   * @throws SchemaMismatchException when a table is missing, its families differ, or it records
   *     another layout; nothing is recorded then
   * @throws DataAccessException when HBase fails
   */
  void record(EntityModel<?> model) {
    EntityTables tables = EntityTables.of(model, SplitPolicy.salted(), names);
    List<TableName> tableNames = tables.tables().stream().map(TableSpec::name).toList();
    HBaseCalls.runAdmin(
        connection,
        tables.tables().get(0).name(),
        "record the layout of",
        admin -> {
          Map<TableName, TableRecord> recorded = Catalog.read(connection, tableNames);
          List<String> differences = new ArrayList<>();
          List<TableSpec> toRecord = new ArrayList<>();
          for (TableSpec table : tables.tables()) {
            TableDescriptor live = AdminTables.describe(admin, table.name());
            if (live == null) {
              differences.add(TableComparison.missing(table.name()));
              continue;
            }
            differences.addAll(TableComparison.differences(table.descriptor(), live));
            TableRecord record = recorded.getOrDefault(table.name(), TableRecord.of(live));
            LayoutComparison.Verdict verdict = LayoutComparison.verdict(table, record);
            if (verdict == LayoutComparison.Verdict.DIFFERENT) {
              differences.add(LayoutComparison.difference(tables.entity(), table, record));
            } else if (verdict == LayoutComparison.Verdict.UNRECORDED
                || verdict == LayoutComparison.Verdict.CONVERTIBLE) {
              toRecord.add(table);
            }
          }
          TableCheck.throwIfAny(tables.entity(), differences);
          write(admin, toRecord, TableRecords.adopt(connection, admin, tableNames));
        });
  }

  /**
   * Records the mapping's layout of each of {@code tables}, which exist: first in the catalog, on
   * the record {@code adopted} holds for it (clients read the layout there, so those of another
   * format refuse the table from then on), then, once every table's is written, on the table's
   * descriptor, for whoever describes it in HBase's shell. The one place where {@code
   * schema().create} and {@code schema().recordLayout} record a table's layout.
   */
  void write(Admin admin, List<TableSpec> tables, Map<TableName, TableRecord> adopted)
      throws IOException {
    for (TableSpec table : tables) {
      Catalog.write(
          connection,
          LayoutComparison.record(
              Objects.requireNonNull(adopted.get(table.name()), "adopt records each table found"),
              table.layout()));
    }
    for (TableSpec table : tables) {
      TableDescriptor live = AdminTables.describe(admin, table.name());
      if (live != null) {
        admin.modifyTable(
            LayoutComparison.record(TableDescriptorBuilder.newBuilder(live), table.layout())
                .build());
      }
    }
  }

  /**
   * Refuses to open the tables of {@code model} named by these records' names as {@link
   * SchemaAdmin#requireLayout} says: the layouts from the records every client reads ({@link
   * TableRecords#read}), the families from the descriptors of tables an older Rowan made.
   *
   * @return the main table's record, or null when it is missing
   * @throws SchemaMismatchException when a table records another layout, or a family lacks the new
   *     version behavior
   * @throws DataAccessException when HBase fails
   */
  @Nullable TableRecord require(EntityModel<?> model) {
    EntityTables tables = EntityTables.of(model, SplitPolicy.salted(), names);
    TableName main = tables.tables().get(0).name();
    TableRecords records =
        TableRecords.read(
            connection, main, tables.tables().stream().skip(1).map(TableSpec::name).toList());
    List<String> found = new ArrayList<>();
    for (TableSpec table : tables.tables()) {
      TableRecord record = records.get(table.name());
      if (record == null) {
        continue;
      }
      LayoutComparison.Verdict verdict = LayoutComparison.verdict(table, record);
      if (verdict == LayoutComparison.Verdict.DIFFERENT
          || verdict == LayoutComparison.Verdict.CONVERTIBLE) {
        // a convertible table is opened once schema().create has recorded the new format, so that
        // no client of the old one reads or filters the rows written in the new one
        found.add(LayoutComparison.difference(tables.entity(), table, record));
      } else if (verdict == LayoutComparison.Verdict.UNRECORDED) {
        LOG.warn("{}", LayoutComparison.difference(tables.entity(), table, record));
      }
    }
    if (!records.catalogued() && !records.byTable().isEmpty()) {
      // tables of an older Rowan: their families are checked here, as the catalog's are when they
      // are recorded
      found.addAll(
          HBaseCalls.admin(
              connection,
              main,
              "check the families of",
              admin -> {
                List<String> families = new ArrayList<>();
                for (TableSpec table : tables.tables()) {
                  TableDescriptor live = AdminTables.describe(admin, table.name());
                  if (live != null) {
                    families.addAll(
                        TableComparison.withoutNewVersionBehavior(table.descriptor(), live));
                    if (model.keepsHistory() && table == tables.tables().get(0)) {
                      families.addAll(
                          TableComparison.withFewerVersions(
                              tables.entity(), table.descriptor(), live));
                    }
                  }
                }
                return families;
              }));
    }
    TableCheck.throwIfAny(tables.entity(), found);
    return records.get(main);
  }
}
