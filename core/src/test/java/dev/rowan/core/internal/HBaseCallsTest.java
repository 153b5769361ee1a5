package dev.rowan.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.DataAccessException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Iterator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.metrics.ScanMetrics;
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
