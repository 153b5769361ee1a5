package dev.rowan.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.mapreduce.BulkLoad;
import dev.rowan.mapreduce.BulkLoadResult;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The operator, with READ and WRITE on the namespace and CREATE on the entity's tables (HBase lets
 * only CREATE or ADMIN on a table bulk load HFiles into it), bulk loads orders from CSV, checks and
 * repairs damaged views and rebuilds them, on the local job runner, in this JVM.
 */
@SecureHBaseTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class OperatorIT {

  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  private final SecureCluster cluster;
  private final String namespace;
  private final Principal operator;
  private final Configuration jobs;

  OperatorIT(SecureCluster cluster) {
    this.cluster = cluster;
    namespace = cluster.createNamespace("OperatorIT");
    try (Rowan superuser = Fixtures.superuserRowan(cluster, namespace)) {
      superuser.schema().create(Order.class);
    }
    operator = cluster.principal("operator");
    cluster.grant(operator, namespace, Action.READ, Action.WRITE);
    for (String table : List.of("orders", "orders.seller", "orders.buyer")) {
      cluster.grant(operator, TableName.valueOf(namespace, table), Action.CREATE);
    }
    jobs = Fixtures.localJobs(operator.configuration(), Fixtures.directory("OperatorIT"));
  }

  @Test
  @org.junit.jupiter.api.Order(1)
  void bulkLoadsOrdersFromCsv() {
    List<Order> orders = Fixtures.orders(0, 60);
    java.nio.file.Path dir = Fixtures.directory("OperatorIT-input");
    BulkLoadResult result = operator.call(() -> BulkLoad.of(Order.class)
        .input(Fixtures.csv(dir.resolve("orders.csv"), orders)).namespace(namespace).progress(QUIET).run(jobs));
    assertEquals(60, result.entities(), result.summary());
    try (Rowan rowan = operator.rowan(namespace)) {
      OrderRepository loaded = rowan.repository(OrderRepository.class);
      assertEquals(orders.stream().filter(o -> o.sellerId().equals("seller-1"))
          .sorted(Comparator.comparing(Order::createdAt)).toList(), loaded.findBySellerId("seller-1"));
      assertEquals(60, loaded.scanAll().count());
    }
  }

  @Test
  @org.junit.jupiter.api.Order(2)
  void findsAndRepairsDamagedViews() throws IOException {
    int deleted = deleteViewRows(TableName.valueOf(namespace, "orders.seller"), 5);
    try (Rowan rowan = operator.rowan(namespace)) {
      List<ViewReport> checked = operator.call(() -> VerifyViews.of(rowan, Order.class).configuration(jobs)
          .progress(QUIET).check());
      ViewReport seller = checked.stream().filter(r -> r.view().equals("seller")).findFirst().orElseThrow();
      assertEquals(deleted, seller.missing(), seller.summary());
      operator.call(() -> VerifyViews.of(rowan, Order.class).configuration(jobs).progress(QUIET).repair());
      for (ViewReport report : operator.call(() -> VerifyViews.of(rowan, Order.class).configuration(jobs)
          .progress(QUIET).check())) {
        assertTrue(report.consistent(), report.summary());
      }
    }
  }

  @Test
  @org.junit.jupiter.api.Order(3)
  void rebuildsTheViews() throws IOException {
    deleteViewRows(TableName.valueOf(namespace, "orders.buyer"), 3);
    try (Rowan rowan = operator.rowan(namespace)) {
      List<ViewReport> rebuilt = operator.call(() -> RebuildViews.of(rowan, Order.class).configuration(jobs)
          .progress(QUIET).run());
      assertEquals(2, rebuilt.size(), rebuilt.toString());
      for (ViewReport report : operator.call(() -> VerifyViews.of(rowan, Order.class).configuration(jobs)
          .progress(QUIET).check())) {
        assertTrue(report.consistent(), report.summary());
      }
    }
  }

  /** Deletes the first {@code count} rows of a view table as the superuser, as damage by hand would; returns how many. */
  private int deleteViewRows(TableName view, int count) throws IOException {
    List<Delete> deletes = new ArrayList<>();
    try (Table table = cluster.superuser().getTable(view); ResultScanner rows = table.getScanner(new Scan())) {
      for (Result row : rows) {
        if (deletes.size() == count) {
          break;
        }
        deletes.add(new Delete(row.getRow()));
      }
      int deleted = deletes.size();
      table.delete(deletes); // empties the list as it succeeds
      return deleted;
    }
  }
}
