package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.StoppedWrites;
import dev.rowan.it.read.CountsFromKeysIT.Reads;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Find methods that return projections (docs/queries.md, "Projections") answer like the entities
 * they stand for, read only the cells they need, and still check every view row that is not
 * settled against its main row.
 */
@HBaseTest
class ProjectionsIT {

  /** What a list of a buyer's orders shows: three of the order's six properties. */
  record OrderLine(String orderNo, Instant createdAt, BigDecimal amount) {}

  /** A seller's note on an order, as an interface: accessors by name or as getters. */
  interface SellerNote {
    String getOrderNo();

    String note();
  }

  interface OrderProjections extends HBaseRepository<Order> {
    List<OrderLine> findByBuyerId(String buyerId);

    Stream<SellerNote> findBySellerIdOrderByCreatedAtDesc(String sellerId);

    Page<OrderLine> findBySellerIdAndCreatedAtAfter(String sellerId, Instant after, PageRequest page);

    Optional<OrderLine> findLineByOrderNo(String orderNo);

    List<OrderLine> findByBuyerIdOrSellerId(String buyerId, String sellerId);

    List<SellerNote> findBySellerIdAndNote(String sellerId, String note);
  }

  /** Without views, two families, every column nullable. */
  @Table(name = "parcels")
  @Family(name = "a")
  @Family(name = "b")
  record Parcel(@RowKey(order = 0) String depot, @RowKey(order = 1) int id, @Column(family = "a") String note,
      @Column(family = "b") Integer weight, @Column(family = "b") String sender) {}

  record ParcelWeight(int id, Integer weight) {}

  interface ParcelProjections extends HBaseRepository<Parcel> {
    List<ParcelWeight> findByDepot(String depot);

    List<ParcelWeight> findByDepotAndSender(String depot, String sender);
  }

  private static OrderLine line(Order order) {
    return new OrderLine(order.orderNo(), order.createdAt(), order.amount());
  }

  private static List<String> notes(List<SellerNote> notes) {
    return notes.stream().map(n -> n.getOrderNo() + "=" + n.note()).toList();
  }

  private static List<String> notesOf(List<Order> orders) {
    return orders.stream().map(o -> o.orderNo() + "=" + o.note()).toList();
  }

  private static List<Order> select(Map<String, Order> model, Predicate<Order> matches, Comparator<Order> order) {
    return model.values().stream().filter(matches).sorted(order).toList();
  }

  private static final Comparator<Order> BY_TIME = Comparator.comparing(Order::createdAt)
      .thenComparing(Order::orderNo);

