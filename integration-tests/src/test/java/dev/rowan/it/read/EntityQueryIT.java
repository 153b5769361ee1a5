package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.Sort;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.StoppedWrites;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
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
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
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

  /** A parcel seen through a full-copy, a narrow and a unique view, each led by a nullable property. */
  @Table(name = "parcels")
  @Index(name = "courier", key = {"courierId", "sentAt"})
  @Index(name = "route", key = {"routeId"}, include = {"shop"})
  @Index(name = "tracking", key = {"trackingNo"}, unique = true)
  record Parcel(@RowKey String id, @Column String shop, @Column String courierId, @Column String routeId,
      @Column String trackingNo, @Column Instant sentAt) {}

  /** {@link Parcel}, salted. */
  @Table(name = "salted_parcels", salt = @Salt(buckets = 4))
  @Index(name = "courier", key = {"courierId", "sentAt"})
  @Index(name = "route", key = {"routeId"}, include = {"shop"})
  @Index(name = "tracking", key = {"trackingNo"}, unique = true)
  record SaltedParcel(@RowKey String id, @Column String shop, @Column String courierId, @Column String routeId,
      @Column String trackingNo, @Column Instant sentAt) {}

  interface Parcels extends HBaseRepository<Parcel> {}

  interface SaltedParcels extends HBaseRepository<SaltedParcel> {}

  interface ParcelMaker<P> {
    P make(String id, String shop, String courierId, String routeId, String trackingNo, Instant sentAt);
  }

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

  @Test
  void aQueryOnAViewWithoutAConditionOnItsNullableFirstKeyPropertyIsRefusedAndTheMainTableAnswersIt(Rowan rowan) {
    theViewsOfTheParcelAnswerCompletelyOrRefuse(rowan, Parcel.class, Parcels.class, Parcel::new, Parcel::id, Parcel::courierId);
    theViewsOfTheParcelAnswerCompletelyOrRefuse(rowan, SaltedParcel.class, SaltedParcels.class,
        SaltedParcel::new, SaltedParcel::id,
        SaltedParcel::courierId);
  }

  private static <P> void theViewsOfTheParcelAnswerCompletelyOrRefuse(Rowan rowan, Class<P> type,
      Class<? extends HBaseRepository<P>> repository, ParcelMaker<P> maker, Function<P, String> id, Function<P, String> courier) {
    rowan.schema().create(type);
    List<P> parcels = new ArrayList<>();
    Instant at = Instant.parse("2026-03-04T05:06:07Z");
    for (int i = 0; i < 40; i++) {
      parcels.add(maker.make("p-" + i, i < 32 ? "s0" : "s1", i % 4 == 0 ? null : "c" + i % 3,
          i % 3 == 0 ? null : "r" + i % 5, i % 2 == 0 ? null : "t-" + i, at.plusSeconds(i)));
    }
    rowan.repository(repository).saveAll(parcels);
    String entity = type.getSimpleName();
    List<String> shopS0 = parcels.subList(0, 32).stream().map(id).sorted().toList();
    for (String[] view : new String[][] {{"courier", "courierId"}, {"route", "routeId"}, {"tracking", "trackingNo"}}) {
      String context = entity + " view " + view[0];
      String expected = "rowan.query(" + entity + ") cannot read only view '" + view[0] + "' of " + entity
          + " without a condition on its first key property " + view[1] + ": an " + entity + " whose " + view[1]
          + " is null has no row in that view, so the answer would leave it out.";
      List<Runnable> runs = List.of(
          () -> rowan.query(type).on(view[0]).allowScan().where("shop", "s0").list(),
          () -> rowan.query(type).on(view[0]).allowScan().where("shop", "s0").count(),
          () -> rowan.query(type).on(view[0]).allowScan().where("shop", "s0").filter(p -> true).count(),
          () -> rowan.query(type).on(view[0]).allowScan().where("shop", "s0").first(),
          () -> {
            try (Stream<P> stream = rowan.query(type).on(view[0]).allowScan().where("shop", "s0").stream()) {
              stream.forEach(read -> { }); // reads every element
            }
          });
      for (Runnable run : runs) {
        String message = assertThrows(QueryMethodException.class, run::run, context).getMessage();
        assertTrue(message.startsWith(expected), context + ": " + message);
      }
      assertEquals(shopS0, rowan.query(type).allowScan().where("shop", "s0").list().stream().map(id).sorted().toList(),
          context + ": without on(view), the main table answers");
      assertEquals(32, rowan.query(type).allowScan().where("shop", "s0").count(), context);
    }
    assertEquals(parcels.stream().filter(p -> "c1".equals(courier.apply(p))).map(id).sorted().toList(),
        rowan.query(type).on("courier").where("courierId", "c1").list().stream().map(id).sorted().toList(),
        entity + ": a condition on the first key property excludes the entities the view has no row for");
    assertEquals(List.of("p-7"), rowan.query(type).on("tracking").where("trackingNo", "t-7").allowScan().list()
        .stream().map(id).toList(), entity + ": the unique view");
    assertEquals(parcels.stream().filter(p -> courier.apply(p) != null && courier.apply(p).compareTo("c1") >= 0).count(),
        rowan.query(type).on("courier").whereGreaterThanEqual("courierId", "c1").count(), entity + ": a range");
  }

  @Test
  void theBuyerViewOfTheSaltedOrderIsRefusedForASellersOrdersWhoseBuyerMayBeNull(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderFixtures fixtures = new OrderFixtures(new Random(31));
    List<Order> all = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      all.add(fixtures.order(i).withSeller("s0").withBuyer(i % 6 == 0 ? "b1" : null));
    }
    rowan.repository(Orders.class).saveAll(all);
    QueryMethodException refused = assertThrows(QueryMethodException.class,
        () -> rowan.query(Order.class).on("buyer").allowScan().where("sellerId", "s0").list());
    assertTrue(refused.getMessage().startsWith("rowan.query(Order) cannot read only view 'buyer' of Order without a"
        + " condition on its first key property buyerId"), refused.getMessage());
    assertEquals(32, rowan.query(Order.class).on("seller").where("sellerId", "s0").count());
    assertEquals(32, rowan.query(Order.class).allowScan().where("sellerId", "s0").list().size());
  }
}
