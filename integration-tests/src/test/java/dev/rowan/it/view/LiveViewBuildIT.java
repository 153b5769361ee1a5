package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * A view added to a table of 30,000 entities while four threads keep saving, changing and
 * deleting them, built by {@code RebuildViews} while they write (docs/view-consistency.md,
 * "Views on live tables"): afterwards every query through the new view equals what the main
 * table holds, and {@code VerifyViews} finds nothing at fault. Then the same with a writer of
 * the class version that does not declare the view running too, on a table of 30,000 entities:
 * it is refused once it knows the view, naming it, and what it wrote before is in the view all the
 * same. ({@code -Drowan.live.entities=N} sets the larger table, and caps the smaller.)
 */
@HBaseTest
class LiveViewBuildIT {

  /** The entities of the build with an older writer too; the other build takes as many, at most 30,000. */
  private static final int ENTITIES = Integer.getInteger("rowan.live.entities", 30_000);
  private static final int FEWER = Math.min(ENTITIES, 30_000);
  private static final int BUYERS = 40;
  private static final int SELLERS = 7;

  /** The class version that has run for months: orders by seller. */
  @Table(name = "live_orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  record OrderV1(@RowKey String orderNo, @Column String sellerId, @Column String buyerId, @Column long amount) {}

  interface OrdersV1 extends HBaseRepository<OrderV1> {}

  /** The next version: orders by buyer too. */
  @Table(name = "live_orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  @Index(name = "buyer", key = {"buyerId", "orderNo"})
  record OrderV2(@RowKey String orderNo, @Column String sellerId, @Column String buyerId, @Column long amount) {}

  interface OrdersV2 extends HBaseRepository<OrderV2> {
    List<OrderV2> findByBuyerId(String buyerId);

    List<OrderV2> findBySellerId(String sellerId);
  }

  @Test
  void aViewBuiltWhileFourThreadsWriteEqualsTheMainTable(Connection connection, TestNamespace namespace)
      throws Exception {
    buildWhileWriting(connection, namespace, false, FEWER);
  }

  @Test
  void aViewBuiltWhileAWriterOfTheOlderClassAlsoWritesEqualsTheMainTable(Connection connection,
      TestNamespace namespace) throws Exception {
    buildWhileWriting(connection, namespace, true, ENTITIES);
  }

  private static void buildWhileWriting(Connection connection, TestNamespace namespace, boolean olderWriter,
      int entities) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("LiveViewBuildIT seed " + seed + (olderWriter ? " (with a writer of the older class)" : ""));
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).viewRefresh(Duration.ofSeconds(1))
        .writeLease(Duration.ofSeconds(3)).build()) {
      rowan.schema().create(OrderV1.class);
      OrdersV1 before = rowan.repository(OrdersV1.class);
      Random random = new Random(seed);
      long began = System.nanoTime();
      List<OrderV1> chunk = new ArrayList<>();
      for (int i = 0; i < entities; i++) {
        chunk.add(new OrderV1(key(i), "s" + random.nextInt(SELLERS), "b" + random.nextInt(BUYERS), 0));
        if (chunk.size() == 5_000 || i == entities - 1) {
          before.saveAll(chunk);
          chunk.clear();
        }
      }

      System.out.printf("LiveViewBuildIT: %,d entities saved in %.1f s%n", entities, (System.nanoTime() - began) / 1e9);
      AtomicBoolean stop = new AtomicBoolean();
      ExecutorService threads = Executors.newFixedThreadPool(6);
      List<Future<Long>> writers = new ArrayList<>();
      AtomicReference<String> refusal = new AtomicReference<>();
      AtomicLong olderWrites = new AtomicLong();
      Future<?> older = null;
      if (olderWriter) {
        // writes as the older class until it learns of the view, and is refused from then on
        older = threads.submit(() -> {
          Random own = new Random(seed ^ 0x5DEECE66DL);
          while (!stop.get() && refusal.get() == null) {
            try {
              before.save(new OrderV1(key(entities + own.nextInt(1_000)), "s" + own.nextInt(SELLERS),
                  "b" + own.nextInt(BUYERS), -1));
              olderWrites.incrementAndGet();
            } catch (IllegalStateException refused) {
              refusal.set(refused.getMessage());
            }
          }
          return null;
        });
        while (olderWrites.get() < 20) {
          Thread.sleep(10);
        }
      }

      rowan.schema().create(OrderV2.class);
      assertEquals(Set.of("buyer"), rowan.schema().buildingViews(OrderV2.class));
      OrdersV2 orders = rowan.repository(OrdersV2.class);
      Returned returned = new Returned();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        writers.add(threads.submit(() -> write(orders, thread, new Random(seed + thread), stop, returned, entities)));
      }
      List<String> staleFound = java.util.Collections.synchronizedList(new ArrayList<>());
      Future<Long> sellerReader = threads.submit(() -> readSellers(orders, stop, returned, staleFound));
      ByteArrayOutputStream progress = new ByteArrayOutputStream();
      // the new view alone, or (with the older writer) every view, the active seller view included, whose
      // readers must not see what the load brings back
      RebuildViews rebuild = RebuildViews.of(rowan, OrderV2.class).progress(new PrintStream(progress, true));
      List<ViewReport> built = (olderWriter ? rebuild : rebuild.views("buyer")).run();
      System.out.print(progress);
      Thread.sleep(500); // writers go on for a while against the view now active
      stop.set(true);
      long writes = 0;
      for (Future<Long> writer : writers) {
        writes += writer.get();
      }
      if (older != null) {
        older.get();
      }
      assertEquals(0L, sellerReader.get(), "the active seller view never returned an order older than a write of it that"
          + " had returned, during the build: " + staleFound + ", seed " + seed);
      threads.shutdown();
      System.out.println("LiveViewBuildIT: " + writes + " writes during the build; " + built);
      assertTrue(writes > 100, "the writers wrote during the build: " + writes + "\n" + progress);
      assertEquals(Set.of(), rowan.schema().buildingViews(OrderV2.class));
      if (olderWriter) {
        assertTrue(refusal.get() != null && refusal.get().startsWith("OrderV1 (" + OrderV1.class.getName()
            + ") cannot write table " + rowan.tableName("live_orders").getNameAsString() + ": the table has view buyer,"
            + " which this version of the class does not declare"), String.valueOf(refusal.get()));
      }

