package dev.rowan.core.internal.schema;

import dev.rowan.core.internal.plumbing.HBaseCalls;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.jspecify.annotations.Nullable;

/**
 * The records of one entity's tables, as every client reads them: from the {@link Catalog} when it
 * records the main table, which needs READ on the catalog, less the tables that {@code hbase:meta}
 * (which every principal may read; {@code Admin.tableExists} reads it, not the master) no longer
 * lists (dropped by hand); otherwise (tables made by an older Rowan, or none made yet) from the
 * tables' descriptors, which needs CREATE or ADMIN on the tables that exist: a principal without is
 * refused, told that a deployer's {@code schema().create} records them in the catalog ({@link
 * #adopt}).
 *
 * @param byTable the records by table; a missing table is absent
 * @param catalogued whether they were read from the catalog
 */
public record TableRecords(Map<TableName, TableRecord> byTable, boolean catalogued) {

  public TableRecords {
    byTable = Map.copyOf(byTable);
  }

  /** The record of {@code table}, or null when it is missing. */
  public @Nullable TableRecord get(TableName table) {
    return byTable.get(table);
  }

  /**
   * The records of {@code main} and {@code others} (its views), from the catalog or, when it does
   * not record {@code main}, from their descriptors.
   *
   * @throws dev.rowan.core.PermissionDeniedException when the principal may not read them: READ on
   *     the catalog, or CREATE on tables the catalog does not record
   * @throws dev.rowan.core.DataAccessException when HBase fails
   */
  public static TableRecords read(
      Connection connection, TableName main, Collection<TableName> others) {
    List<TableName> tables = new ArrayList<>();
    tables.add(main);
    tables.addAll(others);
    Map<TableName, TableRecord> recorded = Catalog.read(connection, tables);
    if (recorded.containsKey(main)) {
      // a table dropped by hand is still recorded: hbase:meta, which every principal may read,
      // tells
      return HBaseCalls.admin(
          connection,
          main,
          "look up in hbase:meta the tables of",
          admin -> {
            Map<TableName, TableRecord> existing = new LinkedHashMap<>(recorded);
            for (TableName table : recorded.keySet()) {
              if (!admin.tableExists(table)) {
                existing.remove(table);
              }
            }
            return new TableRecords(existing, true);
          });
    }
    return HBaseCalls.admin(
        connection,
        main,
        "read the descriptors of tables that "
            + Catalog.of(main)
            + " does not record (made by an older Rowan: a deployer's schema().create records them) of",
        admin -> new TableRecords(described(admin, tables), false));
  }

  /** The records the descriptors of {@code tables} hold, missing tables absent. */
  static Map<TableName, TableRecord> described(Admin admin, Collection<TableName> tables)
      throws IOException {
    Map<TableName, TableRecord> records = new LinkedHashMap<>();
    for (TableName table : tables) {
      TableDescriptor live = AdminTables.describe(admin, table);
      if (live != null) {
        records.put(table, TableRecord.of(live));
      }
    }
    return records;
  }

  /**
   * Records in the catalog, from their descriptors, the tables of {@code tables} that exist and
   * that it does not record yet (made by an older Rowan), creating the catalog when missing.
   *
   * @return the records of {@code tables} as the catalog now holds them
   */
  static Map<TableName, TableRecord> adopt(
      Connection connection, Admin admin, Collection<TableName> tables) throws IOException {
    Map<TableName, TableRecord> recorded = new LinkedHashMap<>(Catalog.read(connection, tables));
    for (TableName table : tables) {
      if (!recorded.containsKey(table)) {
        TableDescriptor live = AdminTables.describe(admin, table);
        if (live != null) {
          Catalog.ensure(admin, table);
          TableRecord record = TableRecord.of(live);
          Catalog.write(connection, record);
          recorded.put(table, record);
        }
      }
    }
    return recorded;
  }
}
