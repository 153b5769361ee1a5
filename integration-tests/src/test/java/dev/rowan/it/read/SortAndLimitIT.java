package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Limit;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.Sort;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.read.CountsFromKeysIT.Reads;
import dev.rowan.it.read.ProjectionsIT.OrderLine;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Trailing {@code Sort} and {@code Limit} parameters (docs/queries.md, "Sort and Limit
 * parameters"): a sort the key serves is read in key order, any other is refused at the call
 * unless the method reads by gets; a limit is the smaller of the name's and the call's, and each
 * scan asks for no more rows than it.
 */
@HBaseTest
class SortAndLimitIT {

  interface SortedOrders extends HBaseRepository<Order> {
    List<Order> findBySellerId(String sellerId, Sort sort);

    Stream<Order> streamBySellerId(String sellerId, Sort sort, Limit limit);

    List<Order> findTop5BySellerId(String sellerId, Limit limit);

    List<Order> findByOrderNoIn(List<String> orderNos, Sort sort);

    List<OrderLine> findByBuyerId(String buyerId, Limit limit, Sort sort);
  }

  interface WrongSortedOrders extends HBaseRepository<Order> {
    long countBySellerId(String sellerId, Sort sort);

    List<Order> findBySellerIdOrderByCreatedAt(String sellerId, Sort sort);

    Page<Order> findByBuyerId(String buyerId, Sort sort, PageRequest page);

    List<Order> findByOrderNo(String orderNo, Limit limit, Limit another);
  }

  /** One name twice, as Spring Data users declare a method with and without its Limit. */
  interface OverloadedOrders extends HBaseRepository<Order> {
    List<Order> findTop5BySellerId(String sellerId);

    List<Order> findTop5BySellerId(String sellerId, Limit limit);

    Stream<Order> streamBySellerId(String sellerId, Limit limit);

    java.util.Optional<Order> findFirstBySellerId(String sellerId, Limit limit);
  }

  private static final Comparator<Order> BY_TIME = Comparator.comparing(Order::createdAt)
      .thenComparing(Order::orderNo);
  private static final Comparator<Order> BY_AMOUNT = Comparator.comparing(Order::amount,
      Comparator.nullsLast(Comparator.naturalOrder())).thenComparing(Order::orderNo);
  private static final Comparator<Order> AMOUNT_DESCENDING = Comparator.comparing(Order::amount,
      Comparator.nullsLast(Comparator.<java.math.BigDecimal>naturalOrder().reversed())).thenComparing(Order::orderNo);

  @Test
  void callsSortedAndLimitedAnswerLikeTheSortedAndCutEntities(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("SortAndLimitIT seed " + seed);
    Random random = new Random(seed);
    OrderFixtures fixtures = new OrderFixtures(random);
    rowan.schema().create(Order.class);
    SortedOrders orders = rowan.repository(SortedOrders.class);
    Map<String, Order> model = fixtures.saveOrders(orders, 300);
    for (int call = 0; call < 100; call++) {
      String context = "call " + call + ", seed " + seed;
      String seller = fixtures.seller();
      String buyer = fixtures.buyer();
      int limit = 1 + random.nextInt(12);
      List<Order> sellers = model.values().stream().filter(o -> seller.equals(o.sellerId())).toList();
      switch (call % 5) {
        case 0 -> {
          boolean descending = random.nextBoolean();
          Sort sort = descending ? Sort.by("createdAt").descending() : Sort.by("createdAt");
          assertEquals(sellers.stream().sorted(descending ? BY_TIME.reversed() : BY_TIME).toList(),
              orders.findBySellerId(seller, sort), context + " " + sort);
          assertEquals(sellers.stream().sorted(BY_TIME).toList(), orders.findBySellerId(seller, Sort.unsorted()),
              context + ", unsorted: key order");
        }
        case 1 -> {
          try (Stream<Order> found = orders.streamBySellerId(seller, Sort.by("createdAt").descending(),
              Limit.of(limit))) {
            assertEquals(sellers.stream().sorted(BY_TIME.reversed()).limit(limit).toList(), found.toList(), context);
          }
        }
        case 2 -> {
          List<Order> five = sellers.stream().sorted(BY_TIME).limit(5).toList();
          assertEquals(five.subList(0, Math.min(limit, five.size())), orders.findTop5BySellerId(seller,
              Limit.of(limit)), context + ", limit " + limit);
          assertEquals(five, orders.findTop5BySellerId(seller, Limit.unlimited()), context);
        }
        case 3 -> {
          List<String> numbers = new ArrayList<>();
          for (int i = 0; i < 20; i++) {
            numbers.add("order-" + random.nextInt(320));
          }
          List<Order> got = numbers.stream().distinct().map(model::get).filter(o -> o != null).toList();
          boolean descending = random.nextBoolean();
          // equal amounts keep key order, also in a descending sort
          List<Order> expected = new ArrayList<>(got.stream().filter(o -> o.amount() != null)
              .sorted(descending ? AMOUNT_DESCENDING : BY_AMOUNT).toList());
          got.stream().filter(o -> o.amount() == null).sorted(Comparator.comparing(Order::orderNo))
              .forEach(expected::add); // nulls last either way, then by key
          assertEquals(expected, orders.findByOrderNoIn(numbers, descending ? Sort.by("amount").descending()
              : Sort.by("amount")), context + " (gets, sorted in memory)");
        }
        default -> assertEquals(model.values().stream().filter(o -> buyer.equals(o.buyerId())).sorted(BY_TIME.reversed())
                .limit(limit).map(o -> new OrderLine(o.orderNo(), o.createdAt(), o.amount())).toList(),
            orders.findByBuyerId(buyer, Limit.of(limit), Sort.by("createdAt").descending()), context);
      }
    }
  }

  @Test
  void explainNamesOneOfTwoOverloadsByItsSignatureAndRefusesTheAmbiguousNameListingThem(Rowan rowan) {
    rowan.schema().create(Order.class);
    OverloadedOrders orders = rowan.repository(OverloadedOrders.class);
    assertTrue(orders.explain("findTop5BySellerId(String, Limit)").contains("  limit: from the Limit parameter"),
        "the overload with a Limit");
    assertTrue(!orders.explain("findTop5BySellerId(String)").contains("from the Limit parameter"),
        "the overload without");
    IllegalArgumentException ambiguous = assertThrows(IllegalArgumentException.class,
        () -> orders.explain("findTop5BySellerId"));
    assertEquals("OverloadedOrders declares 2 query methods named 'findTop5BySellerId': findTop5BySellerId(String),"
        + " findTop5BySellerId(String, Limit); name one by its signature, as in"
        + " explain(\"findTop5BySellerId(String)\")", ambiguous.getMessage());
    assertTrue(orders.explain("streamBySellerId").startsWith("OverloadedOrders.streamBySellerId"));
  }

  @Test
  void aLimitOfZeroAsksForNoResultAsInSpringDataWhicheverWayItIsMade(Rowan rowan) {
    rowan.schema().create(Order.class);
    OverloadedOrders orders = rowan.repository(OverloadedOrders.class);
    Map<String, Order> model = new OrderFixtures(new Random(7)).saveOrders(orders, 20);
    String seller = model.values().stream().map(Order::sellerId).filter(java.util.Objects::nonNull).findFirst()
        .orElseThrow();
    assertEquals(new Limit(0), Limit.of(0));
    assertTrue(Limit.of(0).isLimited() && !Limit.unlimited().isLimited());
    assertEquals(List.of(), orders.findTop5BySellerId(seller, Limit.of(0)));
    assertEquals(List.of(), orders.findTop5BySellerId(seller, new Limit(0)));
    try (Stream<Order> none = orders.streamBySellerId(seller, Limit.of(0))) {
      assertEquals(List.of(), none.toList());
    }
    assertEquals(java.util.Optional.empty(), orders.findFirstBySellerId(seller, Limit.of(0)));
    assertEquals(1, orders.findTop5BySellerId(seller, Limit.of(1)).size());
    assertTrue(orders.findTop5BySellerId(seller, Limit.unlimited()).size() >= 1);
  }

  @Test
  void aSortThatWouldReadEveryMatchIntoMemoryIsRefusedAtTheCallNamingTheMethodAndTheKeyOrder(Rowan rowan) {
    rowan.schema().create(Order.class);
    SortedOrders orders = rowan.repository(SortedOrders.class);
    IllegalArgumentException amount = assertThrows(IllegalArgumentException.class,
        () -> orders.findBySellerId("seller-1", Sort.by("amount")));
    assertEquals("SortedOrders.findBySellerId: Sort [amount asc] would read every matching Order into memory to sort"
        + " them; view orders.seller [salt 4][sellerId][createdAt][orderNo] is read in the order of its key after"
        + " sellerId = ?1 (salt aside). Sort by the key's order, declare a view whose key serves this order, or"
        + " declare a method that names this order (OrderByAmountAsc), which sorts in memory",
        amount.getMessage());
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class,
        () -> orders.findBySellerId("seller-1", Sort.by("created")));
    assertTrue(unknown.getMessage().startsWith("SortedOrders.findBySellerId: cannot sort by 'created': Order has no"
        + " such property"), unknown.getMessage());
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> orders.findBySellerId("seller-1", null));
    assertTrue(none.getMessage().contains("Sort.unsorted()"), none.getMessage());
    String plan = orders.explain("streamBySellerId");
    assertTrue(plan.contains("  order: from the Sort parameter") && plan.contains("  limit: from the Limit parameter"),
        plan);
  }

  @Test
  void specialParametersAMethodCannotTakeAreRefusedWhenTheRepositoryIsCreated(Rowan rowan) {
    rowan.schema().create(Order.class);
    String message = assertThrows(QueryMethodException.class, () -> rowan.repository(WrongSortedOrders.class))
        .getMessage();
    for (String expected : List.of(
        "WrongSortedOrders.countBySellerId: a count method takes no Sort or Limit parameter",
        "WrongSortedOrders.findBySellerIdOrderByCreatedAt: its name orders by [createdAt] and it takes a Sort",
        "WrongSortedOrders.findByBuyerId: returns pages and takes a Sort",
        "WrongSortedOrders.findByOrderNo: takes two Limit parameters")) {
      assertTrue(message.contains(expected), expected + " in:\n" + message);
    }
  }

  @Test
  void aLimitIsPushedToEveryBucketsScan(Connection connection, TestNamespace namespace) {
    Reads reads = new Reads();
    try (Rowan rowan = Rowan.builder(CountsFromKeysIT.watched(connection, reads)).namespace(namespace.name())
        .build()) {
      rowan.schema().create(Order.class);
      SortedOrders orders = rowan.repository(SortedOrders.class);
      OrderFixtures fixtures = new OrderFixtures(new Random(3));
      List<Order> all = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        all.add(fixtures.order(i).withSeller("seller-x"));
      }
      orders.saveAll(all);
      reads.clear();
      try (Stream<Order> found = orders.streamBySellerId("seller-x", Sort.by("createdAt").descending(),
          Limit.of(3))) {
        assertEquals(all.stream().sorted(BY_TIME.reversed()).limit(3).toList(), found.toList());
      }
      assertTrue(reads.rows <= 12, "at most 3 rows of each of the 4 buckets cross the wire: " + reads.rows);
    }
  }
}
