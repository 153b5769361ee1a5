package dev.rowan.mapreduce;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.ViewAudit;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;

/**
 * The jobs of VerifyViews and RebuildViews on the local job runner, with small batches and
 * several map tasks at once: exact counts and samples, the command line, and rebuilds whose
 * cells are those a save writes.
 */
@HBaseTest
class ViewJobsIT {

  /** The orders table as it is before the entity has views: same table, same columns, no status cells. */
  @Table(name = "orders", salt = @Salt(buckets = 4))
  @Family(name = "d")
  record PlainOrder(@RowKey String orderNo, @Column(name = "s") String sellerId, @Column(name = "b") String buyerId,
      @Column(name = "c") Instant createdAt, @Column(name = "a") BigDecimal amount, @Column(name = "n") String note) {}

  /** The repository of the orders as they are before the entity has views. */
  interface PlainOrderRepository extends HBaseRepository<PlainOrder> {}

  /** The orders table salted in 8 buckets instead of 4: the stored rows are laid out otherwise. */
  @Table(name = "orders", salt = @Salt(buckets = 8))
  @Family(name = "d")
  @Index(name = "seller", key = {"sellerId", "createdAt"})
  @Index(name = "buyer", key = {"buyerId", "createdAt"}, include = {"amount"})
  record ResaltedOrder(@RowKey String orderNo, @Column(name = "s") String sellerId, @Column(name = "b") String buyerId,
      @Column(name = "c") Instant createdAt, @Column(name = "a") BigDecimal amount, @Column(name = "n") String note) {}

  @Test
  void aRepairUnderAnotherKeyLayoutIsRefusedBeforeAnyJobDeletesRowsItCannotRead(Rowan rowan) throws IOException {
    VerifyViewsIT.saveOrders(rowan, new Random(5));
    Map<String, String> seller = cells(rowan, "orders.seller");

    SchemaMismatchException refused = assertThrows(SchemaMismatchException.class,
        () -> VerifyViews.of(rowan, ResaltedOrder.class).configuration(conf(rowan, "resalted")).repair());

    assertTrue(refused.getMessage().contains("Table " + rowan.tableName("orders") + " stores keys laid out as"),
        refused.getMessage());
    assertEquals(seller, cells(rowan, "orders.seller"), "the view is as it was");
    assertThrows(SchemaMismatchException.class,
        () -> RebuildViews.of(rowan, ResaltedOrder.class).configuration(conf(rowan, "resalted-rebuild")).run());
  }

  @Test
  void theToolCountsEveryFaultExactlyAndRepairsThem(Rowan rowan) throws Exception {
    long seed = System.nanoTime();
    System.out.println("ViewJobsIT seed " + seed);
    Map<String, Order> orders = VerifyViewsIT.saveOrders(rowan, new Random(seed));
    VerifyViewsIT.damage(rowan, new ArrayList<>(orders.values()));
    Configuration conf = conf(rowan, "tool");
    String ns = rowan.namespace();

    Run check = tool(conf, Order.class.getName(), "check");
    assertEquals(ViewsTool.FAULTS_FOUND, check.status(), check.err());
    assertTrue(check.out().contains("\n" + ns + ":orders.seller: 199 rows, 3 missing, 2 stale, 2 orphans (e.g. "),
        check.out());
    assertTrue(check.out().contains("\n" + ns + ":orders.buyer: 199 rows, 1 missing, 1 stale, 0 orphans (e.g. "),
        check.out());
    assertTrue(check.out().contains("Verify views of Order: map 100% | 200 main rows, 398 view rows, 9 at fault,"
        + " 0 repaired"), check.out());

    Run repair = tool(conf, Order.class.getName(), "repair");
    assertEquals(0, repair.status(), repair.err());
    assertTrue(repair.out().contains(" 3 missing, 2 stale, 2 orphans, 7 repaired (e.g. "), repair.out());
    assertTrue(repair.out().contains(" 1 missing, 1 stale, 0 orphans, 2 repaired (e.g. "), repair.out());

    Run after = tool(conf, Order.class.getName(), "check");
    assertEquals(0, after.status(), after.out() + after.err());
    assertTrue(after.out().endsWith(ns + ":orders.seller: 200 rows, 0 missing, 0 stale, 0 orphans\n" + ns
        + ":orders.buyer: 200 rows, 0 missing, 0 stale, 0 orphans\n"), after.out());
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
  }

  @Test
  void samplesAreBoundedAndShowEveryKindFound(Rowan rowan) throws IOException {
    Map<String, Order> orders = VerifyViewsIT.saveOrders(rowan, new Random(3));
    VerifyViewsIT.damage(rowan, new ArrayList<>(orders.values()));
    Configuration conf = conf(rowan, "samples");
    conf.setInt(VerifyViews.SAMPLES, 3);

    List<ViewReport> found = VerifyViews.of(rowan, Order.class).configuration(conf).check();

    List<String> kinds = found.get(0).samples().stream().map(sample -> sample.substring(0, sample.indexOf(' ')))
        .sorted().toList();
    assertEquals(List.of("missing", "orphan", "stale"), kinds, found.get(0).summary());
    assertEquals(2, found.get(1).samples().size(), found.get(1).summary());
  }

  @Test
  void theToolRefusesWrongArguments(Rowan rowan) throws Exception {
    Configuration conf = conf(rowan, "usage");
    assertEquals(2, tool(conf, Order.class.getName()).status());
    assertEquals(2, tool(conf, Order.class.getName(), "fix").status());
    Run unknown = tool(conf, "com.example.NoSuchEntity", "check");
    assertEquals(2, unknown.status());
    assertEquals("entity class com.example.NoSuchEntity is not on the class path\n", unknown.err());
  }

