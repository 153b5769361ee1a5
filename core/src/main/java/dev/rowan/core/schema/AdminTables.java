package dev.rowan.core.schema;

import java.io.IOException;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceExistException;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;

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
  static TableDescriptor describe(Admin admin, TableName name) throws IOException {
    try {
      return admin.getDescriptor(name);
    } catch (IOException e) {
      if (causedBy(e, TableNotFoundException.class) || causedBy(e, NamespaceNotFoundException.class)) {
        return null;
      }
      throw e;
    }
  }

  /**
   * Creates {@code table} as {@code descriptor} (its descriptor with the values of
   * {@link ViewStates}), or returns the live descriptor when someone else created it first.
   */
  static TableDescriptor createTable(Admin admin, TableSpec table, TableDescriptor descriptor)
      throws IOException {
    try {
      byte[][] splitKeys = table.splitKeys();
      if (splitKeys.length == 0) {
        admin.createTable(descriptor);
      } else {
        admin.createTable(descriptor, splitKeys);
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

  /** Creates {@code namespace} (null: the default one) when it is missing; another process may create it first. */
  static void ensureNamespace(Admin admin, String namespace) throws IOException {
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
