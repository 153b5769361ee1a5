package dev.rowan.core.internal.schema;

import dev.rowan.core.internal.plumbing.HBaseCalls;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Where Rowan records what it must know of its tables ({@link TableRecord}: key layouts, the views
 * a main table names, view states): one table per namespace, {@value #TABLE}, one row per table of
 * Rowan's (its qualifier), one cell per recorded value. Every client reads it when it opens an
 * entity and at every view refresh, with a multi-get: READ on it is all a principal needs (READ on
 * the namespace covers it), where a table's descriptor needs CREATE or ADMIN. {@code schema()}
 * writes it, before it creates a table and after it drops one, so a recorded table may be missing
 * but a table Rowan made is never unrecorded.
 *
 * <p>A table made by an older Rowan has no row; its descriptor's values are read instead ({@link
 * TableRecords}) until {@code schema().create} records them here.
 *
 * <p>Thread-safety: stateless.
 */
public final class Catalog {

  /** The catalog table's qualifier, in every namespace that holds Rowan's tables. */
  public static final String TABLE = "rowan_catalog";

  private static final byte[] FAMILY = Bytes.toBytes("r");

  /** The row the creator's first write probes: no table is named by a single 0 byte. */
  private static final byte[] PROBE = {0};

  /** How long the creator of a catalog waits for HBase to let it write there. */
  private static final Duration OWNER_WAIT = Duration.ofSeconds(10);

  /** The cell every row has, so that a table recorded without values is recorded. */
  private static final String MARK = TableRecord.PREFIX + "table";

  /** Every key a record may hold: a write clears those it does not set. */
  private static final List<String> KEYS =
      List.of(
          LayoutComparison.LAYOUT,
          LayoutComparison.FINGERPRINT,
          ViewStates.VIEWS,
          ViewStates.KEY,
          ViewStates.SINCE,
          WriteLeases.KEY);

  private Catalog() {}

  /** The catalog of {@code table}'s namespace. */
  public static TableName of(TableName table) {
    return TableName.valueOf(table.getNamespaceAsString(), TABLE);
  }

  /**
   * The records of {@code tables} (all in one namespace), by table; a table without a row is
   * absent, and all are when the namespace has no catalog yet. One scan, of the rows from the first
   * table's to the last's.
   *
   * @throws dev.rowan.core.PermissionDeniedException when the principal may not READ the catalog
   * @throws dev.rowan.core.DataAccessException when HBase fails
   */
  public static Map<TableName, TableRecord> read(
      Connection connection, Collection<TableName> tables) {
    Map<TableName, TableRecord> records = new LinkedHashMap<>();
    if (tables.isEmpty()) {
      return records;
    }
    TableName catalog = of(tables.iterator().next());
    SortedMap<String, TableName> asked = new TreeMap<>();
    tables.forEach(table -> asked.put(table.getQualifierAsString(), table));
    // one scan from the first row asked to the last (an entity's tables share its main table's name
    // as prefix); a
    // multi-get of a missing catalog would log an error per row
    Scan rows =
        new Scan()
            .withStartRow(Bytes.toBytes(asked.firstKey()))
            .withStopRow(Bytes.toBytes(asked.lastKey()), true)
            .addFamily(FAMILY)
            .setCaching(100);
    List<Result> found =
        HBaseCalls.call(
            "read the records of " + asked.values().iterator().next().getNameAsString() + " in",
            catalog,
            () -> {
              List<Result> read = new ArrayList<>();
              try (Table table = connection.getTable(catalog);
                  ResultScanner scanner = table.getScanner(rows)) {
                for (Result row = scanner.next(); row != null; row = scanner.next()) {
                  read.add(row);
                }
              } catch (IOException e) {
                if (!missing(e)) {
                  throw e;
                }
              }
              return read;
            });
    for (Result row : found) {
      TableName table = asked.get(Bytes.toString(row.getRow()));
      if (table != null) {
        Map<String, String> values = new TreeMap<>();
        for (Cell cell : row.rawCells()) {
          String key = Bytes.toString(CellUtil.cloneQualifier(cell));
          if (!key.equals(MARK)) {
            values.put(key, Bytes.toString(CellUtil.cloneValue(cell)));
          }
        }
        records.put(table, new TableRecord(table, values));
      }
    }
    return records;
  }

