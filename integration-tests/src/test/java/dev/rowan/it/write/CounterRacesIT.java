package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityNotFoundException;
import dev.rowan.core.Rowan;
import dev.rowan.it.NamespaceTables;
import dev.rowan.it.write.Updates.Bin;
import dev.rowan.it.write.Updates.Bins;
import dev.rowan.it.write.Updates.Doc;
import dev.rowan.it.write.Updates.Docs;
import dev.rowan.it.write.Updates.Item;
import dev.rowan.it.write.Updates.Items;
import dev.rowan.it.write.Updates.Player;
import dev.rowan.it.write.Updates.Players;
import dev.rowan.it.write.Updates.Stock;
import dev.rowan.it.write.Updates.Stocks;
import dev.rowan.it.write.Updates.Tallies;
import dev.rowan.it.write.Updates.Tally;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Eight threads adding to the same counters lose nothing: each counter ends at exactly the sum of
 * the additions that returned, for every way a counter is written (a read and a conditional write
 * without views, with a {@code @Version}, wide; the protocol with a view keyed by the counter and
 * one carrying it, with a unique view, with history), and the views equal a rebuild. And partial
 * updates racing saves and deletes (an update never creates an entity, and every view answers as
 * the main table), and each other on unique keys (no key ends with two owners).
 */
@HBaseTest
public class CounterRacesIT {

  private static final int THREADS = 8;
  private static final int KEYS = 3;
  private static final int ADDS = 40;

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  /** One addition to counter {@code key} of {@code delta}, returning the new value. */
  @FunctionalInterface
  interface Adder {
    long add(int key, long delta);
  }

  /**
   * Runs {@link #THREADS} threads, each adding {@link #ADDS} random deltas to random counters of
   * {@link #KEYS}, all at once; returns the sum added to each counter. Every returned value is
   * checked to be one no other addition returned (each addition saw a distinct state).
   */
  private static long[] race(long seed, Adder adder) throws Exception {
    long[] sums = new long[KEYS];
    Map<String, Boolean> seen = new ConcurrentHashMap<>();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<long[]>> futures = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Random random = new Random(seed * 31 + t);
        futures.add(pool.submit(() -> {
          long[] added = new long[KEYS];
          start.await();
          for (int i = 0; i < ADDS; i++) {
            int key = random.nextInt(KEYS);
            long delta = 1 + random.nextInt(1000); // positive: each counter's values only grow
            long after = adder.add(key, delta);
            assertTrue(seen.putIfAbsent(key + "=" + after, true) == null,
                "two additions to counter " + key + " returned " + after + ", seed " + seed);
            added[key] += delta;
          }
          return added;
        }));
      }
      start.countDown();
      for (Future<long[]> future : futures) {
        long[] added = future.get();
        for (int k = 0; k < KEYS; k++) {
          sums[k] += added[k];
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return sums;
  }

  private static long seed(String test) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("CounterRacesIT " + test + " seed " + seed);
    return seed;
  }

  @Test
  void countersWithoutViewsLoseNoAdditionTallWideOrVersioned(Rowan rowan) throws Exception {
    long seed = seed("plain");
    rowan.schema().create(Stock.class);
    rowan.schema().create(Bin.class);
    rowan.schema().create(Doc.class);
    Stocks stocks = rowan.repository(Stocks.class);
    Bins bins = rowan.repository(Bins.class);
    Docs docs = rowan.repository(Docs.class);
    for (int k = 0; k < KEYS; k++) {
      stocks.save(new Stock("s-" + k, null, null, 100));
      bins.save(new Bin("row", k, null, 7L));
      docs.save(new Doc("d-" + k, null, null, 0));
    }
    long[] units = race(seed, (k, delta) -> stocks.addToUnitsBySku(delta, "s-" + k));
    long[] shelves = race(seed + 1, (k, delta) -> stocks.addToShelvesBySku((int) delta, "s-" + k));
    long[] binUnits = race(seed + 2, (k, delta) -> bins.addToUnitsBySkuAndBin(delta, "row", k));
    long[] hits = race(seed + 3, (k, delta) -> docs.addToHitsById(delta, "d-" + k));
    for (int k = 0; k < KEYS; k++) {
      assertEquals(Optional.of(new Stock("s-" + k, null, units[k], (int) (100 + shelves[k]))), stocks.findByKey("s-" + k),
          "seed " + seed);
      assertEquals(Optional.of(new Bin("row", k, null, 7 + binUnits[k])), bins.findByKey("row", k), "seed " + seed);
      Doc doc = docs.findByKey("d-" + k).orElseThrow();
      assertEquals(hits[k], doc.hits(), "seed " + seed);
    }
    long versions = 0;
    for (int k = 0; k < KEYS; k++) {
      versions += docs.findByKey("d-" + k).orElseThrow().version();
    }
    assertEquals(KEYS + (long) THREADS * ADDS, versions, "every addition advanced its version once, seed " + seed);
  }

