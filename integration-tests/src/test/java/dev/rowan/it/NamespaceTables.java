package dev.rowan.it;

import dev.rowan.test.TestNamespace;
import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;

/**
 * Drops the tables a test left in its namespace. The shared test cluster keeps every table of
 * the JVM's run, and each region that was written holds memstore memory until it is flushed or
 * closed: tests that create many pre-split tables (salted orders with two views) drop theirs
 * when they end, so that the tests after them keep the heap they had.
 */
public final class NamespaceTables {

  private NamespaceTables() {}

  /** Disables and deletes every table of {@code namespace}. */
  public static void drop(Admin admin, TestNamespace namespace) throws IOException {
    for (TableName table : admin.listTableNamesByNamespace(namespace.name())) {
      if (admin.isTableEnabled(table)) {
        admin.disableTable(table);
      }
      admin.deleteTable(table);
    }
  }
}
