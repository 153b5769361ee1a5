package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.it.FormerFormat;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * A table whose views hold a cell per column (every view before 0.2), opened by a mapping that
 * packs them (docs/view-consistency.md, "What is stored", and docs/row-keys.md, "Layout changes"):
 * {@code schema().check()} reports the format and repositories refuse the table until {@code
 * schema().create} records the new one (then clients of the old format refuse it); its answers are
 * right before any row is converted, and {@code RebuildViews} converts every row while two threads
 * save, change and delete; after it, every query equals the main table, {@code VerifyViews} finds
 * nothing at fault and every view row is packed.
 */
@HBaseTest
class ViewFormatConversionIT {

  private static final int ENTITIES = 3_000;
  private static final int BUYERS = 20;

  /** The version that wrote the table: a view of a cell per column, full and narrow. */
  @Table(name = "converted")
  @Index(name = "buyer", key = {"buyerId", "orderNo"}, format = Index.Format.COLUMNS)
  @Index(name = "seller", key = {"sellerId"}, include = {"amount"}, format = Index.Format.COLUMNS)
  record InColumns(@RowKey String orderNo, @Column String sellerId, @Column String buyerId, @Column Long amount,
      @Column String note) {}

  interface InColumnsRepository extends HBaseRepository<InColumns> {}

  /** The same entity under a mapping of packed views, the default. */
  @Table(name = "converted")
  @Index(name = "buyer", key = {"buyerId", "orderNo"})
  @Index(name = "seller", key = {"sellerId"}, include = {"amount"})
  record Packed(@RowKey String orderNo, @Column String sellerId, @Column String buyerId, @Column Long amount,
      @Column String note) {}

  interface PackedRepository extends HBaseRepository<Packed> {
    List<Packed> findByBuyerId(String buyerId);

    List<Packed> findBySellerIdAndAmountGreaterThan(String sellerId, Long amount);

    long countByBuyerId(String buyerId);
  }

