package dev.rowan.core.internal.schema;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.security.access.Permission;
import org.jspecify.annotations.Nullable;

/**
 * The admin calls on one table or namespace that the schema makes, each safe when another client
 * makes or drops the same table at once: a table found missing is null, one created first by
 * another is compared instead, one dropped meanwhile is dropped.
 *
 * <p>Thread-safety: stateless.
 */
final class AdminTables {

  private AdminTables() {}

  /** The live descriptor of {@code name}, or null when there is no such table. */
  static @Nullable TableDescriptor describe(Admin admin, TableName name) throws IOException {
    try {
      return admin.getDescriptor(name);
    } catch (IOException e) {
      if (causedBy(e, TableNotFoundException.class)
          || causedBy(e, NamespaceNotFoundException.class)) {
        return null;
      }
      throw e;
    }
  }

  /**
   * Creates {@code table} as {@code descriptor} (its descriptor with the values of {@link
   * ViewStates}), or returns the live descriptor when someone else created it first.
   */
  static @Nullable TableDescriptor createTable(
      Admin admin, TableSpec table, TableDescriptor descriptor) throws IOException {
    try {
      byte[][] splitKeys = table.splitKeys();
      inNamespace(
          admin,
          table.name(),
          () -> {
            if (splitKeys.length == 0) {
              admin.createTable(descriptor);
            } else {
              admin.createTable(descriptor, splitKeys);
            }
          });
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

  /** A call that creates something in a namespace. */
  @FunctionalInterface
  interface Creation {
    void create() throws IOException;
  }

  /**
   * Runs {@code creation} of {@code table}; when HBase says the table's namespace is missing,
   * creates it (which needs ADMIN; another process may create it first) and runs it again. A
   * namespace that exists is not looked at: its descriptor needs ADMIN, where creating a table in
   * it needs only CREATE on it.
   */
  static void inNamespace(Admin admin, TableName table, Creation creation) throws IOException {
    try {
      creation.create();
    } catch (IOException e) {
      if (!causedBy(e, NamespaceNotFoundException.class)) {
        throw e;
      }
      try {
        admin.createNamespace(NamespaceDescriptor.create(table.getNamespaceAsString()).build());
      } catch (IOException raced) {
        if (!causedBy(raced, NamespaceExistException.class)) {
          throw raced;
        }
      }
      creation.create();
    }
  }

  /**
   * Whether the principal may create tables in {@code namespace} (CREATE or ADMIN on it, or on the
   * cluster), as HBase's AccessController says when asked ({@code Admin.hasUserPermissions}, which
   * changes nothing); true when the cluster runs no access control, or the namespace does not exist
   * yet (creating it is refused on its own).
   */
  static boolean mayCreateIn(Admin admin, String namespace) throws IOException {
    if (!Arrays.asList(admin.listNamespaces()).contains(namespace)) {
      return true;
    }
    try {
      return admin
          .hasUserPermissions(
              List.of(
                  Permission.newBuilder(namespace).withActions(Permission.Action.CREATE).build(),
                  Permission.newBuilder(namespace).withActions(Permission.Action.ADMIN).build()))
          .contains(true);
    } catch (IOException e) {
      if (String.valueOf(e.getMessage()).contains("is not loaded")) {
        return true; // no AccessController: every principal may
      }
      throw e;
    }
  }

  /** Disables and deletes table {@code name} if it exists; one that goes meanwhile is as good. */
  static void dropTable(Admin admin, TableName name) throws IOException {
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
