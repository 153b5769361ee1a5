package dev.rowan.core.schema;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * Internal, not API (use {@link dev.rowan.core.Rowan#schema()}): creates, checks and drops the
 * tables of entities through HBase's {@link Admin}, the one place where schema work does I/O.
 *
 * <p>Thread-safety: thread-safe; each call opens its own {@code Admin}. Concurrent creates of
 * the same tables, from this or other processes, are safe: a table that appears meanwhile is
 * compared instead of created.
 */
public final class SchemaAdmin {

  /** An HBase call that may fail with an {@link IOException}. */
  @FunctionalInterface
  private interface AdminCall<R> {
    R call(Admin admin) throws IOException;
  }

  private final Connection connection;
  private final String namespace;
  private final Function<String, TableName> names;

  /**
   * Works on the tables of {@code connection}'s cluster named by {@code names}, creating
   * {@code namespace} (null for the default one) when it is missing.
   */
  public SchemaAdmin(Connection connection, String namespace, Function<String, TableName> names) {
    this.connection = Objects.requireNonNull(connection, "connection");
    this.namespace = namespace;
    this.names = Objects.requireNonNull(names, "names");
  }

  /**
   * Creates the namespace and the missing tables of {@code entityType}, the main table split as
   * {@code splits} says; a no-op when every table exists and matches.
   *
   * @throws SchemaMismatchException when an existing table differs from the mapping; nothing
   *     is created then
   * @throws IllegalArgumentException when {@code splits} is given for a salted entity
   * @throws DataAccessException when HBase fails
   */
  public void create(Class<?> entityType, SplitPolicy splits) {
    Objects.requireNonNull(splits, "splits");
    EntityTables tables = EntityTables.of(EntityModel.of(entityType), splits, names);
    TableName main = tables.tables().get(0).name();
    withAdmin("create", main, admin -> {
      List<String> differences = new ArrayList<>();
      List<TableSpec> missing = new ArrayList<>();
      for (TableSpec table : tables.tables()) {
        TableDescriptor live = describe(admin, table.name());
        if (live == null) {
          missing.add(table);
        } else {
          differences.addAll(TableComparison.differences(table.descriptor(), live));
        }
      }
      throwIfAny(tables.entity(), differences);
      if (!missing.isEmpty()) {
        ensureNamespace(admin);
      }
      for (TableSpec table : missing) {
        TableDescriptor raced = createTable(admin, table);
        if (raced != null) {
          differences.addAll(TableComparison.differences(table.descriptor(), raced));
        }
      }
      throwIfAny(tables.entity(), differences);
      return null;
    });
  }

  /**
   * The differences between the live tables of {@code entityType} and its mapping.
   *
   * @throws DataAccessException when HBase fails
   */
  public SchemaReport check(Class<?> entityType) {
    EntityTables tables = EntityTables.of(EntityModel.of(entityType), SplitPolicy.salted(), names);
    List<String> differences = withAdmin("check", tables.tables().get(0).name(), admin -> {
      List<String> found = new ArrayList<>();
      for (TableSpec table : tables.tables()) {
        TableDescriptor live = describe(admin, table.name());
        if (live == null) {
          found.add(TableComparison.missing(table.name()));
        } else {
          found.addAll(TableComparison.differences(table.descriptor(), live));
        }
      }
      return found;
    });
    return new SchemaReport(tables.entity(), differences);
  }

  /**
   * Disables and deletes every table of {@code entityType} that exists.
   *
   * @throws DataAccessException when HBase fails
   */
  public void drop(Class<?> entityType) {
    EntityTables tables = EntityTables.of(EntityModel.of(entityType), SplitPolicy.salted(), names);
    for (TableSpec table : tables.tables()) {
      withAdmin("drop", table.name(), admin -> {
        dropTable(admin, table.name());
        return null;
      });
    }
  }

  private static void throwIfAny(String entity, List<String> differences) {
    if (!differences.isEmpty()) {
      throw SchemaMismatchException.of(new SchemaReport(entity, differences));
    }
  }

  /** The live descriptor of {@code name}, or null when there is no such table. */
  private static TableDescriptor describe(Admin admin, TableName name) throws IOException {
    try {
      return admin.getDescriptor(name);
    } catch (IOException e) {
      if (causedBy(e, TableNotFoundException.class) || causedBy(e, NamespaceNotFoundException.class)) {
        return null;
      }
      throw e;
    }
  }

  /** Creates the table, or returns the live descriptor when someone else created it first. */
  private static TableDescriptor createTable(Admin admin, TableSpec table) throws IOException {
    try {
      byte[][] splitKeys = table.splitKeys();
      if (splitKeys.length == 0) {
        admin.createTable(table.descriptor());
      } else {
        admin.createTable(table.descriptor(), splitKeys);
      }
      return null;
    } catch (IOException e) {
      if (!causedBy(e, TableExistsException.class)) {
        throw e;
      }
      TableDescriptor live = describe(admin, table.name());
      if (live == null) {
        throw e; // created and dropped again meanwhile: report what HBase said
      }
      return live;
    }
  }

  private void ensureNamespace(Admin admin) throws IOException {
    if (namespace == null) {
      return;
    }
    try {
      admin.getNamespaceDescriptor(namespace);
    } catch (IOException e) {
      if (!causedBy(e, NamespaceNotFoundException.class)) {
        throw e;
      }
      try {
        admin.createNamespace(NamespaceDescriptor.create(namespace).build());
      } catch (IOException raced) {
        if (!causedBy(raced, NamespaceExistException.class)) {
          throw raced;
        }
      }
    }
  }

  private static void dropTable(Admin admin, TableName name) throws IOException {
    if (!admin.tableExists(name)) {
      return;
    }
    try {
      admin.disableTable(name);
    } catch (IOException e) {
      if (causedBy(e, TableNotFoundException.class)) {
        return;
      }
      if (!causedBy(e, TableNotEnabledException.class)) {
        throw e;
      }
    }
    try {
      admin.deleteTable(name);
    } catch (IOException e) {
      if (!causedBy(e, TableNotFoundException.class)) {
        throw e;
      }
    }
  }

  private <R> R withAdmin(String operation, TableName table, AdminCall<R> call) {
    try (Admin admin = connection.getAdmin()) {
      return call.call(admin);
    } catch (InterruptedIOException e) {
      Thread.currentThread().interrupt();
      throw DataAccessException.of(operation, table.getNameAsString(), e);
    } catch (IOException e) {
      throw DataAccessException.of(operation, table.getNameAsString(), e);
    }
  }

  /** Whether {@code e} or one of its causes is a {@code type}, as HBase may wrap remote errors. */
  static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (type.isInstance(t)) {
        return true;
      }
    }
    return false;
  }
}
