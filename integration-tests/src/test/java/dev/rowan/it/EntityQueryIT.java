package dev.rowan.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.Sort;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Questions asked in code ({@code rowan.query(Order.class)}, docs/queries.md, "Queries in code"):
 * planned and checked as query methods are, a client-side filter after the view checks, and the
 * same refusals.
 */
@HBaseTest
class EntityQueryIT {

  interface Orders extends HBaseRepository<Order> {}

  private static final Comparator<Order> BY_TIME = Comparator.comparing(Order::createdAt)
      .thenComparing(Order::orderNo);

  private static final Predicate<Order> ODD_CENTS = o -> o.amount() != null
      && o.amount().movePointRight(2).intValue() % 2 == 1;

  @Test
  void queriesInCodeAnswerLikeAFilterOfTheEntities(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("EntityQueryIT seed " + seed);
    Random random = new Random(seed);
    OrderFixtures fixtures = new OrderFixtures(random);
    rowan.schema().create(Order.class);
    Orders orders = rowan.repository(Orders.class);
    Map<String, Order> model = fixtures.saveOrders(orders, 300);
    for (int i = 0; i < 80; i++) {
      Order changed = fixtures.change(model.get("order-" + random.nextInt(300)));
      orders.save(changed);
      model.put(changed.orderNo(), changed);
    }
    for (int call = 0; call < 60; call++) {
      String context = "call " + call + ", seed " + seed;
      String seller = fixtures.seller();
      String buyer = fixtures.buyer();
      Instant from = Instant.ofEpochSecond(1_700_000_000L + random.nextInt(800_000));
      Instant to = from.plusSeconds(random.nextInt(400_000));
      int limit = 1 + random.nextInt(10);
      List<Order> sellers = model.values().stream().filter(o -> seller.equals(o.sellerId())
          && !o.createdAt().isBefore(from) && !o.createdAt().isAfter(to)).toList();
      assertEquals(sellers.stream().filter(ODD_CENTS).sorted(BY_TIME.reversed()).limit(limit).toList(),
          rowan.query(Order.class).on("seller").where("sellerId", seller).whereBetween("createdAt", from, to)
              .filter(ODD_CENTS).orderBy(Sort.by("createdAt").descending()).limit(limit).list(), context);
      assertEquals(sellers.stream().filter(ODD_CENTS).count(), rowan.query(Order.class).where("sellerId", seller)
          .whereBetween("createdAt", from, to).filter(ODD_CENTS).count(), context);
      assertEquals(sellers.size(), rowan.query(Order.class).where("sellerId", seller)
          .whereBetween("createdAt", from, to).count(), context + ": a count without filter, from keys");
      List<Order> buyers = model.values().stream().filter(o -> buyer.equals(o.buyerId())).sorted(BY_TIME).toList();
      assertEquals(buyers, rowan.query(Order.class).where("buyerId", buyer).list(), context + ": the narrow view");
      assertEquals(buyers.stream().findFirst(), rowan.query(Order.class).where("buyerId", buyer).first(), context);
    }
    String note = model.values().stream().map(Order::note).filter(n -> n != null).findFirst().orElseThrow();
    assertEquals(model.values().stream().filter(o -> note.equals(o.note())).map(Order::orderNo).sorted().toList(),
        rowan.query(Order.class).where("note", note).allowScan().list().stream().map(Order::orderNo).sorted().toList(),
        "a full scan, accepted");
  }

  @Test
  void theDocumentedExampleReturnsTheNewestNotedOrdersOfASellerInARange(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderFixtures fixtures = new OrderFixtures(new Random(4));
    List<Order> all = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      all.add(fixtures.order(i).withSeller("seller-1"));
    }
    rowan.repository(Orders.class).saveAll(all);
    Instant from = Instant.ofEpochSecond(1_700_000_000L);
    Instant to = from.plusSeconds(600_000);
    List<Order> newest = rowan.query(Order.class)
        .on("seller")
        .where("sellerId", "seller-1")
        .whereBetween("createdAt", from, to)
        .filter(order -> order.note() != null)
        .orderBy(Sort.by("createdAt").descending())
        .limit(20)
        .list();
    assertEquals(all.stream().filter(o -> o.note() != null && !o.createdAt().isAfter(to)).sorted(BY_TIME.reversed())
        .limit(20).toList(), newest);
  }

  @Test
  void aQueryThatWouldReadTheWholeTableOrNamesWhatTheEntityLacksIsRefusedNamingIt(Rowan rowan) {
    rowan.schema().create(Order.class);
    String scan = assertThrows(IllegalArgumentException.class,
        () -> rowan.query(Order.class).where("note", "x").list()).getMessage();
    assertTrue(scan.startsWith("rowan.query(Order) would read the whole table orders: no condition binds its leading"
        + " key part orderNo.") && scan.endsWith("Or call allowScan() to accept the full scan."), scan);
    String property = assertThrows(IllegalArgumentException.class,
        () -> rowan.query(Order.class).where("seller", "s").list()).getMessage();
    assertTrue(property.startsWith("rowan.query(Order): Order has no property 'seller'"), property);
    String view = assertThrows(IllegalArgumentException.class,
        () -> rowan.query(Order.class).on("sellers").where("sellerId", "s").list()).getMessage();
    assertTrue(view.startsWith("rowan.query(Order): Order has no view 'sellers'"), view);
    String type = assertThrows(RuntimeException.class,
        () -> rowan.query(Order.class).where("sellerId", 7).list()).getMessage();
    assertTrue(type.contains("Order.sellerId"), type);
    String sorted = assertThrows(IllegalArgumentException.class, () -> rowan.query(Order.class)
        .where("sellerId", "s").orderBy(Sort.by("amount")).list()).getMessage();
    assertTrue(sorted.contains("would read every matching Order into memory"), sorted);
    String plan = rowan.query(Order.class).where("buyerId", "b").explain();
    assertTrue(plan.contains("reads view orders.buyer"), plan);
  }

  @Test
  void rowsLeftUnsettledByStoppedWritesAreCheckedAgainstTheirMainRows(Connection connection,
      TestNamespace namespace) {
    StoppedWrites stopped = new StoppedWrites();
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(stopped).build()) {
      rowan.schema().create(Order.class);
      Orders orders = rowan.repository(Orders.class);
      OrderFixtures fixtures = new OrderFixtures(new Random(21));
      List<Order> first = fixtures.saveEach(orders, 30, o -> o.withSeller("seller-a").withBuyer("buyer-a"));
      stopped.save(orders, Step.BEFORE_SETTLE, first.subList(0, 6), o -> o.withSeller("seller-b"));
      stopped.save(orders, Step.BEFORE_MAIN_WRITE, first.subList(6, 10), o -> o.withSeller("seller-b"));
      List<Order> truth = StoppedWrites.truth(orders, first.stream().map(Order::orderNo).toList());
      for (String seller : List.of("seller-a", "seller-b")) {
        assertEquals(truth.stream().filter(o -> seller.equals(o.sellerId())).sorted(BY_TIME).toList(),
            rowan.query(Order.class).on("seller").where("sellerId", seller).list(), seller);
      }
      Optional<Order> none = rowan.query(Order.class).on("seller").where("sellerId", "seller-b")
          .filter(o -> o.amount() != null && o.amount().compareTo(BigDecimal.valueOf(-1)) < 0).first();
      assertEquals(Optional.empty(), none);
    }
  }
}