  @Test
  void projectionsAnswerLikeTheEntitiesTheyStandFor(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ProjectionsIT seed " + seed);
    Random random = new Random(seed);
    OrderFixtures fixtures = new OrderFixtures(random);
    rowan.schema().create(Order.class);
    rowan.schema().create(Parcel.class);
    OrderProjections orders = rowan.repository(OrderProjections.class);
    ParcelProjections parcels = rowan.repository(ParcelProjections.class);
    Map<String, Order> model = fixtures.saveOrders(orders, 300);
    for (int i = 0; i < 120; i++) {
      Order current = model.get("order-" + random.nextInt(300));
      if (current == null) {
        continue;
      }
      if (random.nextInt(4) == 0) {
        orders.delete(current);
        model.remove(current.orderNo());
      } else {
        Order changed = fixtures.change(current);
        orders.save(changed);
        model.put(changed.orderNo(), changed);
      }
    }
    Map<String, Parcel> parcelModel = new LinkedHashMap<>();
    List<Parcel> allParcels = new ArrayList<>();
    for (int i = 0; i < 200; i++) {
      Parcel parcel = new Parcel("depot-" + random.nextInt(5), i, random.nextBoolean() ? null : "n" + i,
          random.nextInt(3) == 0 ? null : random.nextInt(50), random.nextInt(3) == 0 ? null : "s" + random.nextInt(3));
      allParcels.add(parcel);
      parcelModel.put(parcel.depot() + "/" + parcel.id(), parcel);
    }
    parcels.saveAll(allParcels);
    for (int call = 0; call < 120; call++) {
      String context = "call " + call + ", seed " + seed;
      String seller = fixtures.seller();
      String buyer = fixtures.buyer();
      Order some = new ArrayList<>(model.values()).get(random.nextInt(model.size()));
      switch (call % 7) {
        case 0 -> assertEquals(select(model, o -> buyer.equals(o.buyerId()), BY_TIME).stream()
            .map(ProjectionsIT::line).toList(), orders.findByBuyerId(buyer), context);
        case 1 -> {
          try (Stream<SellerNote> found = orders.findBySellerIdOrderByCreatedAtDesc(seller)) {
            assertEquals(notesOf(select(model, o -> seller.equals(o.sellerId()), BY_TIME.reversed())),
                notes(found.toList()), context);
          }
        }
        case 2 -> {
          Instant after = some.createdAt().minusSeconds(random.nextInt(400_000));
          List<OrderLine> pages = new ArrayList<>();
          PageRequest request = PageRequest.of(1 + random.nextInt(7));
          while (request != null) {
            Page<OrderLine> page = orders.findBySellerIdAndCreatedAtAfter(some.sellerId(), after, request);
            pages.addAll(page.content());
            request = page.next();
          }
          assertEquals(select(model, o -> some.sellerId().equals(o.sellerId()) && o.createdAt().isAfter(after),
              BY_TIME).stream().map(ProjectionsIT::line).toList(), pages, context);
        }
        case 3 -> {
          assertEquals(Optional.of(line(some)), orders.findLineByOrderNo(some.orderNo()), context);
          assertEquals(Optional.empty(), orders.findLineByOrderNo("order-none"), context);
        }
        case 4 -> assertEquals(select(model, o -> buyer.equals(o.buyerId()) || seller.equals(o.sellerId()),
                Comparator.comparing(Order::orderNo)).stream().map(ProjectionsIT::line).toList(),
            orders.findByBuyerIdOrSellerId(buyer, seller).stream().sorted(Comparator.comparing(OrderLine::orderNo))
                .toList(), context + " (each entity once; Or groups without OrderBy in no particular order)");
        case 5 -> {
          String note = random.nextBoolean() && some.note() != null ? some.note() : "note 1";
          assertEquals(notesOf(select(model, o -> some.sellerId().equals(o.sellerId()) && note.equals(o.note()),
              BY_TIME)), notes(orders.findBySellerIdAndNote(some.sellerId(), note)), context);
        }
        default -> {
          String depot = "depot-" + random.nextInt(6);
          String sender = "s" + random.nextInt(4);
          Comparator<Parcel> byId = Comparator.comparingInt(Parcel::id);
          assertEquals(parcelModel.values().stream().filter(p -> depot.equals(p.depot())).sorted(byId)
              .map(p -> new ParcelWeight(p.id(), p.weight())).toList(), parcels.findByDepot(depot), context);
          assertEquals(parcelModel.values().stream().filter(p -> depot.equals(p.depot())
                  && sender.equals(p.sender())).sorted(byId).map(p -> new ParcelWeight(p.id(), p.weight())).toList(),
              parcels.findByDepotAndSender(depot, sender), context);
        }
      }
    }
  }

