package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.NamespaceTables;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.OrderRepository;
import dev.rowan.it.StepGate;
import dev.rowan.it.faults.FaultInjectionIT;
import dev.rowan.it.write.InsertIT.Counter;
import dev.rowan.it.write.InsertIT.Doc;
import dev.rowan.it.write.InsertIT.Member;
import dev.rowan.it.write.InsertIT.Note;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Inserts of the same keys racing each other: exactly one wins each key, every other gets
 * {@link EntityExistsException}, the stored entity is the winner's, and every view equals a
 * rebuild and answers as a filter of the main table. Run for each way an insert is checked: the
 * protocol (views, a unique view), a row marker read first, a column that is never null, a
 * version cell. And the interleavings of two inserts of one key, laid out step by step.
 */
@HBaseTest
public class InsertRacesIT {

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  private static final int THREADS = 8;
  private static final int KEYS = 40;

  public interface Members extends HBaseRepository<Member> {
    Optional<Member> findByEmail(String email);
  }

  interface Notes extends HBaseRepository<Note> {}

  interface Counters extends HBaseRepository<Counter> {}

  interface Docs extends HBaseRepository<Doc> {}

  @Test
  void racingInsertsOfOrdersWithViewsHaveExactlyOneWinnerPerKey(Connection connection, TestNamespace namespace)
      throws Exception {
    long seed = seed("orders");
    Duration lease = Duration.ofSeconds(1);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).groupCommit(true)
        .build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Map<String, Order> winners = race(seed, orders, (thread, key) -> {
        Order order = new OrderFixtures(new Random(seed * 31 + thread * 1000L + key)).order(key);
        return order.withNote("thread " + thread);
      }, Order::orderNo, o -> o);
      try (var all = orders.scanAll()) {
        assertEquals(sortedValues(winners), all.toList(), "every key holds its winner's order, seed " + seed);
      }
      Thread.sleep(2 * lease.toMillis() + 100); // past the settle window: the losers' rows are then discarded by the first read
      FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, "after the race, seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    }
  }

  @Test
  void racingInsertsWithAUniqueViewHaveOneWinnerAndTheLosersKeysStayFree(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = seed("members");
    Duration lease = Duration.ofSeconds(1);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).build()) {
      rowan.schema().create(Member.class);
      Members members = rowan.repository(Members.class);
      Map<String, Member> winners = race(seed, members,
          (thread, key) -> new Member("m-" + key, "m-" + key + "@t" + thread, "thread " + thread), Member::id, m -> m);
      for (int key = 0; key < KEYS; key++) {
        Member winner = winners.get("m-" + key);
        for (int thread = 0; thread < THREADS; thread++) {
          String email = "m-" + key + "@t" + thread;
          Optional<Member> owner = members.findByEmail(email);
          assertEquals(email.equals(winner.email()) ? Optional.of(winner) : Optional.empty(), owner,
              email + ", seed " + seed);
        }
      }
      // A loser released its claim: another member takes its email at once, without waiting for the lease.
      for (int key = 0; key < KEYS; key++) {
        int loser = winners.get("m-" + key).email().endsWith("@t0") ? 1 : 0;
        Member taker = new Member("z-" + key, "m-" + key + "@t" + loser, "taker");
        members.insert(taker);
        assertEquals(Optional.of(taker), members.findByEmail(taker.email()), "seed " + seed);
      }
      Thread.sleep(2 * lease.toMillis() + 100); // past the settle window too
      for (int key = 0; key < KEYS; key++) {
        for (int thread = 0; thread < THREADS; thread++) {
          members.findByEmail("m-" + key + "@t" + thread); // discards what losers left unverified
        }
      }
      ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
    }
  }

  @Test
  void racingInsertsWithoutViewsHaveExactlyOneWinnerPerKeyWhateverCellTheyCheck(Rowan rowan) throws Exception {
    long seed = seed("plain");
    rowan.schema().create(Note.class);
    rowan.schema().create(Counter.class);
    rowan.schema().create(Doc.class);
    Notes notes = rowan.repository(Notes.class);
    Map<String, Note> markerWinners = race(seed, notes,
        (thread, key) -> new Note("n-" + key, thread % 2 == 0 ? "thread " + thread : null, null), Note::id, n -> n);
    try (var all = notes.scanAll()) {
      assertEquals(sortedValues(markerWinners), all.toList(), "the row marker, seed " + seed);
    }
    Counters counters = rowan.repository(Counters.class);
    Map<String, Counter> columnWinners = race(seed, counters, (thread, key) -> new Counter("c-" + key, null, thread),
        Counter::id, c -> c);
    try (var all = counters.scanAll()) {
      assertEquals(sortedValues(columnWinners), all.toList(), "a primitive column, seed " + seed);
    }
    Docs docs = rowan.repository(Docs.class);
    Map<String, Doc> versionWinners = race(seed, docs, (thread, key) -> new Doc("d-" + key, "thread " + thread, 0),
        Doc::id, d -> new Doc(d.id(), d.text(), 1));
    try (var all = docs.scanAll()) {
      assertEquals(sortedValues(versionWinners).stream().map(d -> new Doc(d.id(), d.text(), 1)).toList(), all.toList(),
          "the version cell, seed " + seed);
    }
  }

  @Test
  void insertsRacingSavesAndDeletesNeverOverwriteAnEntityWithViewsOrAPrimitiveColumn(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = seed("inserts, saves and deletes");
    Duration lease = Duration.ofSeconds(1);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).groupCommit(true)
        .build()) {
      rowan.schema().create(Order.class);
      rowan.schema().create(Counter.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      mixedRace(seed, orders, (random, key) -> new OrderFixtures(random).order(key), Order::orderNo);
      Counters counters = rowan.repository(Counters.class);
      mixedRace(seed, counters, (random, key) -> new Counter("order-" + key, null, random.nextInt(100)), Counter::id);
      Thread.sleep(2 * lease.toMillis() + 100); // past the settle window too
      FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, "after the race, seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    }
  }

  /**
   * {@value #THREADS} threads insert, save and delete 10 keys at random: between two inserts of a
   * key that succeed, the entity must have gone, so each key has at most one more successful
   * insert than successful deletes (an insert that overwrote an entity, saved or inserted, would
   * break that).
   */
  private static <T> void mixedRace(long seed, HBaseRepository<T> repository, BiFunction<Random, Integer, T> entity,
      Function<T, String> key) throws Exception {
    int keys = 10;
    Map<String, Integer> inserts = new ConcurrentHashMap<>();
    Map<String, Integer> deletes = new ConcurrentHashMap<>();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService executor = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        Random random = new Random(seed * 7 + t);
        threads.add(executor.submit(() -> {
          start.await();
          for (int i = 0; i < 60; i++) {
            T one = entity.apply(random, random.nextInt(keys));
            String text = key.apply(one);
            int roll = random.nextInt(10);
            if (roll < 6) {
              try {
                repository.insert(one);
                inserts.merge(text, 1, Integer::sum);
              } catch (EntityExistsException refused) {
                // taken
              }
            } else if (roll < 9) {
              repository.save(one);
            } else {
              repository.delete(one);
              deletes.merge(text, 1, Integer::sum);
            }
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> thread : threads) {
        thread.get(120, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }
    int total = 0;
    for (Map.Entry<String, Integer> entry : inserts.entrySet()) {
      int deleted = deletes.getOrDefault(entry.getKey(), 0);
      assertTrue(entry.getValue() <= deleted + 1, entry.getKey() + ": " + entry.getValue() + " inserts succeeded with "
          + deleted + " deletes, seed " + seed);
      total += entry.getValue();
    }
    assertTrue(total >= keys, "inserts succeeded: " + total);
    System.out.println("InsertRacesIT: " + total + " inserts succeeded among saves and " + deletes.values().stream()
        .mapToInt(Integer::intValue).sum() + " deletes");
  }

  @Test
  void anInsertWhoseRivalCommitsWhileItsViewRowsAreUnverifiedIsRefusedAndLeavesNoKeyTaken(Connection connection,
      TestNamespace namespace) throws Exception {
    StepGate gate = new StepGate();
    ExecutorService executor = Executors.newSingleThreadExecutor(r -> new Thread(r, "loser"));
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).build()) {
      rowan.schema().create(Member.class);
      Members members = rowan.repository(Members.class);
      StepGate.Stop unverified = gate.stopAt(Step.BEFORE_MAIN_WRITE, "loser");
      Future<Member> loser = executor.submit(() -> members.insert(new Member("u", "loser@x", "loser")));
      unverified.awaitArrival(); // loser@x claimed, the main row not written
      Member winner = new Member("u", "winner@x", "winner");
      members.insert(winner); // reads no entity: the loser has not committed
      unverified.release();
      Exception refused = assertThrows(java.util.concurrent.ExecutionException.class,
          () -> loser.get(30, TimeUnit.SECONDS));
      assertTrue(refused.getCause() instanceof EntityExistsException, refused.toString());

      assertEquals(Optional.of(winner), members.findByKey("u"));
      assertEquals(1, rows(connection, rowan.views(Member.class).table("email")),
          "the loser's claim of loser@x was released");
      Member taker = new Member("v", "loser@x", "taker");
      members.insert(taker);
      assertEquals(Optional.of(taker), members.findByEmail("loser@x"));
      assertEquals(Optional.of(winner), members.findByEmail("winner@x"));
      ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void anInsertCommittedButNotSettledRefusesASecondInsert(Connection connection, TestNamespace namespace)
      throws Exception {
    StepGate gate = new StepGate();
    ExecutorService executor = Executors.newSingleThreadExecutor(r -> new Thread(r, "first"));
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Order first = new OrderFixtures(new Random(1)).order(1).withSeller("seller-1");
      StepGate.Stop committed = gate.stopAt(Step.BEFORE_SETTLE, "first");
      Future<Order> inserting = executor.submit(() -> orders.insert(first));
      committed.awaitArrival();
      assertThrows(EntityExistsException.class, () -> orders.insert(first.withSeller("seller-2")));
      assertEquals(List.of(first), rowan.views(Order.class).find("seller", "seller-1"),
          "the first insert's unsettled row is checked against its main row");
      committed.release();
      assertEquals(first, inserting.get(30, TimeUnit.SECONDS));
      assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-2"));
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    } finally {
      executor.shutdownNow();
    }
  }

  /**
   * {@value #THREADS} threads insert each of {@value #KEYS} keys, in an order of their own, some
   * one by one and some with {@code insertAll} in fives; returns each key's winner, asserting that
   * exactly one insert of each key succeeded, every other was refused naming it, and the key reads
   * back as the winner's entity ({@code asStored}: as a save stores it).
   */
  private static <T> Map<String, T> race(long seed, HBaseRepository<T> repository,
      BiFunction<Integer, Integer, T> entity, Function<T, String> key, UnaryOperator<T> asStored) throws Exception {
    Map<String, List<T>> won = new ConcurrentHashMap<>();
    Map<String, Integer> refused = new ConcurrentHashMap<>();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService executor = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> threads = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int thread = t;
        Random random = new Random(seed + thread);
        List<Integer> keys = new ArrayList<>();
        for (int k = 0; k < KEYS; k++) {
          keys.add(k);
        }
        Collections.shuffle(keys, random);
        threads.add(executor.submit(() -> {
          start.await();
          for (int from = 0; from < KEYS; from += 5) {
            List<T> batch = keys.subList(from, from + 5).stream().map(k -> entity.apply(thread, k)).toList();
            List<String> lost = List.of();
            try {
              if (random.nextBoolean()) {
                repository.insertAll(batch);
              } else {
                List<String> each = new ArrayList<>();
                for (T one : batch) {
                  try {
                    repository.insert(one);
                  } catch (EntityExistsException e) {
                    each.addAll(e.keys());
                  }
                }
                lost = each;
              }
            } catch (EntityExistsException e) {
              lost = e.keys();
            }
            for (T one : batch) {
              String text = key.apply(one);
              if (lost.stream().anyMatch(k -> k.endsWith("=" + text))) {
                refused.merge(text, 1, Integer::sum);
              } else {
                won.computeIfAbsent(text, k -> Collections.synchronizedList(new ArrayList<>())).add(one);
              }
            }
          }
          return null;
        }));
      }
      start.countDown();
      for (Future<?> thread : threads) {
        thread.get(120, TimeUnit.SECONDS);
      }
    } finally {
      executor.shutdownNow();
    }
    Map<String, T> winners = new java.util.TreeMap<>();
    for (int k = 0; k < KEYS; k++) {
      String text = key.apply(entity.apply(0, k));
      List<T> wins = won.getOrDefault(text, List.of());
      assertEquals(1, wins.size(), text + " has exactly one winner: " + wins + ", seed " + seed);
      assertEquals(THREADS - 1, refused.getOrDefault(text, 0), text + ": every other insert was refused, seed " + seed);
      winners.put(text, wins.get(0));
      assertEquals(Optional.of(asStored.apply(wins.get(0))), repository.findByKey(text),
          text + " holds its winner's entity, seed " + seed);
    }
    System.out.println("InsertRacesIT: " + KEYS + " keys, " + THREADS * KEYS + " racing inserts, one winner each");
    return winners;
  }

  private static <T> List<T> sortedValues(Map<String, T> byKey) {
    return new ArrayList<>(byKey.values()); // a TreeMap: in key order, as these keys sort as their rows
  }

  private static long seed(String test) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("InsertRacesIT " + test + " seed " + seed);
    return seed;
  }

  private static int rows(Connection connection, org.apache.hadoop.hbase.TableName table) throws Exception {
    int count = 0;
    try (Table view = connection.getTable(table); ResultScanner scanner = view.getScanner(new Scan())) {
      for (Result ignored : scanner) {
        count++;
      }
    }
    return count;
  }
}