  /**
   * Writes {@code record} as its table's row: its values, and none other (in one atomic row
   * mutation).
   *
   * @throws dev.rowan.core.PermissionDeniedException when the principal may not WRITE the catalog
   */
  static void write(Connection connection, TableRecord record) {
    TableName catalog = of(record.table());
    byte[] row = row(record.table());
    HBaseCalls.run(
        "record " + record.table().getNameAsString() + " in",
        catalog,
        () -> {
          RowMutations mutations = new RowMutations(row);
          Put put =
              new Put(row)
                  .addColumn(
                      FAMILY, Bytes.toBytes(MARK), Bytes.toBytes(record.table().getNameAsString()));
          record
              .values()
              .forEach(
                  (key, value) -> put.addColumn(FAMILY, Bytes.toBytes(key), Bytes.toBytes(value)));
          mutations.add(put);
          Delete cleared = new Delete(row);
          for (String key : KEYS) {
            if (record.value(key) == null) {
              cleared.addColumns(FAMILY, Bytes.toBytes(key));
            }
          }
          if (!cleared.isEmpty()) {
            mutations.add(cleared);
          }
          try (Table table = connection.getTable(catalog)) {
            table.mutateRow(mutations);
          }
        });
  }

  /** Removes the row of {@code table}: dropped. */
  static void remove(Connection connection, TableName table) {
    TableName catalog = of(table);
    HBaseCalls.run(
        "remove " + table.getNameAsString() + " from",
        catalog,
        () -> {
          try (Table rows = connection.getTable(catalog)) {
            rows.delete(new Delete(row(table)));
          } catch (IOException e) {
            if (!missing(e)) { // else nothing is recorded
              throw e;
            }
          }
        });
  }

  /**
   * Refuses, as HBase would refuse {@link #remove} or {@link #write}, unless the principal may READ
   * and WRITE the catalog of {@code table}'s namespace: a check-and-mutate whose condition never
   * holds, which HBase's AccessController checks before it evaluates the condition, so that nothing
   * is written. Passes when the namespace has no catalog.
   *
   * @throws dev.rowan.core.PermissionDeniedException naming the catalog and the permission
   */
  static void requireWrite(Connection connection, TableName table, String operation) {
    TableName catalog = of(table);
    byte[] row = row(table);
    byte[] never = Bytes.toBytes("rowan: never stored");
    HBaseCalls.run(
        operation + " (it changes the records of " + table.getNameAsString() + " in)",
        catalog,
        () -> {
          try (Table rows = connection.getTable(catalog)) {
            rows.checkAndMutate(
                CheckAndMutate.newBuilder(row)
                    .ifEquals(FAMILY, Bytes.toBytes(MARK), never)
                    .build(new Put(row).addColumn(FAMILY, Bytes.toBytes(MARK), never)));
          } catch (IOException e) {
            if (!missing(e)) {
              throw e;
            }
          }
        });
  }

  /**
   * Creates the catalog of {@code table}'s namespace when it is missing (and the namespace, which
   * needs ADMIN, only when that is missing too); another process may create either first.
   */
  static void ensure(Admin admin, TableName table) throws IOException {
    TableName catalog = of(table);
    if (admin.tableExists(catalog)) {
      return;
    }
    TableDescriptorBuilder descriptor =
        TableDescriptorBuilder.newBuilder(catalog)
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(FAMILY)
                    .setMaxVersions(1)
                    .setInMemory(true)
                    .setNewVersionBehavior(true)
                    .build());
    try {
      AdminTables.inNamespace(admin, catalog, () -> admin.createTable(descriptor.build()));
    } catch (IOException e) {
      if (!AdminTables.causedBy(e, TableExistsException.class)) {
        throw e;
      }
      return;
    }
    awaitOwnerWrite(admin.getConnection(), catalog);
  }

  /**
   * Waits, once this principal has created {@code catalog}, until HBase lets it write there: under
   * HBase's AccessController the creator of a table owns it, but the owner's permissions reach the
   * region servers' caches a moment after the table exists, and a write in that moment is refused.
   * The probe is a delete of a row no table is named by. Returns at once without the
   * AccessController; gives up after {@link #OWNER_WAIT}, and the write that follows says what is
   * refused.
   */
  private static void awaitOwnerWrite(Connection connection, TableName catalog) throws IOException {
    long deadline = System.nanoTime() + OWNER_WAIT.toNanos();
    try (Table table = connection.getTable(catalog)) {
      while (true) {
        try {
          table.delete(new Delete(PROBE));
          return;
        } catch (IOException e) {
          if (!AdminTables.causedBy(e, AccessDeniedException.class)
              || System.nanoTime() > deadline) {
            return;
          }
        }
        try {
          Thread.sleep(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
  }

  /** Whether {@code e} says the catalog table does not exist. */
  private static boolean missing(IOException e) {
    return AdminTables.causedBy(e, TableNotFoundException.class);
  }

  private static byte[] row(TableName table) {
    return Bytes.toBytes(table.getQualifierAsString());
  }

  /** Whether {@code table} is a catalog, which no entity may be stored in. */
  public static boolean isCatalog(TableName table) {
    return TABLE.equals(table.getQualifierAsString());
  }
}