  @Test
  void countersWithAViewKeyedByThemAndOneCarryingThemLoseNoAddition(Connection connection, TestNamespace namespace)
      throws Exception {
    long seed = seed("views");
    Duration lease = Duration.ofSeconds(1);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).groupCommit(true)
        .build()) {
      rowan.schema().create(Item.class);
      Items items = rowan.repository(Items.class);
      for (int k = 0; k < KEYS; k++) {
        items.save(new Item("i-" + k, "owner-" + k, "tag", k == 0 ? null : 0L, null));
      }
      long[] sums = race(seed, (k, delta) -> items.addToStockById(delta, "i-" + k));
      for (int k = 0; k < KEYS; k++) {
        Item expected = new Item("i-" + k, "owner-" + k, "tag", sums[k], null);
        assertEquals(Optional.of(expected), items.findByKey("i-" + k), "seed " + seed);
        assertEquals(List.of(expected), items.findByStock(sums[k]), "the view keyed by the counter, seed " + seed);
        assertEquals(List.of(expected), items.findByOwner("owner-" + k), "the view carrying it, seed " + seed);
      }
      // Each addition that lost its commit to another left its unverified row under the value it meant to write;
      // once the lease has passed, a read of the whole view discards them.
      Thread.sleep(2 * lease.toMillis() + 100); // past the settle window too
      assertEquals(KEYS, rowan.views(Item.class).find("byStock").size(), "seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Item.class);
    }
  }

  @Test
  void countersWithAUniqueViewAndWithHistoryLoseNoAddition(Rowan rowan) throws Exception {
    long seed = seed("unique and history");
    rowan.schema().create(Player.class);
    rowan.schema().create(Tally.class);
    Players players = rowan.repository(Players.class);
    Tallies tallies = rowan.repository(Tallies.class);
    for (int k = 0; k < KEYS; k++) {
      players.save(new Player("p-" + k, "handle-" + k, 0L));
      tallies.save(new Tally("t-" + k, null, "n"));
    }
    long[] scores = race(seed, (k, delta) -> players.addToScoreById(delta, "p-" + k));
    long[] totals = race(seed + 1, (k, delta) -> tallies.addToTotalById(delta, "t-" + k));
    for (int k = 0; k < KEYS; k++) {
      assertEquals(Optional.of(new Player("p-" + k, "handle-" + k, scores[k])), players.findByHandle("handle-" + k),
          "seed " + seed);
      assertEquals(Optional.of(new Tally("t-" + k, totals[k], "n")), tallies.findByKey("t-" + k), "seed " + seed);
    }
    ViewAudit.assertViewsMatchRebuild(rowan, Player.class);
  }

  @Test
  void updatesRacingSavesAndDeletesNeverCreateAnEntityAndLeaveEveryViewRight(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = seed("updates, saves and deletes");
    Duration lease = Duration.ofSeconds(1);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).groupCommit(true)
        .build()) {
      rowan.schema().create(Item.class);
      Items items = rowan.repository(Items.class);
      AtomicLong updated = new AtomicLong();
      AtomicLong absent = new AtomicLong();
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      try {
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          Random random = new Random(seed * 31 + t);
          int thread = t;
          futures.add(pool.submit(() -> {
            start.await();
            for (int i = 0; i < 150; i++) {
              int n = random.nextInt(8);
              String id = (random.nextInt(4) == 0 ? "ghost-" : "i-") + n; // ghosts are never saved
              String owner = "owner-" + random.nextInt(4);
              switch (random.nextInt(6)) {
                case 0 -> {
                  if (id.startsWith("i-")) {
                    items.save(new Item(id, owner, "tag-" + random.nextInt(3), (long) random.nextInt(5),
                        "saved by " + thread));
                  }
                }
                case 1 -> items.deleteByKey(id);
                case 2 -> {
                  try {
                    items.addToStockById(1 + random.nextInt(3), id);
                    updated.incrementAndGet();
                  } catch (EntityNotFoundException e) {
                    absent.incrementAndGet();
                  }
                }
                case 3 -> items.updateOwnerAndTagById(owner, random.nextBoolean() ? null : "tag-" + random.nextInt(3),
                    id);
                default -> (items.updateOwnerById(owner, id) ? updated : absent).incrementAndGet();
              }
            }
            return null;
          }));
        }
        start.countDown();
        for (Future<?> future : futures) {
          future.get();
        }
      } finally {
        pool.shutdownNow();
      }
      assertTrue(updated.get() > 50 && absent.get() > 50, "updates found entities and missed them: " + updated + " "
          + absent);
      List<Item> all;
      try (var stream = items.scanAll()) {
        all = stream.toList();
      }
      assertTrue(all.stream().noneMatch(item -> item.id().startsWith("ghost-")),
          "an update never creates an entity, seed " + seed + ": " + all);
      Thread.sleep(2 * lease.toMillis() + 100); // past the settle window: what losers and dead writes left is then discarded by the first read
      assertViewsAnswerLikeTheMainTable(items, all, "seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Item.class);
    }
  }

  @Test
  void updatesOfAUniqueKeyRacingEachOtherLeaveEveryKeyWithAtMostOneOwner(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = seed("unique key updates");
    Duration lease = Duration.ofSeconds(1);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).build()) {
      rowan.schema().create(Player.class);
      Players players = rowan.repository(Players.class);
      int count = 6;
      for (int p = 0; p < count; p++) {
        players.save(new Player("p-" + p, "own-" + p, 0L));
      }
      AtomicLong refused = new AtomicLong();
      CountDownLatch start = new CountDownLatch(1);
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      try {
        List<Future<?>> futures = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
          Random random = new Random(seed * 31 + t);
          futures.add(pool.submit(() -> {
            start.await();
            for (int i = 0; i < 60; i++) {
              String id = "p-" + random.nextInt(count);
              String handle = random.nextBoolean() ? "shared-" + random.nextInt(3) : "own-" + id.substring(2);
              try {
                if (random.nextInt(4) == 0) {
                  players.addToScoreById(1, id);
                } else {
                  players.updateHandleById(handle, id);
                }
              } catch (dev.rowan.core.UniqueViolationException e) {
                refused.incrementAndGet();
              }
            }
            return null;
          }));
        }
        start.countDown();
        for (Future<?> future : futures) {
          future.get();
        }
      } finally {
        pool.shutdownNow();
      }
      assertTrue(refused.get() > 0, "some updates found their handle taken");
      Map<String, String> owners = new TreeMap<>();
      for (int p = 0; p < count; p++) {
        Player player = players.findByKey("p-" + p).orElseThrow();
        String other = owners.put(player.handle(), player.id());
        assertEquals(null, other, "two players hold " + player.handle() + ", seed " + seed);
      }
      Thread.sleep(2 * lease.toMillis() + 100); // past the settle window too
      for (Map.Entry<String, String> owner : owners.entrySet()) {
        assertEquals(Optional.of(owner.getValue()), players.findByHandle(owner.getKey()).map(Player::id),
            owner.getKey() + ", seed " + seed);
      }
      for (int h = 0; h < 3; h++) {
        String handle = "shared-" + h;
        assertEquals(Optional.ofNullable(owners.get(handle)), players.findByHandle(handle).map(Player::id),
            handle + ", seed " + seed);
      }
      for (int p = 0; p < count; p++) {
        String handle = "own-" + p;
        assertEquals(Optional.ofNullable(owners.get(handle)), players.findByHandle(handle).map(Player::id),
            handle + ", seed " + seed);
      }
      ViewAudit.assertViewsMatchRebuild(rowan, Player.class);
    }
  }

  /** Every query through every view of {@link Item} returns what a filter of {@code all} returns. */
  public static void assertViewsAnswerLikeTheMainTable(Items items, List<Item> all, String context) {
    Comparator<Item> byId = Comparator.comparing(Item::id);
    for (int o = 0; o < 4; o++) {
      String owner = "owner-" + o;
      assertEquals(all.stream().filter(i -> owner.equals(i.owner())).sorted(byId).toList(),
          items.findByOwner(owner).stream().sorted(byId).toList(), owner + ", " + context);
    }
    for (int t = 0; t < 3; t++) {
      String tag = "tag-" + t;
      assertEquals(all.stream().filter(i -> tag.equals(i.tag())).sorted(byId).toList(),
          items.findByTag(tag).stream().sorted(byId).toList(), tag + ", " + context);
    }
    Map<Long, List<Item>> byStock = new TreeMap<>();
    all.stream().filter(i -> i.stock() != null).forEach(i -> byStock.computeIfAbsent(i.stock(), s -> new ArrayList<>()).add(i));
    for (long stock = 0; stock < 200; stock++) {
      assertEquals(byStock.getOrDefault(stock, List.of()).stream().sorted(byId).toList(),
          items.findByStock(stock).stream().sorted(byId).toList(), "stock " + stock + ", " + context);
    }
  }
}
