package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.test.HBaseTest;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

/**
 * Orders bulk loaded through the local job runner into a salted (so pre-split) table and two
 * views answer queries exactly as the same orders saved through a repository do, and the verify
 * job finds nothing wrong with the views. The number of orders is {@code -Drowan.bulkload.rows}
 * (20,000 unless set: still 40 read batches of the mapper and thousands of rows in each of the 12
 * regions; {@code -Drowan.bulkload.rows=100000} runs it at the scale of the docs' example, about
 * five times as long).
 */
@HBaseTest
class BulkLoadIT {

  private static final int ROWS = Integer.getInteger("rowan.bulkload.rows", 20_000);

  @Test
  void loadsOrdersIntoASaltedTableAndTwoViewsThatAnswerQueriesLikeSavedOrders(Rowan saved) {
    long seed = System.nanoTime();
    System.out.println("BulkLoadIT seed " + seed + ", " + ROWS + " orders");
    Random random = new Random(seed);
    List<Order> orders = LoadFixtures.orders(random, ROWS);
    java.nio.file.Path dir = LoadFixtures.directory("orders");
    Path first = LoadFixtures.csv(dir.resolve("orders-1.csv"), Order.class, orders.subList(0, ROWS / 2));
    Path second = LoadFixtures.csv(dir.resolve("orders-2.csv"), Order.class, orders.subList(ROWS / 2, ROWS));

    long began = System.nanoTime();
    saved.schema().create(Order.class);
    OrderRepository savedOrders = saved.repository(OrderRepository.class);
    for (int i = 0; i < ROWS; i += 1000) {
      savedOrders.saveAll(orders.subList(i, Math.min(ROWS, i + 1000)));
    }
    System.out.println("Saved " + ROWS + " orders through the repository in "
        + Duration.ofNanos(System.nanoTime() - began).toMillis() + " ms");

    Rowan loaded = LoadFixtures.other(saved, "_bulk");
    loaded.schema().create(Order.class);
    BulkLoadResult result = BulkLoad.of(Order.class).input(first, second).namespace(loaded.namespace())
        .run(LoadFixtures.jobConf(saved.connection(), dir));

    assertEquals(ROWS, result.rows(loaded.tableName("orders")), result.summary());
    assertEquals(ROWS, result.rows(loaded.tableName("orders.seller")), result.summary());
    assertEquals(orders.stream().filter(o -> o.buyerId() != null).count(),
        result.rows(loaded.tableName("orders.buyer")), result.summary());
    assertSameAnswers(savedOrders, loaded.repository(OrderRepository.class), random);
    List<ViewReport> reports = VerifyViews.of(loaded, Order.class).check();
    assertEquals(2, reports.size());
    for (ViewReport report : reports) {
      assertTrue(report.consistent(), report.summary());
    }
    assertEquals(ROWS, reports.get(0).rows(), reports.get(0).summary());
  }

  @Test
  void loadsTheRestOfAnInputWithOnePercentMalformedLinesAndReportsThem(Rowan rowan) throws IOException {
    long seed = System.nanoTime();
    System.out.println("BulkLoadIT seed " + seed);
    Random random = new Random(seed);
    int count = Math.max(10_000, ROWS / 10); // 1% of it malformed: far below the 2% allowed
    List<Order> orders = LoadFixtures.orders(random, count);
    java.nio.file.Path dir = LoadFixtures.directory("malformed");
    java.nio.file.Path file = java.nio.file.Path.of(LoadFixtures.csv(dir.resolve("orders.csv"), Order.class, orders).toUri());
    List<String> lines = new ArrayList<>(Files.readAllLines(file));
    int bad = 0;
    for (int i = 1; i < lines.size(); i++) {
      if (random.nextInt(100) == 0) {
        lines.set(i, malformed(random, lines.get(i)));
        bad++;
      }
    }
    Files.write(file, lines);
    rowan.schema().create(Order.class);

    BulkLoadResult result = BulkLoad.of(Order.class).input(new Path(file.toUri())).namespace(rowan.namespace())
        .maxRejects("2%").run(LoadFixtures.jobConf(rowan.connection(), dir));

    assertEquals(count, result.lines(), result.summary());
    assertEquals(bad, result.rejected(), result.summary());
    assertEquals(count - bad, result.entities(), result.summary());
    assertEquals(count - bad, rowan.repository(OrderRepository.class).scanAll().count());
    try (Stream<java.nio.file.Path> files = Files.list(java.nio.file.Path.of(result.rejects().toUri()))) {
      long reported = files.mapToLong(f -> {
        try {
          return Files.readAllLines(f).size();
        } catch (IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).sum();
      assertEquals(bad, reported, "lines in the rejects files");
    }
  }

  /** A line broken in one of the ways input breaks: a lost field, a bad time, a bad number. */
  private static String malformed(Random random, String line) {
    return switch (random.nextInt(3)) {
      case 0 -> line.substring(0, line.lastIndexOf(','));
      case 1 -> line.replaceFirst(",20(\\d\\d)-", ",20$1/");
      default -> line.replaceFirst(",(\\d+\\.\\d\\d),", ",$1x,").replaceFirst(",20(\\d\\d)-", ",20$1/");
    };
  }

  private static void assertSameAnswers(OrderRepository saved, OrderRepository loaded, Random random) {
    Comparator<Order> byNumber = Comparator.comparing(Order::orderNo);
    for (int s = 0; s < LoadFixtures.SELLERS; s++) {
      String seller = "seller-" + s;
      assertEquals(saved.countBySellerId(seller), loaded.countBySellerId(seller), "count of " + seller);
      for (int window = 0; window < 3; window++) {
        Instant from = Instant.ofEpochSecond(1_700_000_000L + random.nextInt(900_000));
        Instant to = from.plusSeconds(random.nextInt(200_000));
        assertEquals(saved.findBySellerIdAndCreatedAtBetween(seller, from, to),
            loaded.findBySellerIdAndCreatedAtBetween(seller, from, to),
            "orders of " + seller + " between " + from + " and " + to);
      }
    }
    for (int b = 0; b < LoadFixtures.BUYERS; b++) {
      String buyer = "buyer-" + b;
      assertEquals(saved.countByBuyerId(buyer), loaded.countByBuyerId(buyer), "count of " + buyer);
      try (Stream<Order> want = saved.findByBuyerIdOrderByCreatedAtDesc(buyer);
          Stream<Order> got = loaded.findByBuyerIdOrderByCreatedAtDesc(buyer)) {
        assertEquals(want.sorted(byNumber).toList(), got.sorted(byNumber).toList(), "orders of " + buyer);
      }
    }
  }
}