  @Test
  void aProjectionThroughANarrowViewReadsOnlyItsCellsAndNoMainRowWhenEveryRowIsSettled(Connection connection,
      TestNamespace namespace) {
    Reads reads = new Reads();
    try (Rowan rowan = Rowan.builder(CountsFromKeysIT.watched(connection, reads)).namespace(namespace.name())
        .build()) {
      rowan.schema().create(Order.class);
      rowan.schema().create(Parcel.class);
      OrderProjections orders = rowan.repository(OrderProjections.class);
      ParcelProjections parcels = rowan.repository(ParcelProjections.class);
      Random random = new Random(5);
      OrderFixtures fixtures = new OrderFixtures(random);
      List<Order> all = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        all.add(fixtures.order(i).withBuyer("buyer-x").withNote("a long note that no projection reads " + i));
      }
      orders.saveAll(all);
      String plan = orders.explain("findByBuyerId");
      System.out.println(plan + orders.explain("findBySellerIdAndNote") + parcels.explain("findByDepot"));
      assertTrue(plan.contains("  projection reads: keys and status cell (with Order.amount packed in it), retired cell,"
          + " no other column;"
          + " settled rows are taken as they are, other rows are checked against their main rows\n"), plan);

      reads.clear();
      assertEquals(all.stream().sorted(BY_TIME).map(ProjectionsIT::line).toList(), orders.findByBuyerId("buyer-x"));
      assertEquals(List.of(), reads.tablesGot, "no main row is read: the buyer view carries the amount");
      assertTrue(reads.qualifiers.stream().allMatch(q -> q.length == 2 && q[0] == 0),
          "only the protocol cells cross the wire, the amount packed in the status cell");

      List<Parcel> depot = new ArrayList<>();
      for (int i = 0; i < 60; i++) { // every third parcel has no weight, and only some have anything at all
        depot.add(new Parcel("d1", i, i % 2 == 0 ? null : "a note of some length " + i, i % 3 == 0 ? null : i,
            i % 5 == 0 ? null : "sender " + i));
      }
      parcels.saveAll(depot);
      reads.clear();
      assertEquals(depot.stream().map(p -> new ParcelWeight(p.id(), p.weight())).toList(), parcels.findByDepot("d1"));
      assertEquals(60, reads.rows, "every parcel's row is seen, those without weight too");
      assertTrue(reads.qualifiers.size() <= 120, "at most the weight and the first cell of each row: "
          + reads.qualifiers.size());
    }
  }

  @Test
  void rowsLeftUnsettledByStoppedWritesAreCheckedAgainstTheirMainRows(Connection connection,
      TestNamespace namespace) {
    StoppedWrites stopped = new StoppedWrites();
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(stopped).build()) {
      rowan.schema().create(Order.class);
      OrderProjections orders = rowan.repository(OrderProjections.class);
      Random random = new Random(13);
      OrderFixtures fixtures = new OrderFixtures(random);
      List<Order> first = fixtures.saveEach(orders, 40, o -> o.withSeller("seller-a").withBuyer("buyer-a"));
      stopped.save(orders, Step.BEFORE_SETTLE, first.subList(0, 8), o -> o.withBuyer("buyer-b").withNote("moved"));
      stopped.save(orders, Step.BEFORE_MAIN_WRITE, first.subList(8, 12), o -> o.withBuyer("buyer-b").withNote("never"));
      List<Order> truth = StoppedWrites.truth(orders, first.stream().map(Order::orderNo).toList());
      for (String buyer : List.of("buyer-a", "buyer-b")) {
        assertEquals(truth.stream().filter(o -> buyer.equals(o.buyerId())).sorted(BY_TIME).map(ProjectionsIT::line)
            .toList(), orders.findByBuyerId(buyer), buyer);
      }
      assertEquals(notesOf(truth.stream().filter(o -> Objects.equals("seller-a", o.sellerId())).sorted(BY_TIME.reversed())
          .toList()), notes(orders.findBySellerIdOrderByCreatedAtDesc("seller-a").toList()));
    }
  }

  /** A projection that does not fit. */
  record Wrong(String orderNo, long amount) {}

  interface WrongProjections extends HBaseRepository<Order> {
    List<Wrong> findByBuyerId(String buyerId);
  }

  @Test
  void aProjectionThatDoesNotFitTheEntityIsRefusedWhenTheRepositoryIsCreated(Rowan rowan) {
    rowan.schema().create(Order.class);
    QueryMethodException refused = assertThrows(QueryMethodException.class,
        () -> rowan.repository(WrongProjections.class));
    assertTrue(refused.getMessage().contains("WrongProjections.findByBuyerId: projection Wrong.amount is long, but"
        + " Order.amount holds BigDecimal values"), refused.getMessage());
  }
}