  @Test
  void aRebuildOfEmptiedViewsWritesTheCellsOfASave(Rowan rowan, Admin admin) throws IOException {
    VerifyViewsIT.saveOrders(rowan, new Random(5));
    Map<String, String> seller = cells(rowan, "orders.seller");
    Map<String, String> buyer = cells(rowan, "orders.buyer");
    for (String view : List.of("orders.seller", "orders.buyer")) {
      TableName table = rowan.tableName(view);
      admin.disableTable(table);
      admin.truncateTable(table, true);
    }

    List<ViewReport> rebuilt = RebuildViews.of(rowan, Order.class).configuration(conf(rowan, "rebuild")).run();

    assertEquals(List.of(200L, 0L, 0L, 0L, 200L), counts(rebuilt.get(0)), rebuilt.get(0).summary());
    assertEquals(List.of(200L, 0L, 0L, 0L, 200L), counts(rebuilt.get(1)), rebuilt.get(1).summary());
    assertEquals(seller, cells(rowan, "orders.seller"), "every cell as the save wrote it, timestamps included");
    assertEquals(buyer, cells(rowan, "orders.buyer"));
  }

  @Test
  void aRebuildGivesEntitiesWrittenBeforeTheEntityHadViewsTheirRows(Rowan rowan) throws IOException {
    rowan.schema().create(PlainOrder.class);
    List<PlainOrder> plain = new ArrayList<>();
    for (Order order : LoadFixtures.orders(new Random(9), 120)) {
      plain.add(new PlainOrder(order.orderNo(), order.sellerId(), order.buyerId(), order.createdAt(), order.amount(),
          order.note()));
    }
    rowan.repository(PlainOrderRepository.class).saveAll(plain);
    rowan.schema().create(Order.class); // the views are added: their tables are created, empty
    long buyers = plain.stream().filter(order -> order.buyerId() != null).count();

    List<ViewReport> rebuilt = RebuildViews.of(rowan, Order.class).configuration(conf(rowan, "new-view")).run();

    // Every row goes through the repair pass; the view rows it reads may include those it wrote meanwhile.
    assertEquals(List.of(120L, 0L, 0L, 120L), faults(rebuilt.get(0)), rebuilt.get(0).summary());
    assertEquals(List.of(buyers, 0L, 0L, buyers), faults(rebuilt.get(1)), rebuilt.get(1).summary());
    assertTrue(rebuilt.get(0).rows() <= 120, rebuilt.get(0).summary());
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    assertTrue(VerifyViews.of(rowan, Order.class).configuration(conf(rowan, "after")).check().stream()
        .allMatch(ViewReport::consistent));
  }

  @Test
  void aViewDroppedWhileItsClassStillDeclaresItIsLeftAloneAndRefusedByName(Rowan rowan) throws IOException {
    rowan.schema().create(Order.class);
    rowan.repository(OrderRepository.class).saveAll(LoadFixtures.orders(new Random(11), 30));
    rowan.schema().dropView(Order.class, "buyer"); // Order still declares it

    List<ViewReport> verified = VerifyViews.of(rowan, Order.class).configuration(conf(rowan, "dropped")).check();

    assertEquals(List.of("seller"), verified.stream().map(ViewReport::view).toList());
    assertTrue(verified.get(0).consistent(), verified.get(0).summary());
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> RebuildViews.of(rowan, Order.class).views("buyer").configuration(conf(rowan, "dropped-rebuild")).run());
    assertTrue(refused.getMessage().startsWith("rowan.views.only names view 'buyer' of Order, which is dropped"),
        refused.getMessage());
  }

  private static List<Long> counts(ViewReport report) {
    return List.of(report.rows(), report.missing(), report.stale(), report.orphans(), report.repaired());
  }

  private static List<Long> faults(ViewReport report) {
    return List.of(report.missing(), report.stale(), report.orphans(), report.repaired());
  }

  /** Every visible cell of a table: row, column and timestamp to value. */
  private static Map<String, String> cells(Rowan rowan, String table) throws IOException {
    Map<String, String> cells = new TreeMap<>();
    try (var handle = rowan.connection().getTable(rowan.tableName(table));
        ResultScanner scanner = handle.getScanner(new Scan())) {
      for (Result row : scanner) {
        for (Cell cell : row.rawCells()) {
          cells.put(org.apache.hadoop.hbase.util.Bytes.toStringBinary(CellUtil.cloneRow(cell)) + "/"
              + org.apache.hadoop.hbase.util.Bytes.toStringBinary(CellUtil.cloneFamily(cell)) + ":"
              + org.apache.hadoop.hbase.util.Bytes.toStringBinary(CellUtil.cloneQualifier(cell)) + "@"
              + cell.getTimestamp(), org.apache.hadoop.hbase.util.Bytes.toStringBinary(CellUtil.cloneValue(cell)));
        }
      }
    }
    return cells;
  }

  /** The local job runner with two map tasks at once, batches of 7 rows, the tables of {@code rowan}. */
  private static Configuration conf(Rowan rowan, String test) {
    Configuration conf = LoadFixtures.jobConf(rowan.connection(), LoadFixtures.directory("views-" + test));
    conf.set(VerifyViews.NAMESPACE, rowan.namespace());
    conf.setInt(VerifyViews.BATCH, 7);
    conf.setInt(VerifyViews.PROGRESS_SECONDS, 1);
    return conf;
  }

  private record Run(int status, String out, String err) {}

  private static Run tool(Configuration conf, String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status;
    try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      status = ToolRunner.run(new Configuration(conf), new ViewsTool(o, e), args);
    }
    String text = out.toString(StandardCharsets.UTF_8);
    System.out.print(text);
    return new Run(status, text, err.toString(StandardCharsets.UTF_8));
  }
}
