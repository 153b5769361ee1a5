package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.OrderRepository;
import dev.rowan.it.faults.FaultInjectionIT;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.ViewAudit;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * Threads updating the same orders' indexed fields while others read through the views: no read
 * returns an order that does not match its query, and the views end equal to a rebuild.
 */
@HBaseTest
class ConcurrentWritersIT {

  private static final int ORDERS = 40;
  private static final int WRITERS = 4;
  private static final int ROUNDS = 150;

  @Test
  void racingWritersNeverLetAReaderSeeAStaleRow(Rowan rowan) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ConcurrentWritersIT seed " + seed);
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    OrderFixtures setup = new OrderFixtures(new Random(seed));
    List<Order> initial = new ArrayList<>();
    for (int i = 0; i < ORDERS; i++) {
      initial.add(setup.order(i));
    }
    orders.saveAll(initial);

    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 2);
    AtomicBoolean writing = new AtomicBoolean(true);
    ConcurrentLinkedQueue<String> wrongAnswers = new ConcurrentLinkedQueue<>();
    AtomicLong reads = new AtomicLong();
    List<Future<?>> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      Random random = new Random(seed + w + 1);
      OrderFixtures fixtures = new OrderFixtures(random);
      writers.add(pool.submit(() -> {
        for (int round = 0; round < ROUNDS; round++) {
          String orderNo = "order-" + random.nextInt(ORDERS);
          Order current = orders.findByKey(orderNo).orElseGet(() -> fixtures.order(Integer.parseInt(orderNo.substring(6))));
          if (random.nextInt(15) == 0) {
            orders.deleteByKey(orderNo);
          } else {
            orders.save(fixtures.change(current));
          }
        }
        return null;
      }));
    }
    List<Future<?>> readers = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      Random random = new Random(seed - r - 1);
      readers.add(pool.submit(() -> {
        while (writing.get()) {
          String seller = "seller-" + random.nextInt(OrderFixtures.SELLERS);
          for (Order order : rowan.views(Order.class).find("seller", seller)) {
            reads.incrementAndGet();
            if (!seller.equals(order.sellerId())) {
              wrongAnswers.add(order + " returned for " + seller);
            }
          }
          String buyer = "buyer-" + random.nextInt(OrderFixtures.BUYERS);
          for (Order order : rowan.views(Order.class).find("buyer", buyer)) {
            reads.incrementAndGet();
            if (!buyer.equals(order.buyerId())) {
              wrongAnswers.add(order + " returned for " + buyer);
            }
          }
        }
        return null;
      }));
    }
    for (Future<?> writer : writers) {
      writer.get(5, TimeUnit.MINUTES);
    }
    writing.set(false);
    for (Future<?> reader : readers) {
      reader.get(1, TimeUnit.MINUTES);
    }
    pool.shutdown();

    assertTrue(wrongAnswers.isEmpty(), "seed " + seed + ": " + wrongAnswers);
    assertTrue(reads.get() > 0, "the readers read");
    FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, "after the race, seed " + seed);
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    System.out.println("ConcurrentWritersIT: " + WRITERS * ROUNDS + " racing writes, " + reads.get()
        + " rows read while writing, " + wrongAnswers.size() + " wrong");
    assertEquals(0, wrongAnswers.size());
  }
}
