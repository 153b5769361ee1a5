package dev.rowan.it.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.NamespaceTables;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.OrderRepository;
import dev.rowan.it.write.InsertIT.Member;
import dev.rowan.it.write.InsertRacesIT.Members;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Inserts that die at every step of the protocol: an insert that died before its main row's
 * commit left its key as it was, one that died after it inserted its entity; every read through
 * every view answers as the main table, and once the write lease has passed the views equal a
 * rebuild. A refused insert (its key taken) reaches no step and writes nothing.
 */
@HBaseTest
class InsertFaultInjectionIT {

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  private static final int KEYS = 200;

  @Test
  void insertsDyingAtEveryStepLeaveEachKeyBeforeOrAfterAndNeverAWrongAnswer(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("InsertFaultInjectionIT orders seed " + seed);
    Random random = new Random(seed);
    Crashes crashes = new Crashes();
    Duration lease = Duration.ofSeconds(2);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(crashes).writeLease(lease)
        .groupCommit(true).build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      OrderFixtures fixtures = new OrderFixtures(random);
      int refused = 0;
      for (int round = 0; round < 400; round++) {
        String context = "round " + round + ", seed " + seed;
        Map<String, Order> given = new LinkedHashMap<>();
        int count = random.nextInt(8) == 0 ? 1 + random.nextInt(20) : 1;
        for (int i = 0; i < count; i++) {
          Order order = fixtures.order(random.nextInt(KEYS));
          given.put(order.orderNo(), order);
        }
        Map<String, Optional<Order>> before = new LinkedHashMap<>();
        given.keySet().forEach(key -> before.put(key, orders.findByKey(key)));
        Step step = crashes.arm(random);
        List<String> taken = List.of();
        boolean crashed = false;
        try {
          if (given.size() == 1 && random.nextBoolean()) {
            orders.insert(given.values().iterator().next());
          } else {
            orders.insertAll(new ArrayList<>(given.values()));
          }
        } catch (EntityExistsException e) {
          taken = e.keys();
        } catch (FaultInjectionIT.Crash e) {
          crashed = true;
        }
        crashes.disarm();
        boolean committed = !crashed || (step != Step.BEFORE_UNVERIFY && step != Step.BEFORE_MAIN_WRITE);
        List<String> expectedTaken = new ArrayList<>();
        for (Map.Entry<String, Order> entry : given.entrySet()) {
          String key = entry.getKey();
          Optional<Order> was = before.get(key);
          if (was.isPresent()) {
            expectedTaken.add("orderNo=" + key);
          }
          Optional<Order> expected = was.isPresent() || !committed ? was : Optional.of(entry.getValue());
          assertEquals(expected, orders.findByKey(key), key + " after an insert" + (crashed ? " that died at " + step
              : "") + ", " + context);
        }
        if (!crashed) {
          assertEquals(expectedTaken, taken, "the insert names exactly the taken keys, " + context);
          refused += taken.size();
        }
        if (random.nextInt(3) == 0) {
          Order victim = orders.findByKey("order-" + random.nextInt(KEYS)).orElse(null);
          if (victim != null) {
            orders.delete(victim); // frees a key for later inserts
          }
        }
        if (round % 50 == 0) {
          FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, context);
        }
      }
      assertTrue(crashes.count() > 80, "faults were injected: " + crashes.count());
      for (Step each : Step.values()) {
        assertTrue(crashes.count(each) > 0, "inserts died at " + each + ": " + crashes.byStep + ", seed " + seed);
      }
      assertTrue(refused > 50, "inserts of taken keys were refused: " + refused);
      FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, "after all rounds, seed " + seed);
      Thread.sleep(2 * lease.toMillis() + 100); // past the lease and the settle window
      FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, "after the lease, seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
      System.out.println("InsertFaultInjectionIT: " + crashes.count() + " inserts died " + crashes.byStep + ", " + refused
          + " refused, no wrong answer");
    }
  }

  @Test
  void insertsWithAUniqueViewDyingAtEveryStepLeaveEveryKeyWithAtMostItsOneOwner(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("InsertFaultInjectionIT members seed " + seed);
    Random random = new Random(seed);
    Crashes crashes = new Crashes();
    Duration lease = Duration.ofMillis(500);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(crashes).writeLease(lease)
        .build()) {
      rowan.schema().create(Member.class);
      Members members = rowan.repository(Members.class);
      int refused = 0;
      for (int round = 0; round < 200; round++) {
        String id = "u" + random.nextInt(30);
        Member member = new Member(id, "e" + random.nextInt(20) + "@x", "round " + round);
        Optional<Member> before = members.findByKey(id);
        Step step = crashes.arm(random);
        boolean crashed = false;
        try {
          members.insert(member);
        } catch (EntityExistsException | UniqueViolationException e) {
          refused++;
        } catch (FaultInjectionIT.Crash e) {
          crashed = true;
        }
        crashes.disarm();
        Optional<Member> after = members.findByKey(id);
        if (before.isPresent() || !crashed || step == Step.BEFORE_UNVERIFY || step == Step.BEFORE_MAIN_WRITE) {
          assertTrue(after.equals(before) || after.equals(Optional.of(member)) && before.isEmpty() && !crashed,
              id + " holds " + after + ", was " + before + ", round " + round + ", seed " + seed);
        } else {
          assertEquals(Optional.of(member), after, id + " after an insert that died at " + step + ", seed " + seed);
        }
        if (random.nextInt(5) == 0) {
          members.findByKey("u" + random.nextInt(30)).ifPresent(members::delete);
        }
        if (round % 40 == 39) {
          Thread.sleep(lease.toMillis() + 50); // the dead inserts' claims are stale from now on
        }
      }
      Thread.sleep(2 * lease.toMillis() + 100); // past the lease and the settle window
      Map<String, String> owners = new LinkedHashMap<>();
      try (var all = members.scanAll()) {
        all.forEach(m -> assertEquals(null, owners.put(m.email(), m.id()), m.email() + " has two owners, seed " + seed));
      }
      for (int e = 0; e < 20; e++) {
        String email = "e" + e + "@x";
        assertEquals(Optional.ofNullable(owners.get(email)), members.findByEmail(email).map(Member::id),
            email + ", seed " + seed);
      }
      ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
      assertTrue(crashes.count() > 20, "faults were injected: " + crashes.count());
      System.out.println("InsertFaultInjectionIT: " + crashes.count() + " unique inserts died, " + refused + " refused");
    }
  }

  /** A hook that throws at the step armed, once per write. */
  static final class Crashes implements ProtocolHook {
    private final AtomicReference<Step> at = new AtomicReference<>();
    private final AtomicInteger count = new AtomicInteger();
    final Map<Step, Integer> byStep = new java.util.concurrent.ConcurrentHashMap<>();

    /** Arms a random step three times in four; returns it (null when none). */
    Step arm(Random random) {
      Step[] steps = Step.values();
      Step step = random.nextInt(4) == 0 ? null : steps[random.nextInt(steps.length)];
      at.set(step);
      return step;
    }

    void disarm() {
      at.set(null);
    }

    int count() {
      return count.get();
    }

    int count(Step step) {
      return byStep.getOrDefault(step, 0);
    }

    @Override
    public void at(Step step, String table, List<byte[]> rowKeys) {
      if (step == at.get()) {
        count.incrementAndGet();
        byStep.merge(step, 1, Integer::sum);
        throw new FaultInjectionIT.Crash(step);
      }
    }
  }
}
