package dev.rowan.it.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityNotFoundException;
import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.NamespaceTables;
import dev.rowan.it.faults.InsertFaultInjectionIT.Crashes;
import dev.rowan.it.write.CounterRacesIT;
import dev.rowan.it.write.Updates.Item;
import dev.rowan.it.write.Updates.Items;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Partial updates and counter additions that die at every step of the protocol: one that died
 * before its main row's commit left the entity as it was, one that died after it changed it
 * (a counter by exactly its delta); every read through every view answers as the main table, and
 * once the write lease has passed the views equal a rebuild. An update of an absent entity reaches
 * no step and writes nothing.
 */
@HBaseTest
class UpdateFaultInjectionIT {

  private static final int KEYS = 40;

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  @Test
  void updatesAndAdditionsDyingAtEveryStepLeaveEachEntityBeforeOrAfterAndNeverAWrongAnswer(Connection connection,
      TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("UpdateFaultInjectionIT seed " + seed);
    Random random = new Random(seed);
    Crashes crashes = new Crashes();
    Duration lease = Duration.ofSeconds(1);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(crashes).writeLease(lease)
        .groupCommit(true).build()) {
      rowan.schema().create(Item.class);
      Items items = rowan.repository(Items.class);
      for (int k = 0; k < KEYS; k++) {
        items.save(new Item("i-" + k, "owner-" + random.nextInt(4), "tag-" + random.nextInt(3),
            (long) random.nextInt(20), null));
      }
      int absent = 0;
      for (int round = 0; round < 400; round++) {
        String context = "round " + round + ", seed " + seed;
        String id = "i-" + random.nextInt(KEYS + 4); // some keys hold no entity
        Optional<Item> before = items.findByKey(id);
        int kind = random.nextInt(3);
        long delta = 1 + random.nextInt(5);
        String owner = "owner-" + random.nextInt(4);
        String note = "note " + round;
        Step step = crashes.arm(random);
        boolean crashed = false;
        boolean found = true;
        try {
          switch (kind) {
            case 0 -> items.addToStockById(delta, id);
            case 1 -> found = items.updateOwnerById(owner, id);
            default -> found = items.updateNoteById(note, id);
          }
        } catch (EntityNotFoundException e) {
          found = false;
        } catch (FaultInjectionIT.Crash e) {
          crashed = true;
        }
        crashes.disarm();
        assertEquals(before.isPresent(), found || crashed, "the update found the entity iff it was stored, " + context);
        if (before.isEmpty()) {
          assertTrue(!crashed, "an update of an absent entity reaches no step, " + context);
          assertEquals(Optional.empty(), items.findByKey(id), "an update never creates an entity, " + context);
          absent++;
          continue;
        }
        boolean committed = !crashed || (step != Step.BEFORE_UNVERIFY && step != Step.BEFORE_MAIN_WRITE);
        Item was = before.get();
        Item after = switch (kind) {
          case 0 -> new Item(was.id(), was.owner(), was.tag(), (was.stock() == null ? 0 : was.stock()) + delta, was.note());
          case 1 -> new Item(was.id(), owner, was.tag(), was.stock(), was.note());
          default -> new Item(was.id(), was.owner(), was.tag(), was.stock(), note);
        };
        assertEquals(Optional.of(committed ? after : was), items.findByKey(id),
            id + " after an update" + (crashed ? " that died at " + step : "") + ", " + context);
        if (round % 50 == 0) {
          CounterRacesIT.assertViewsAnswerLikeTheMainTable(items, all(items), context);
        }
      }
      assertTrue(crashes.count() > 100, "faults were injected: " + crashes.count());
      for (Step each : Step.values()) {
        assertTrue(crashes.count(each) > 0, "updates died at " + each + ": " + crashes.byStep + ", seed " + seed);
      }
      assertTrue(absent > 10, "updates of absent entities: " + absent);
      CounterRacesIT.assertViewsAnswerLikeTheMainTable(items, all(items), "after all rounds, seed " + seed);
      Thread.sleep(2 * lease.toMillis() + 100); // past the lease and the settle window
      CounterRacesIT.assertViewsAnswerLikeTheMainTable(items, all(items), "after the lease, seed " + seed);
      ViewAudit.assertViewsMatchRebuild(rowan, Item.class);
      System.out.println("UpdateFaultInjectionIT: " + crashes.count() + " updates died " + crashes.byStep + ", "
          + absent + " found no entity, no wrong answer");
    }
  }

  private static List<Item> all(Items items) {
    try (var stream = items.scanAll()) {
      return stream.toList();
    }
  }
}
