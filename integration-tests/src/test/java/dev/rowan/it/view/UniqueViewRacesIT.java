package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.UniqueViolationException;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.it.StepGate;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
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
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.junit.jupiter.api.Test;

/**
 * Writers of different entities meet on the rows of a unique view, which no single main row
 * orders: every interleaving of their steps leaves each key with at most one owner, held by the
 * entity whose main row maps to it, and readable without error.
 */
@HBaseTest
class UniqueViewRacesIT {

  @Table(name = "members")
  @Index(name = "email", key = {"email"}, unique = true)
  record Member(@RowKey String id, @Column(name = "e") String email, @Column(name = "n") String name) {}

  interface MemberRepository extends HBaseRepository<Member> {
    Optional<Member> findByEmail(String email);

    boolean existsByEmail(String email);
  }

  private static final EntityModel<Member> MODEL = EntityModel.of(Member.class);
  private static final ViewModel EMAIL = ViewMaintainer.of(MODEL).view("email").orElseThrow();

  @Test
  void aKeyFreedWhileASaveOfItIsPreparedBelongsToThatSave(Connection connection, TestNamespace namespace)
      throws Exception {
    Gate gate = new Gate();
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).build()) {
      rowan.schema().create(Member.class);
      MemberRepository members = rowan.repository(MemberRepository.class);
      members.save(new Member("u1", "one@x", "first"));

      StepGate.Stop prepared = gate.stopAt(Step.BEFORE_UNVERIFY, "u2");
      Member second = new Member("u2", "one@x", "second");
      Future<Member> u2 = executor.submit(() -> members.save(second));
      prepared.awaitArrival(); // u2 has read its row and chosen its timestamp
      prepared.awaitNextMillisecond();
      members.save(new Member("u1", "two@x", "first")); // settles by deleting one@x up to a newer timestamp
      prepared.release();
      assertEquals(second, u2.get(30, TimeUnit.SECONDS));

      assertEquals(Optional.of(second), members.findByEmail("one@x"), "the key belongs to the save that took it");
      assertTrue(members.existsByEmail("one@x"));
      assertThrows(UniqueViolationException.class, () -> members.save(new Member("u3", "one@x", "third")));
      assertEquals(Optional.empty(), members.findByKey("u3"));
      ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void aStaleClaimTakenOverByAnOlderWriteBelongsToThatWrite(Connection connection, TestNamespace namespace)
      throws Exception {
    Gate gate = new Gate();
    Duration lease = Duration.ofMillis(300);
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).writeLease(lease)
        .build()) {
      rowan.schema().create(Member.class);
      MemberRepository members = rowan.repository(MemberRepository.class);

      StepGate.Stop prepared = gate.stopAt(Step.BEFORE_UNVERIFY, "v");
      Member taker = new Member("v", "a@x", "taker");
      Future<Member> v = executor.submit(() -> members.save(taker));
      prepared.awaitArrival();
      prepared.awaitNextMillisecond();
      gate.crashAt(Step.BEFORE_MAIN_WRITE, "u"); // u claims a@x at a newer timestamp and dies before its main row
      assertThrows(Gate.Crash.class, () -> members.save(new Member("u", "a@x", "dead")));
      Thread.sleep(lease.toMillis() + 50); // u's claim is now stale
      prepared.release();
      assertEquals(taker, v.get(30, TimeUnit.SECONDS));

      assertEquals(Optional.of(taker), members.findByEmail("a@x"), "the stale claim's newer cells do not hide the taker");
      assertThrows(UniqueViolationException.class, () -> members.save(new Member("w", "a@x", "third")));
      assertEquals(Optional.empty(), members.findByKey("w"));
      ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void aSaveThatLosesARaceLeavesNoRowWithoutOwner(Connection connection, TestNamespace namespace) throws Exception {
    Gate gate = new Gate();
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).build()) {
      rowan.schema().create(Member.class);
      MemberRepository members = rowan.repository(MemberRepository.class);
      members.save(new Member("u", "b@x", "start"));

      StepGate.Stop prepared = gate.stopAt(Step.BEFORE_UNVERIFY, "u");
      Member last = new Member("u", "c@x", "loser, then winner");
      Future<Member> loser = executor.submit(() -> members.save(last)); // from b@x to c@x
      prepared.awaitArrival();
      members.save(new Member("u", "a@x", "winner")); // from b@x to a@x: deletes b@x's row
      prepared.release(); // marks b@x's row retiring, loses its main row, retries from a@x
      assertEquals(last, loser.get(30, TimeUnit.SECONDS));

      assertEquals(Optional.empty(), members.findByEmail("b@x"));
      assertFalse(members.existsByEmail("b@x"));
      assertEquals(Optional.empty(), members.findByEmail("a@x"));
      assertEquals(Optional.of(last), members.findByEmail("c@x"));
      Member other = members.save(new Member("v", "b@x", "other"));
      assertEquals(Optional.of(other), members.findByEmail("b@x"));
      ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void aRefusedBatchNeverReleasesAKeyThatAnotherSaveOfTheSameEntityCommits(Connection connection,
      TestNamespace namespace) throws Exception {
    Gate gate = new Gate();
    Duration lease = Duration.ofMillis(300);
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).writeLease(lease)
        .build()) {
      rowan.schema().create(Member.class);
      MemberRepository members = rowan.repository(MemberRepository.class);
      members.save(new Member("u", "b@x", "start"));
      members.save(new Member("w", "x@x", "holder"));

      StepGate.Stop claimed = gate.stopAt(Step.BEFORE_MAIN_WRITE, "u");
      Member moved = new Member("u", "a@x", "first save");
      Future<Member> first = executor.submit(() -> members.save(moved)); // claims a@x, not committed yet
      claimed.awaitArrival();
      // A second save of u claims a@x over the first one's claim, then the batch is refused for v.
      assertThrows(UniqueViolationException.class, () -> members.saveAll(List.of(
          new Member("u", "a@x", "second save"), new Member("v", "x@x", "refused"))));
      claimed.release();
      assertEquals(moved, first.get(30, TimeUnit.SECONDS));

      assertEquals(Optional.of(moved), members.findByEmail("a@x"), "the refused batch left a@x to the save that won");
      assertThrows(UniqueViolationException.class, () -> members.save(new Member("z", "a@x", "third")));
      assertEquals(Optional.empty(), members.findByKey("z"));
      Thread.sleep(lease.toMillis() + 50); // the refused save's row on a@x is settled by the next read
      assertEquals(Optional.of(moved), members.findByEmail("a@x"));
      ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  void readsTreatARowWithoutOwnerAsAnOrphan(Rowan rowan) throws Exception {
    rowan.schema().create(Member.class);
    MemberRepository members = rowan.repository(MemberRepository.class);
    Member held = members.save(new Member("u", "a@x", "held"));
    long now = System.currentTimeMillis();
    try (org.apache.hadoop.hbase.client.Table view = rowan.connection().getTable(rowan.tableName(EMAIL.tableName()))) {
      for (String email : List.of("b@x", "c@x")) {
        Object[] values = MODEL.values(new Member("nobody", email, null));
        State state = email.equals("b@x") ? State.UNVERIFIED : State.VERIFIED;
        byte[] key = EMAIL.rowKey(values);
        view.put(new Put(key).addColumn(EMAIL.statusFamily(), Qualifier.VIEW_STATUS.bytes(), now,
            EMAIL.statusValue(new RowStatus(state, now, 7), values))); // what a retiring write once left
      }
    }

    for (String email : List.of("b@x", "c@x")) {
      assertEquals(Optional.empty(), members.findByEmail(email), email);
      assertFalse(members.existsByEmail(email), email);
    }
    assertEquals(Optional.of(held), members.findByEmail("a@x"));
    Member taker = members.save(new Member("v", "b@x", "taker"));
    assertEquals(Optional.of(taker), members.findByEmail("b@x"));
    ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
  }

  /**
   * Threads save members whose emails move among a few keys, racing for the same keys and for
   * the same members. Afterwards no key has two owners in the main table, every owned key is
   * found by the view, and the view equals its rebuild.
   */
  @Test
  void racingSavesNeverLeaveAKeyWithTwoOwnersOrAnUnreadableRow(Connection connection, TestNamespace namespace)
      throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("UniqueViewRacesIT seed " + seed);
    int threads = 6;
    int rounds = 120;
    int users = 4;
    List<String> emails = List.of("e0@x", "e1@x", "e2@x", "e3@x", "e4@x", "e5@x");
    Duration lease = Duration.ofSeconds(3);
    ExecutorService executor = Executors.newFixedThreadPool(threads);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).build()) {
      rowan.schema().create(Member.class);
      MemberRepository members = rowan.repository(MemberRepository.class);
      AtomicInteger saved = new AtomicInteger();
      AtomicInteger refused = new AtomicInteger();
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Random random = new Random(seed + t);
        int thread = t;
        done.add(executor.submit(() -> {
          for (int i = 0; i < rounds; i++) {
            String id = "u" + random.nextInt(users);
            try {
              if (random.nextInt(12) == 0) {
                members.deleteByKey(id);
              } else {
                String email = random.nextInt(8) == 0 ? null : emails.get(random.nextInt(emails.size()));
                members.save(new Member(id, email, "t" + thread + "-" + i));
              }
              saved.incrementAndGet();
            } catch (UniqueViolationException expected) {
              refused.incrementAndGet();
            }
          }
          return null;
        }));
      }
      for (Future<?> future : done) {
        future.get(10, TimeUnit.MINUTES);
      }
      System.out.println("UniqueViewRacesIT: " + saved.get() + " writes, " + refused.get() + " refused");

      Map<String, List<Member>> owners = new HashMap<>();
      try (var all = members.scanAll()) {
        all.filter(m -> m.email() != null).forEach(m -> owners.computeIfAbsent(m.email(), e -> new ArrayList<>()).add(m));
      }
      owners.forEach((email, held) -> assertEquals(1, held.size(), email + " has owners " + held + ", seed " + seed));
      // Once the lease of the writes that lost has run out, one read of each key settles what they left.
      Thread.sleep(2 * lease.toMillis() + 100); // past the settle window too
      for (int pass = 0; pass < 2; pass++) {
        for (String email : emails) {
          List<Member> held = owners.getOrDefault(email, List.of());
          assertEquals(held.stream().findFirst(), members.findByEmail(email), email + ", seed " + seed);
          assertEquals(!held.isEmpty(), members.existsByEmail(email), email + ", seed " + seed);
        }
      }
      ViewAudit.assertViewsMatchRebuild(rowan, Member.class);
    } finally {
      executor.shutdownNow();
    }
  }

  /** A hook that stops or crashes the next write of one member at one step. */
  static final class Gate implements ProtocolHook {

    /** Thrown by the hook: a client dying at a step. */
    static final class Crash extends Error {
      Crash(Step step) {
        super("crash at " + step, null, false, false);
      }
    }

    private final Map<String, Object> next = new ConcurrentHashMap<>();

    StepGate.Stop stopAt(Step step, String id) {
      StepGate.Stop stop = new StepGate.Stop();
      assertNull(next.put(step + " " + id, stop));
      return stop;
    }

    void crashAt(Step step, String id) {
      assertNull(next.put(step + " " + id, new Crash(step)));
    }

    @Override
    public void at(Step step, String table, List<byte[]> rowKeys) {
      for (byte[] key : rowKeys) {
        for (String id : List.copyOf(next.keySet())) {
          if (id.startsWith(step + " ") && Arrays.equals(key, MODEL.rowKey(new Member(id.substring(id.indexOf(' ') + 1),
              null, null)))) {
            Object action = next.remove(id);
            if (action instanceof Crash crash) {
              throw crash;
            }
            if (action instanceof StepGate.Stop stop) {
              stop.pass();
            }
          }
        }
      }
    }
  }
}
