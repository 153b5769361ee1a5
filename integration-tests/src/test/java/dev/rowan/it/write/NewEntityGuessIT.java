package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.it.Order;
import dev.rowan.it.OrderRepository;
import dev.rowan.it.RawCells;
import dev.rowan.it.StepGate;
import dev.rowan.mapping.EntityModel;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Saves that skip the read of step one because the last batch found its entities new
 * (docs/view-consistency.md, step 1), against a real HBase: a guess that was wrong, and a guess
 * that a racing writer made wrong between its view rows and its commit. Either way the save
 * stores what it returned and every view equals its rebuild, each row settled.
 */
@HBaseTest
class NewEntityGuessIT {

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewModel SELLER = ViewMaintainer.of(MODEL).view("seller").orElseThrow();
  private static final ViewModel BUYER = ViewMaintainer.of(MODEL).view("buyer").orElseThrow();
  private static final Instant CREATED = Instant.parse("2026-11-24T10:00:00Z");

  @Test
  void aWrongGuessIsWrittenAgainUnderItsOwnStatusAndSettlesTheRowsItLeftUnverified(Connection connection,
      TestNamespace namespace) throws Exception {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      List<Order> stored = orders(10, "first");
      orders.saveAll(stored); // read: every row absent, so the next batch guesses

      List<Order> updated = new ArrayList<>();
      for (Order order : stored) {
        updated.add(order.orderNo().endsWith("0") ? order.withSeller("seller-moved") : order.withNote("second"));
      }
      assertEquals(updated, orders.saveAll(updated)); // guessed new: every commit fails, then is read and written

      for (Order order : updated) {
        assertEquals(order, orders.findByKey(order.orderNo()).orElseThrow());
        RowStatus write = mainStatus(connection, rowan, order);
        assertEquals(write, viewStatus(connection, rowan, BUYER, order).with(RowStatus.State.LIVE),
            "the buyer row does not change, but the guess wrote it: it was settled by this write");
      }
      assertEquals(List.of(updated.get(0)), rowan.views(Order.class).find("seller", "seller-moved"));
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    }
  }

  @Test
  void aGuessThatARacingWriterMadeWrongIsWrittenAgainAboveTheRacersWrite(Connection connection,
      TestNamespace namespace) throws Exception {
    StepGate gate = new StepGate();
    ExecutorService guesser = Executors.newSingleThreadExecutor(r -> new Thread(r, "guesser"));
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      orders.saveAll(orders(4, "warm-up")); // every row absent: the next saves guess
      Order mine = new Order("o-race", "seller-mine", "buyer-1", CREATED, new BigDecimal("1.00"), "mine");
      Order theirs = new Order("o-race", "seller-theirs", "buyer-1", CREATED, new BigDecimal("2.00"), "theirs");

      StepGate.Stop beforeCommit = gate.stopAt(Step.BEFORE_MAIN_WRITE, "guesser");
      Future<Order> saved = guesser.submit(() -> orders.save(mine));
      beforeCommit.awaitArrival(); // its view rows are written unverified under its guessed status
      RowStatus guessed = viewStatus(connection, rowan, SELLER, mine);
      orders.save(theirs); // also guesses, and commits first
      RowStatus racer = mainStatus(connection, rowan, theirs);
      beforeCommit.release();
      assertEquals(mine, saved.get(30, TimeUnit.SECONDS));

      RowStatus write = mainStatus(connection, rowan, mine);
      assertNotEquals(guessed.nonce(), write.nonce(), "a new write, not the guess's");
      assertTrue(write.timestamp() > racer.timestamp(), "above the racer's write");
      assertEquals(mine, orders.findByKey("o-race").orElseThrow());
      assertEquals(List.of(mine), rowan.views(Order.class).find("seller", "seller-mine"));
      assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-theirs"));
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    } finally {
      guesser.shutdownNow();
    }
  }

  @Test
  void aKeySavedTwiceInOneBatchKeepsTheLaterSaveWhetherTheBatchGuessesOrNot(Connection connection,
      TestNamespace namespace) throws Exception {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      for (String round : List.of("read", "guessed")) { // the first batch reads; the second guesses
        Order noted = new Order("o-twice-" + round, "seller-1", "buyer-1", CREATED, new BigDecimal("1.00"), "n1");
        Order plain = noted.withNote(null).withSeller("seller-2");
        Order other = new Order("o-other-" + round, "seller-1", "buyer-1", CREATED, new BigDecimal("1.00"), "x");
        orders.saveAll(List.of(noted, other, plain)); // the same key twice: the later wins
        assertEquals(plain, orders.findByKey(noted.orderNo()).orElseThrow(), round);
        Order again = plain.withNote("n2").withSeller("seller-3");
        orders.saveAll(List.of(plain, again));
        assertEquals(again, orders.findByKey(noted.orderNo()).orElseThrow(), round);
      }
      assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-2"));
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    }
  }

  private static List<Order> orders(int count, String note) {
    List<Order> orders = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      orders.add(new Order("o-" + note + "-" + i, "seller-" + (i % 3), "buyer-" + (i % 2), CREATED.plusSeconds(i),
          new BigDecimal(i + ".50"), note));
    }
    return orders;
  }

  private static RowStatus mainStatus(Connection connection, Rowan rowan, Order order) throws Exception {
    return RawCells.mainStatus(connection, rowan, MODEL, order);
  }

  private static RowStatus viewStatus(Connection connection, Rowan rowan, ViewModel view, Order order)
      throws Exception {
    return RawCells.viewStatus(connection, rowan, MODEL, view, order);
  }
}
