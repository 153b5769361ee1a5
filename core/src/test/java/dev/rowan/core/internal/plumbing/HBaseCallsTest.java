package dev.rowan.core.internal.plumbing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.PermissionDeniedException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.metrics.ScanMetrics;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.junit.jupiter.api.Test;

/** HBase's exceptions become Rowan's, naming what failed, in one place. */
class HBaseCallsTest {

  private static final TableName ORDERS = TableName.valueOf("shop", "orders");

  @Test
  void aFailedCallNamesItsOperationAndTableAndKeepsTheCause() {
    IOException refused = new IOException("region server refused");
    DataAccessException e = assertThrows(DataAccessException.class, () -> HBaseCalls.call("write", ORDERS, () -> {
      throw refused;
    }));
    assertEquals("write on table shop:orders failed: region server refused", e.getMessage());
    assertSame(refused, e.getCause());
  }

  @Test
  void aRefusalOfTheAccessControllerNamesThePrincipalTableAndPermissionWithoutTheServerStack() {
    AccessDeniedException denied = new AccessDeniedException("Insufficient permissions for user 'app' (table=shop:orders"
        + ".seller, action=WRITE)\n\tat org.apache.hadoop.hbase.security.access.AccessChecker.requirePermission(Acce"
        + "ssChecker.java:1)\n\tat org.apache.hadoop.hbase.ipc.RpcServer.call(RpcServer.java:2)");
    PermissionDeniedException e = assertThrows(PermissionDeniedException.class, () -> HBaseCalls.call("write", ORDERS,
        () -> {
          throw new RetriesExhaustedWithDetailsException(List.of(denied), List.of(new Put(new byte[] {1})),
              List.of("rs1:16020"));
        }));
    assertEquals("write on table shop:orders.seller was refused: principal 'app' lacks WRITE permission on"
        + " shop:orders.seller. Grant it with the HBase shell: grant 'app', 'W', 'shop:orders.seller'; or on the whole"
        + " namespace: grant 'app', 'W', '@shop'. See docs/security.md for what each operation needs.", e.getMessage());
    assertEquals(List.of("app", "shop:orders.seller", "WRITE"), List.of(e.principal(), e.table(), e.permission()));
    assertSame(denied, e.getCause());
  }

  @Test
  void aRefusalOfAnAdminCallNamesTheKerberosPrincipalAndTheShortNameToGrant() {
    PermissionDeniedException e = assertThrows(PermissionDeniedException.class, () -> HBaseCalls.call(
        "list the period tables of", ORDERS, () -> {
          throw new AccessDeniedException("Insufficient permissions (user=deployer/host@EXAMPLE.COM, scope=shop,"
              + " params=[namespace=shop],action=ADMIN)\n\tat org.apache.hadoop.hbase.security.access.X.y(X.java:1)");
        }));
    assertEquals("list the period tables of table shop:orders was refused: principal 'deployer/host@EXAMPLE.COM' lacks"
        + " ADMIN permission on namespace shop. Grant it with the HBase shell: grant 'deployer', 'A', '@shop'. See"
        + " docs/security.md for what each operation needs.", e.getMessage());
  }

  @Test
  void aFailureWithAServerStackTraceGivesItsFirstLineOnly() {
    DataAccessException e = assertThrows(DataAccessException.class, () -> HBaseCalls.call("read the records of",
        ORDERS, () -> {
          throw new IOException("region too busy\n\tat org.apache.hadoop.hbase.regionserver.HRegion.get(HRegion.java:1)");
        }));
    assertEquals("read the records of table shop:orders failed: region too busy", e.getMessage());
  }

  @Test
  void anInterruptedCallKeepsTheThreadsInterruptFlag() {
    try {
      assertThrows(DataAccessException.class, () -> HBaseCalls.call("read", ORDERS, () -> {
        throw new InterruptedIOException("interrupted");
      }));
      assertTrue(Thread.interrupted(), "the flag is set again (and cleared here)");
    } finally {
      Thread.interrupted();
    }
  }

  @Test
  void aConnectionThatCannotBeOpenedNamesTheZooKeeperQuorumItTried() {
    Configuration conf = new Configuration(false);
    conf.set("hbase.zookeeper.quorum", "zk1,zk2");
    conf.set("hbase.zookeeper.property.clientPort", "2182");
    conf.set("zookeeper.znode.parent", "/hbase-prod");
    DataAccessException e = assertThrows(DataAccessException.class, () -> HBaseCalls.connect(conf, c -> {
      throw new IOException("connection refused");
    }));
    assertEquals("connect to the HBase cluster at ZooKeeper zk1,zk2:2182/hbase-prod failed: connection refused",
        e.getMessage());
  }

  @Test
  void aConnectionThroughTheMastersNamesThem() {
    Configuration conf = new Configuration(false);
    conf.set("hbase.masters", "m1:16000,m2:16000");
    DataAccessException e = assertThrows(DataAccessException.class, () -> HBaseCalls.connect(conf, c -> {
      throw new IOException("no master");
    }));
    assertTrue(e.getMessage().contains("with masters m1:16000,m2:16000"), e.getMessage());
  }

  @Test
  void aScannerThatFailsMidwayFailsWithRowansExceptionNamingTheTable() {
    Iterator<Result> rows = HBaseCalls.rows(new FailingScanner(), "scan", ORDERS);
    DataAccessException e = assertThrows(DataAccessException.class, rows::hasNext);
    assertEquals("scan on table shop:orders failed: scanner lease expired", e.getMessage());
    assertFalse(Thread.currentThread().isInterrupted());
  }

  /** A scanner whose first read fails, as one whose region server went away. */
  private static final class FailingScanner implements ResultScanner {
    @Override
    public Result next() throws IOException {
      throw new IOException("scanner lease expired");
    }

    @Override
    public void close() {}

    @Override
    public boolean renewLease() {
      return false;
    }

    @Override
    public ScanMetrics getScanMetrics() {
      return null;
    }
  }
}
