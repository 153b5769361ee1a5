package dev.rowan.test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * What every {@link HBaseTest} class may rely on, run by two test classes so that the second
 * one to run, whichever it is, checks what the first one left: the same cluster, started once,
 * and tables that no other test can see.
 */
@HBaseTest
abstract class SharedClusterContract {

  private static final byte[] FAMILY = Bytes.toBytes("d");
  private static final byte[] QUALIFIER = Bytes.toBytes("owner");
  private static final byte[] ROW = Bytes.toBytes("same-row-in-every-test");

  /** The cluster each test class saw: master name with start code, and ZooKeeper port. */
  private static final Map<Class<?>, String> CLUSTERS_SEEN = new ConcurrentHashMap<>();
  private static final Set<String> NAMESPACES_SEEN = ConcurrentHashMap.newKeySet();
  private static final List<TableName> TABLES_OF_EARLIER_TESTS = new CopyOnWriteArrayList<>();

  @Test
  void runsEveryTestClassOnOneClusterStartedOnce(Admin admin, Configuration configuration)
      throws IOException {
    String cluster = admin.getClusterMetrics().getMasterName() + " zk:"
        + configuration.get(HConstants.ZOOKEEPER_CLIENT_PORT);
    CLUSTERS_SEEN.put(getClass(), cluster);

    assertEquals(1, SharedCluster.starts(), "HBase starts in this JVM");
    assertEquals(Set.of(cluster), Set.copyOf(CLUSTERS_SEEN.values()),
        "clusters seen by each test class: " + CLUSTERS_SEEN);
  }

  @Test
  void givesEachTestAFreshNamespaceThatRowanUses(Rowan rowan, TestNamespace namespace,
      Admin admin) throws IOException {
    assertTrue(NAMESPACES_SEEN.add(namespace.name()), "namespace reused: " + namespace);
    assertEquals(namespace.name(), rowan.namespace());
    assertEquals(namespace.tableName("orders"), rowan.tableName("orders"));
    assertTrue(Arrays.stream(admin.listNamespaceDescriptors())
        .map(NamespaceDescriptor::getName).anyMatch(namespace.name()::equals));
    assertEquals(0, admin.listTableNamesByNamespace(namespace.name()).length);
  }

  @Test
  void doesNotSeeTablesOrRowsOfOtherTests(Rowan rowan, TestNamespace namespace, Admin admin,
      Connection connection) throws IOException {
    TableName mine = rowan.tableName("things");
    admin.createTable(TableDescriptorBuilder.newBuilder(mine)
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
    try (Table table = connection.getTable(mine)) {
      assertTrue(table.get(new Get(ROW)).isEmpty(), "a fresh table already holds the row");
      table.put(new Put(ROW).addColumn(FAMILY, QUALIFIER, Bytes.toBytes(namespace.name())));
    }

    for (TableName earlier : TABLES_OF_EARLIER_TESTS) {
      assertNotEquals(mine, earlier);
      assertTrue(admin.tableExists(earlier), "the earlier test's table is gone: " + earlier);
      assertEquals(earlier.getNamespaceAsString(), ownerOfRow(connection, earlier));
    }
    assertArrayEquals(new TableName[] {mine},
        admin.listTableNamesByNamespace(namespace.name()));
    assertEquals(namespace.name(), ownerOfRow(connection, mine));
    TABLES_OF_EARLIER_TESTS.add(mine);
  }

  @Test
  void ignoresATestClosingTheSharedConnection(Connection connection) throws IOException {
    connection.close();

    assertFalse(connection.isClosed());
    try (Admin admin = connection.getAdmin()) {
      assertTrue(admin.tableExists(TableName.META_TABLE_NAME));
    }
  }

  private static String ownerOfRow(Connection connection, TableName tableName)
      throws IOException {
    try (Table table = connection.getTable(tableName)) {
      return Bytes.toString(table.get(new Get(ROW)).getValue(FAMILY, QUALIFIER));
    }
  }
}