  @Test
  void aTableOfViewsOfACellPerColumnIsReadRightAndConvertedWhileWritersWrite(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ViewFormatConversionIT seed " + seed);
    Random random = new Random(seed);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(Duration.ofSeconds(2))
        .build()) {
      rowan.schema().create(InColumns.class);
      List<InColumns> old = new ArrayList<>();
      for (int i = 0; i < ENTITIES; i++) {
        old.add(new InColumns(key(i), "s" + random.nextInt(5), "b" + random.nextInt(BUYERS),
            random.nextInt(4) == 0 ? null : (long) random.nextInt(1_000), random.nextBoolean() ? null : "n" + i));
      }
      rowan.repository(InColumnsRepository.class).saveAll(old);

      SchemaReport report = rowan.schema().check(Packed.class);
      assertEquals(2, report.differences().size(), report.toString());
      assertTrue(report.differences().stream().allMatch(d -> d.contains("holds view rows of an older format than"
          + " the mapping of Packed writes") && d.contains("columns packed in the status cell; settled by its status"
          + " alone")), report.toString());
      try (Rowan early = Rowan.builder(connection).namespace(namespace.name()).build()) {
        assertThrows(SchemaMismatchException.class, () -> early.repository(PackedRepository.class),
            "not opened before schema().create records the new format");
      }
      rowan.schema().create(Packed.class); // records the packed format, creates nothing
      assertEquals(List.of(), rowan.schema().check(Packed.class).differences());
      try (Rowan older = Rowan.builder(connection).namespace(namespace.name()).build()) {
        assertThrows(SchemaMismatchException.class, () -> older.repository(InColumnsRepository.class),
            "a client of the old format refuses the table from then on: it would misread packed rows");
      }

      assertEquals(0, packedRows(connection, rowan, "converted.buyer"), "the old version wrote a cell per column");
      assertEquals(ENTITIES, rows(connection, rowan, "converted.buyer"));
      PackedRepository orders = rowan.repository(PackedRepository.class);
      assertAnswersEqualTheMainTable(orders, "before the conversion, seed " + seed);

      convertWhileTwoThreadsWrite(rowan, orders, seed);
      for (String view : List.of("converted.buyer", "converted.seller")) {
        assertEquals(rows(connection, rowan, view), packedRows(connection, rowan, view), view + " is packed whole");
      }

      assertEquals(List.of(), rowan.schema().check(Packed.class).differences());
    }
  }

  /**
   * A table written by 0.2, whose view rows were settled under a write mark: each row a status
   * {@code VERIFIED_UNDER_MARK} (code 2) with the columns packed in it and a write mark {@code \x00w}
   * naming the same write, the layout without "settled by its status alone". This version's writers
   * do not keep the mark, so such a row is read as unverified: answers are right before any row is
   * converted, and {@code RebuildViews} converts the table while two threads save, change and
   * delete, after which every row is settled by its status alone and holds no mark.
   */
  @Test
  void aTableOfViewsSettledUnderAWriteMarkIsReadRightAndConvertedWhileWritersWrite(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ViewFormatConversionIT (write marks) seed " + seed);
    Random random = new Random(seed);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(Duration.ofSeconds(2))
        .build()) {
      rowan.schema().create(Packed.class);
      List<Packed> old = new ArrayList<>();
      for (int i = 0; i < ENTITIES; i++) {
        old.add(new Packed(key(i), "s" + random.nextInt(5), "b" + random.nextInt(BUYERS),
            random.nextInt(4) == 0 ? null : (long) random.nextInt(1_000), random.nextBoolean() ? null : "n" + i));
      }
      rowan.repository(PackedRepository.class).saveAll(old);
      for (ViewModel view : ViewMaintainer.of(EntityModel.of(Packed.class)).views()) {
        assertEquals(ENTITIES, FormerFormat.forge(rowan, rowan.tableName(view.tableName()), view),
            "every row settled by this version");
      }

      SchemaReport report = rowan.schema().check(Packed.class);
      assertEquals(2, report.differences().size(), report.toString());
      try (Rowan early = Rowan.builder(connection).namespace(namespace.name()).build()) {
        assertThrows(SchemaMismatchException.class, () -> early.repository(PackedRepository.class),
            "not opened before schema().create records the format: a writer of 0.2 may still write");
      }
      rowan.schema().create(Packed.class);
      assertEquals(List.of(), rowan.schema().check(Packed.class).differences());
      assertEquals(2 * ENTITIES, markedRows(rowan, "converted.buyer") + markedRows(rowan, "converted.seller"),
          "every row as 0.2 left it");

      PackedRepository orders = rowan.repository(PackedRepository.class);
      List<Packed> stored;
      try (var all = orders.scanAll()) {
        stored = all.toList();
      }
      List<Packed> ofB0 = stored.stream().filter(o -> "b0".equals(o.buyerId())).toList();
      assertEquals(sorted(ofB0), sorted(orders.findByBuyerId("b0")), "a row under a write mark is checked, seed " + seed);

      convertWhileTwoThreadsWrite(rowan, orders, seed);
      for (String view : List.of("converted.buyer", "converted.seller")) {
        assertEquals(0, markedRows(rowan, view), view + ": no row under a write mark, seed " + seed);
      }
    }
  }

  /**
   * Runs {@code RebuildViews} while two threads save, change and delete orders; then, past the write
   * lease, every answer equals the main table and {@code VerifyViews} finds nothing at fault.
   */
  private static void convertWhileTwoThreadsWrite(Rowan rowan, PackedRepository orders, long seed)
      throws Exception {
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService threads = Executors.newFixedThreadPool(2);
    List<Future<Long>> writers = new ArrayList<>();
    for (int t = 0; t < 2; t++) {
      int thread = t;
      writers.add(threads.submit(() -> write(orders, thread, new Random(seed + thread), stop)));
    }
    List<ViewReport> rebuilt = RebuildViews.of(rowan, Packed.class).run();
    Thread.sleep(300);
    stop.set(true);
    long writes = 0;
    for (Future<Long> writer : writers) {
      writes += writer.get();
    }
    threads.shutdown();
    assertTrue(writes > 20, "the writers wrote during the conversion: " + writes + "; " + rebuilt);

    Thread.sleep(2_500); // past the write lease: a read settles what a lost race left unsettled
    assertAnswersEqualTheMainTable(orders, "after the conversion, seed " + seed);
    for (ViewReport verified : VerifyViews.of(rowan, Packed.class).check()) {
      assertTrue(verified.consistent(), "seed " + seed + ": " + verified.summary());
    }
  }

  /** The rows of view table {@code view} as 0.2 left them ({@link FormerFormat#rowsUnderAMark}). */
  private static long markedRows(Rowan rowan, String view) throws Exception {
    return FormerFormat.rowsUnderAMark(rowan, rowan.tableName(view));
  }

  /** An entity of two large columns, written when its view held a cell per column. */
  @Table(name = "large")
  @Index(name = "buyer", key = {"buyerId"}, format = Index.Format.COLUMNS)
  record LargeInColumns(@RowKey String id, @Column String buyerId, @Column byte[] front, @Column byte[] back) {}

  interface LargeInColumnsRepository extends HBaseRepository<LargeInColumns> {}

  /** The same entity under a packed view, where its two columns no longer fit in one cell. */
  @Table(name = "large")
  @Index(name = "buyer", key = {"buyerId"})
  record LargePacked(@RowKey String id, @Column String buyerId, @Column byte[] front, @Column byte[] back) {}

  interface LargePackedRepository extends HBaseRepository<LargePacked> {
    List<LargePacked> findByBuyerId(String buyerId);
  }

  @Test
  void aRowOfTheOldFormatTooLargeToPackIsAnsweredFromItsMainRowAndLeftAsItIsByReadersAndRepairs(Connection connection,
      TestNamespace namespace) throws Exception {
    long maxCell = connection.getConfiguration().getLong("hbase.client.keyvalue.maxsize", 10_485_760L);
    byte[] front = new byte[(int) (maxCell * 6 / 10)];
    byte[] back = new byte[(int) (maxCell * 6 / 10)];
    new Random(7).nextBytes(front);
    new Random(8).nextBytes(back);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).build()) {
      rowan.schema().create(LargeInColumns.class);
      rowan.repository(LargeInColumnsRepository.class).save(new LargeInColumns("l1", "b1", front, back));
      rowan.schema().create(LargePacked.class);

      List<LargePacked> found = rowan.repository(LargePackedRepository.class).findByBuyerId("b1");

      assertEquals(1, found.size(), "answered from the main row, not refused by the client's repair");
      assertTrue(java.util.Arrays.equals(front, found.get(0).front()) && java.util.Arrays.equals(back,
          found.get(0).back()), "the main row's columns");
      assertEquals(1, rows(connection, rowan, "large.buyer"));
      assertEquals(0, packedRows(connection, rowan, "large.buyer"),
          "the row stays of a cell per column: packed, it would be a cell HBase's client does not send");

      // The verify job's repair leaves it as the reader does, and reports it: the job does not fail.
      ViewReport repaired = VerifyViews.of(rowan, LargePacked.class).repair().get(0);
      assertEquals(1, repaired.stale(), repaired.summary());
      assertEquals(0, repaired.repaired(), repaired.summary());
      assertEquals(0, packedRows(connection, rowan, "large.buyer"), "left of a cell per column");
    }
  }

  private static void assertAnswersEqualTheMainTable(PackedRepository orders, String when) {
    List<Packed> stored;
    try (var all = orders.scanAll()) {
      stored = all.toList();
    }
    for (int b = 0; b < BUYERS; b++) {
      String buyer = "b" + b;
      List<Packed> expected = stored.stream().filter(o -> buyer.equals(o.buyerId())).toList();
      assertEquals(sorted(expected), sorted(orders.findByBuyerId(buyer)), when + ", buyer " + buyer);
      assertEquals(expected.size(), orders.countByBuyerId(buyer), when + ", count of buyer " + buyer);
    }
    for (int s = 0; s < 5; s++) {
      String seller = "s" + s;
      List<Packed> expected = stored.stream()
          .filter(o -> seller.equals(o.sellerId()) && o.amount() != null && o.amount() > 500).toList();
      assertEquals(sorted(expected), sorted(orders.findBySellerIdAndAmountGreaterThan(seller, 500L)),
          when + ", seller " + seller);
    }
  }

  /** Saves, changes and deletes orders of its own ({@code key % 2 == thread}) until {@code stop}. */
  private static long write(PackedRepository orders, int thread, Random random, AtomicBoolean stop) {
    long writes = 0;
    while (!stop.get()) {
      String key = key(random.nextInt(ENTITIES / 2) * 2 + thread);
      int op = random.nextInt(10);
      if (op < 6) {
        orders.save(new Packed(key, "s" + random.nextInt(5), "b" + random.nextInt(BUYERS),
            random.nextInt(3) == 0 ? null : (long) random.nextInt(1_000), null));
      } else if (op < 8) {
        orders.findByKey(key).ifPresent(found -> orders.save(new Packed(found.orderNo(), found.sellerId(),
            "b" + random.nextInt(BUYERS), found.amount(), "changed")));
      } else {
        orders.deleteByKey(key);
      }
      writes++;
      try {
        Thread.sleep(5); // leaves the job some of the machine's cores
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return writes;
      }
    }
    return writes;
  }

  private static long rows(Connection connection, Rowan rowan, String view) throws Exception {
    return countRows(connection, rowan, view, false);
  }

  /** The rows of {@code view} whose status cell is packed: a 0 after the 17 bytes of the status. */
  private static long packedRows(Connection connection, Rowan rowan, String view) throws Exception {
    return countRows(connection, rowan, view, true);
  }

  private static long countRows(Connection connection, Rowan rowan, String view, boolean packedOnly)
      throws Exception {
    long count = 0;
    try (org.apache.hadoop.hbase.client.Table table = connection.getTable(rowan.tableName(view));
        ResultScanner scanner = table.getScanner(new Scan().addColumn(Bytes.toBytes("d"), new byte[] {0, 's'}))) {
      for (Result row : scanner) {
        Cell status = row.rawCells()[0];
        boolean packed = status.getValueLength() > 17 && status.getValueArray()[status.getValueOffset() + 17] == 0;
        if (!packedOnly || packed) {
          count++;
        }
      }
    }
    return count;
  }

  private static String key(int i) {
    return String.format("o%05d", i);
  }

  private static List<Packed> sorted(List<Packed> orders) {
    return orders.stream().sorted(Comparator.comparing(Packed::orderNo)).toList();
  }
}
