package dev.rowan.it.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.OrderRepository;
import dev.rowan.it.view.ViewConsistencyIT;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * A write that dies at any step of the protocol never makes a view give a wrong answer: reads
 * through the views return exactly the orders the main table holds, and repair what they read.
 */
@HBaseTest
public class FaultInjectionIT {

  /** Thrown by the hook: a client dying at a step. */
  public static final class Crash extends Error {
    public Crash(Step step) {
      super("crash at " + step, null, false, false);
    }
  }

  @Test
  void writesDyingAtEveryStepNeverCauseAWrongAnswer(Connection connection, TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("FaultInjectionIT seed " + seed);
    Random random = new Random(seed);
    AtomicReference<Step> crashAt = new AtomicReference<>();
    AtomicInteger crashes = new AtomicInteger();
    ProtocolHook hook = crashing(crashAt, crashes);
    Duration lease = Duration.ofSeconds(2);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(hook).writeLease(lease)
        .groupCommit(true).build()) {
      OrderFixtures fixtures = new OrderFixtures(random);
      OrderRepository orders = ordersSaved(rowan, fixtures);
      crashingWrites(orders, fixtures, random, crashAt, 400, round -> {
        if (round % 50 == 0) {
          assertEveryViewAnswersLikeTheMainTable(rowan, "round " + round + ", seed " + seed);
        }
      });
      assertTrue(crashes.get() > 200, "faults were injected: " + crashes.get());
      assertEveryViewAnswersLikeTheMainTable(rowan, "after all rounds, seed " + seed);
      // Once the lease of the dead writes has run out, reading every key range fences their main
      // rows and repairs or discards every unverified row they left.
      Thread.sleep(2 * lease.toMillis() + 100); // past the lease and the settle window
      assertEveryViewAnswersLikeTheMainTable(rowan, "after the lease, seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
      System.out.println("FaultInjectionIT: " + crashes.get() + " writes crashed, no wrong answer");
    }
  }

  @Test
  void repairsAndRebuildsRacingWritesThatDieAtEveryStepNeverCauseAWrongAnswer(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("FaultInjectionIT repairs racing writes, seed " + seed);
    Random random = new Random(seed);
    AtomicReference<Step> crashAt = new AtomicReference<>();
    AtomicInteger crashes = new AtomicInteger();
    ProtocolHook hook = crashing(crashAt, crashes);
    Duration lease = Duration.ofSeconds(2);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(hook).writeLease(lease)
        .groupCommit(true).build()) {
      OrderFixtures fixtures = new OrderFixtures(random);
      OrderRepository orders = ordersSaved(rowan, fixtures);
      java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
      AtomicInteger jobs = new AtomicInteger();
      java.util.concurrent.ExecutorService repairer = java.util.concurrent.Executors.newSingleThreadExecutor();
      java.util.concurrent.Future<?> repairs = repairer.submit(() -> {
        java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
        while (!done.get()) {
          if (jobs.getAndIncrement() % 2 == 0) {
            dev.rowan.mapreduce.VerifyViews.of(rowan, Order.class).progress(quiet).repair();
          } else {
            dev.rowan.mapreduce.RebuildViews.of(rowan, Order.class).progress(quiet).run();
          }
        }
        return null;
      });
      crashingWrites(orders, fixtures, random, crashAt, 300, round -> {
        if (round % 100 == 0) {
          assertEveryViewAnswersLikeTheMainTable(rowan, "round " + round + ", seed " + seed);
        }
      });
      while (jobs.get() < 2) {
        Thread.sleep(100); // at least one repair and one rebuild ran while the writes died
      }
      done.set(true);
      repairs.get();
      repairer.shutdown();
      assertTrue(crashes.get() > 150, "faults were injected: " + crashes.get());
      assertEveryViewAnswersLikeTheMainTable(rowan, "after all rounds, seed " + seed);
      Thread.sleep(2 * lease.toMillis() + 100); // past the lease and the settle window
      assertEveryViewAnswersLikeTheMainTable(rowan, "after the lease, seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
      System.out.println("FaultInjectionIT: " + crashes.get() + " writes crashed while " + jobs.get()
          + " repairs and rebuilds ran, no wrong answer");
    }
  }

  /** A hook that throws {@link Crash} at the step {@code crashAt} holds, counting in {@code crashes}. */
  private static ProtocolHook crashing(AtomicReference<Step> crashAt, AtomicInteger crashes) {
    return (step, table, keys) -> {
      if (step == crashAt.get()) {
        crashes.incrementAndGet();
        throw new Crash(step);
      }
    };
  }

  /** The orders' tables made and 300 orders saved; their repository. */
  private static OrderRepository ordersSaved(Rowan rowan, OrderFixtures fixtures) {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    List<Order> initial = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      initial.add(fixtures.order(i));
    }
    orders.saveAll(initial);
    return orders;
  }

  /**
   * {@code rounds} writes of random orders (saves, batches, deletes), three in four dying at a
   * random step of the protocol; {@code afterEach} runs after each round.
   */
  private static void crashingWrites(OrderRepository orders, OrderFixtures fixtures, Random random,
      AtomicReference<Step> crashAt, int rounds, java.util.function.IntConsumer afterEach) {
    Step[] steps = Step.values();
    for (int round = 0; round < rounds; round++) {
      Order current = orders.findByKey("order-" + random.nextInt(300)).orElseGet(() -> fixtures.order(random.nextInt(300)));
      crashAt.set(random.nextInt(4) == 0 ? null : steps[random.nextInt(steps.length)]);
      try {
        if (random.nextInt(10) == 0) {
          orders.delete(current);
        } else if (random.nextInt(10) == 0) {
          List<Order> batch = new ArrayList<>();
          for (int i = 0; i < 20; i++) {
            batch.add(fixtures.change(orders.findByKey("order-" + random.nextInt(300)).orElse(fixtures.order(i))));
          }
          orders.saveAll(dedupe(batch));
        } else {
          orders.save(fixtures.change(current));
        }
      } catch (Crash expected) {
        // the client died here
      }
      crashAt.set(null);
      afterEach.accept(round);
    }
  }

  private static List<Order> dedupe(List<Order> batch) {
    Map<String, Order> unique = new HashMap<>();
    batch.forEach(order -> unique.put(order.orderNo(), order));
    return new ArrayList<>(unique.values());
  }

  /** Every seller's and buyer's orders through the views equal a filter of the main table. */
  public static void assertEveryViewAnswersLikeTheMainTable(Rowan rowan, String context) {
    List<Order> all;
    try (var stream = rowan.repository(OrderRepository.class).scanAll()) {
      all = stream.toList();
    }
    for (int s = 0; s < OrderFixtures.SELLERS; s++) {
      String seller = "seller-" + s;
      assertEquals(ViewConsistencyIT.sorted(all.stream().filter(o -> seller.equals(o.sellerId())).toList()),
          ViewConsistencyIT.sorted(rowan.views(Order.class).find("seller", seller)), seller + ", " + context);
    }
    for (int b = 0; b < OrderFixtures.BUYERS; b++) {
      String buyer = "buyer-" + b;
      assertEquals(ViewConsistencyIT.sorted(all.stream().filter(o -> buyer.equals(o.buyerId())).toList()),
          ViewConsistencyIT.sorted(rowan.views(Order.class).find("buyer", buyer)), buyer + ", " + context);
    }
  }
}