      Thread.sleep(3_500); // past the write lease: a read settles what a lost race left unsettled
      List<OrderV2> stored;
      try (var all = orders.scanAll()) {
        stored = all.toList();
      }
      Map<String, List<OrderV2>> byBuyer = stored.stream().collect(Collectors.groupingBy(OrderV2::buyerId,
          TreeMap::new, Collectors.toList()));
      try (Rowan fresh = Rowan.builder(connection).namespace(namespace.name()).build()) {
        OrdersV2 reader = fresh.repository(OrdersV2.class);
        assertTrue(reader.explain("findByBuyerId").contains("reads view"), reader.explain("findByBuyerId"));
        for (int b = 0; b < BUYERS; b++) {
          String buyer = "b" + b;
          assertEquals(sorted(byBuyer.getOrDefault(buyer, List.of())), sorted(reader.findByBuyerId(buyer)),
              "seed " + seed + ", buyer " + buyer);
        }
        for (int s = 0; s < SELLERS; s++) {
          String seller = "s" + s;
          assertEquals(sorted(stored.stream().filter(o -> o.sellerId().equals(seller)).toList()),
              sorted(reader.findBySellerId(seller)), "seed " + seed + ", seller " + seller);
        }
      }
      List<ViewReport> verified = VerifyViews.of(rowan, OrderV2.class).progress(new PrintStream(progress, true))
          .check();
      for (ViewReport report : verified) {
        assertTrue(report.consistent(), "seed " + seed + ": " + report.summary());
      }
      assertEquals(stored.size(), verified.stream().filter(r -> r.view().equals("buyer")).findFirst().orElseThrow()
          .rows(), "one buyer row per entity");
    }
  }

  /**
   * What the writers have done: per key, each write that returned, as its stamp (the amount it
   * saved, or the stamp of a delete) and the time it returned. Each key is written by one thread,
   * with stamps that only grow, so a read that starts after a write returned must not return an
   * older stamp of that key.
   */
  private static final class Returned {
    private final Map<String, List<long[]>> writes = new java.util.concurrent.ConcurrentHashMap<>();

    void add(String key, long stamp) {
      List<long[]> list = writes.computeIfAbsent(key, k -> java.util.Collections.synchronizedList(new ArrayList<>()));
      list.add(new long[] {stamp, System.nanoTime()});
    }

    /** Whether {@code order}, read by a query that started at {@code start}, is older than a write returned before. */
    boolean stale(OrderV2 order, long start) {
      List<long[]> list = writes.get(order.orderNo());
      if (list == null) {
        return false;
      }
      synchronized (list) {
        return list.stream().anyMatch(write -> write[1] < start && write[0] > order.amount());
      }
    }
  }

  /**
   * Saves, changes and deletes random orders of its own ({@code key % 4 == thread}) until
   * {@code stop}, each write stamped with a growing amount; the number of writes.
   */
  private static long write(OrdersV2 orders, int thread, Random random, AtomicBoolean stop, Returned returned,
      int entities) {
    long writes = 0;
    long stamp = entities;
    while (!stop.get()) {
      String key = key(random.nextInt(entities / 4) * 4 + thread);
      int op = random.nextInt(10);
      stamp++;
      if (op < 5) {
        orders.save(new OrderV2(key, "s" + random.nextInt(SELLERS), "b" + random.nextInt(BUYERS), stamp));
      } else if (op < 8) {
        long next = stamp;
        orders.findByKey(key).ifPresent(found -> orders.save(new OrderV2(found.orderNo(), found.sellerId(),
            "b" + random.nextInt(BUYERS), next)));
      } else {
        orders.deleteByKey(key);
      }
      returned.add(key, stamp);
      writes++;
      if (writes % 2 == 0) {
        try {
          Thread.sleep(8); // leaves the build some of the machine's cores
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return writes;
        }
      }
    }
    return writes;
  }

  /**
   * Reads the active seller view until {@code stop}, checking that no order it returns is older
   * than a write of it that returned before the read began; the number of stale orders, with
   * the first few in {@code found}.
   */
  private static long readSellers(OrdersV2 orders, AtomicBoolean stop, Returned returned, List<String> found) {
    long stale = 0;
    for (int s = 0; !stop.get(); s = (s + 1) % SELLERS) {
      long start = System.nanoTime();
      for (OrderV2 order : orders.findBySellerId("s" + s)) {
        if (returned.stale(order, start)) {
          stale++;
          if (found.size() < 5) {
            found.add(order.toString());
          }
        }
      }
    }
    return stale;
  }

  private static String key(int i) {
    return String.format("o%06d", i);
  }

  private static List<OrderV2> sorted(List<OrderV2> orders) {
    return orders.stream().sorted(Comparator.comparing(OrderV2::orderNo)).toList();
  }
}
