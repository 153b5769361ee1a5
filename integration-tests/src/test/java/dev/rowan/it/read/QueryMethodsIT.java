package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.it.Order;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/** The query methods of the contract against a real HBase: answers, plans, refusals, bad input. */
@HBaseTest
class QueryMethodsIT {

  private static final Instant T0 = Instant.ofEpochSecond(1_700_000_000L);

  private static Order order(int number, String seller, String buyer, int minutes, String amount) {
    return new Order("o-" + number, seller, buyer, T0.plusSeconds(60L * minutes), new BigDecimal(amount), null);
  }

  private static List<String> numbers(List<Order> orders) {
    return orders.stream().map(Order::orderNo).toList();
  }

  private static OrderQueries ordersWithData(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderQueries orders = rowan.repository(OrderQueries.class);
    orders.saveAll(List.of(
        order(1, "host1", "b1", 10, "5.00"),
        order(2, "host1", "b2", 20, "7.50"),
        order(3, "host12", "b1", 15, "1.00"),
        order(4, "host1", "b1", 30, "2.25"),
        order(5, "host2", "b3", 40, "9.99")));
    return orders;
  }

  @Test
  void answersTheContractsQueriesFromTheRightViews(Rowan rowan) {
    OrderQueries orders = ordersWithData(rowan);
    assertEquals(List.of("o-1", "o-2"), numbers(orders.findBySellerBetween("host1", T0, T0.plusSeconds(60 * 20))),
        "inclusive at both ends, never host12's orders, in time order");
    assertEquals(List.of("o-2", "o-4"),
        numbers(orders.findBySellerIdAndCreatedAtBetween("host1", T0.plusSeconds(60 * 11), T0.plusSeconds(3600))));
    try (Stream<Order> stream = orders.findByBuyerOrderByCreatedAtDesc("b1")) {
      assertEquals(List.of("o-4", "o-3", "o-1"), numbers(stream.toList()));
    }
    assertEquals("host2", orders.findByOrderNo("o-5").map(Order::sellerId).orElseThrow());
    assertEquals(Optional.empty(), orders.findByOrderNo("o-9"));
    assertEquals(List.of("o-4", "o-2", "o-1"), numbers(orders.findTop10BySellerIdOrderByCreatedAtDesc("host1")));
    assertEquals(3, orders.countBySellerId("host1"));
    assertTrue(orders.existsByOrderNo("o-3"));
    assertFalse(orders.existsByOrderNo("o-33"));
    assertEquals(List.of("o-2", "o-1", "o-4"), numbers(orders.findBySellerIdOrderByAmountDesc("host1")));
    assertEquals(List.of("o-2"), numbers(orders.findBySellerIdAndAmountGreaterThan("host1", new BigDecimal("5"))));
    assertEquals(List.of("o-1", "o-5"), numbers(orders.findByOrderNoIn(List.of("o-5", "o-1", "o-7"))).stream().sorted().toList());
  }

  @Test
  void pagesContinueFromTheLastKeyUntilTheEnd(Rowan rowan) {
    OrderQueries orders = ordersWithData(rowan);
    Page<Order> first = orders.findByBuyerIdAndCreatedAtAfter("b1", T0, PageRequest.of(2));
    assertEquals(List.of("o-1", "o-3"), numbers(first.content()));
    assertTrue(first.hasNext());
    Page<Order> second = orders.findByBuyerIdAndCreatedAtAfter("b1", T0, first.next());
    assertEquals(List.of("o-4"), numbers(second.content()));
    assertFalse(second.hasNext());
    assertNull(second.next());
  }

  @Test
  void deletesWhatAQueryFindsWithItsViewRows(Rowan rowan) {
    OrderQueries orders = ordersWithData(rowan);
    assertEquals(3, orders.deleteByBuyerId("b1"));
    assertEquals(List.of("o-2"), numbers(orders.findTop10BySellerIdOrderByCreatedAtDesc("host1")));
    try (Stream<Order> left = orders.streamBySellerId("host12")) {
      assertEquals(List.of(), left.toList());
    }
  }

  @Test
  void explainsWhichViewAndWhy(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderQueries orders = rowan.repository(OrderQueries.class);
    String plan = orders.explain("findBySellerBetween");
    assertTrue(plan.contains("reads view orders.seller [salt 4][sellerId][createdAt][orderNo]"), plan);
    assertTrue(plan.contains("range scan on [sellerId = ?1, createdAt between ?2 and ?3]"), plan);
    assertTrue(plan.contains("one range per salt bucket (4 buckets)"), plan);
    assertTrue(plan.contains("second read: no, the view carries every column"), plan);
    String byNumber = orders.explain("findByOrderNo");
    assertTrue(byNumber.contains("reads table orders") && byNumber.contains("get on [orderNo = ?1]"), byNumber);
    String top = orders.explain("findTop10BySellerIdOrderByCreatedAtDesc");
    assertTrue(top.contains("reversed range scan") && top.contains("limit: 10"), top);
    String byBuyer = orders.explain("findByBuyerIdAndCreatedAtAfter");
    assertTrue(byBuyer.contains("view orders.buyer") && byBuyer.contains("second read: yes"), byBuyer);
    IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> orders.explain("findByNothing"));
    assertTrue(unknown.getMessage().contains("findByNothing"), unknown.getMessage());
  }

  /** A hook that, while {@code crash} is set, kills each write before its main rows. */
  private static ProtocolHook dyingBeforeMainWrites(AtomicBoolean crash) {
    return (step, table, keys) -> {
      if (crash.get() && step == ProtocolHook.Step.BEFORE_MAIN_WRITE) {
        throw new IllegalStateException("the writer dies before its main rows");
      }
    };
  }

  @Test
  void aFilterPushedToAViewLetsUnverifiedRowsThroughToBeChecked(Connection connection, TestNamespace namespace) {
    AtomicBoolean crash = new AtomicBoolean();
    ProtocolHook hook = dyingBeforeMainWrites(crash);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(hook).build()) {
      rowan.schema().create(Trade.class);
      TradeQueries trades = rowan.repository(TradeQueries.class);
      Trade trade = new Trade("t-1", "acct-1", T0, "ABC", 10);
      trades.save(trade);
      assertTrue(trades.explain("findByAccountAndSymbol").contains("filtered on the region servers: [symbol = ?2]"));
      crash.set(true);
      assertThrows(IllegalStateException.class, () -> trades.save(new Trade("t-1", "acct-1", T0, "XYZ", 10)));
      crash.set(false);
      assertEquals(List.of(trade), trades.findByAccountAndSymbol("acct-1", "ABC"),
          "the view row says XYZ, unverified; the main row still says ABC");
      assertEquals(List.of(), trades.findByAccountAndSymbol("acct-1", "XYZ"));
    }
  }

  @Test
  void aTopQueryReadsOnWhenTheRowsWithinItsLimitAreStale(Connection connection, TestNamespace namespace) {
    AtomicBoolean crash = new AtomicBoolean();
    ProtocolHook hook = dyingBeforeMainWrites(crash);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(hook).build()) {
      rowan.schema().create(Order.class);
      OrderQueries orders = rowan.repository(OrderQueries.class);
      List<Order> kept = IntStream.range(0, 12).mapToObj(i -> order(100 + i, "s", "b1", i, "1.00")).toList();
      List<Order> moving = IntStream.range(0, 80).mapToObj(i -> order(200 + i, "x", "b1", 100 + i, "1.00")).toList();
      orders.saveAll(kept);
      orders.saveAll(moving);
      crash.set(true);
      assertThrows(IllegalStateException.class,
          () -> orders.saveAll(moving.stream().map(o -> o.withSeller("s")).toList()));
      crash.set(false);
      // Seller s's view now starts, newest first, with 80 unverified rows of orders that are
      // still seller x's, about 20 in each of the 4 buckets: more than the 10 each bucket scan
      // is limited to, so the scans must read on past them.
      List<Order> newestFirst = new ArrayList<>(kept);
      Collections.reverse(newestFirst);
      assertEquals(numbers(newestFirst.subList(0, 10)), numbers(orders.findTop10BySellerIdOrderByCreatedAtDesc("s")));
      List<Order> moved = new ArrayList<>(moving);
      Collections.reverse(moved);
      assertEquals(numbers(moved.subList(0, 10)), numbers(orders.findTop10BySellerIdOrderByCreatedAtDesc("x")));
    }
  }

  interface FullScans extends HBaseRepository<Order> {
    List<Order> findByNote(String note);

    List<Order> findByAmountGreaterThan(BigDecimal amount);

    List<Order> findBySellerIdAndColour(String seller, String colour);

    List<Order> findBySellerIdStartingWith(Integer prefix);
  }

  @Test
  void refusesEveryMethodThatCannotBeServedAtOnce(Rowan rowan) {
    QueryMethodException refused = assertThrows(QueryMethodException.class, () -> rowan.repository(FullScans.class));
    assertEquals(4, refused.problems().size(), refused.getMessage());
    String message = refused.getMessage();
    assertTrue(message.contains("FullScans.findByNote would read the whole table orders"), message);
    assertTrue(message.contains("@Index(name = \"byNote\", key = {\"note\"})"), message);
    assertTrue(message.contains("@AllowScan"), message);
    assertTrue(message.contains("findBySellerIdAndColour") && message.contains("colour"), message);
    assertTrue(message.contains("findBySellerIdStartingWith"), message);
  }

  @Test
  void refusesBadArgumentsNamingTheMethod(Rowan rowan) {
    OrderQueries orders = ordersWithData(rowan);
    IllegalArgumentException reversed = assertThrows(IllegalArgumentException.class,
        () -> orders.findBySellerBetween("host1", T0.plusSeconds(60), T0));
    assertTrue(reversed.getMessage().contains("OrderQueries.findBySellerBetween"), reversed.getMessage());
    IllegalArgumentException nullArgument = assertThrows(IllegalArgumentException.class, () -> orders.countBySellerId(null));
    assertTrue(nullArgument.getMessage().contains("countBySellerId") && nullArgument.getMessage().contains("null"));
    assertThrows(IllegalArgumentException.class, () -> orders.findByOrderNoIn(List.of()));
    Page<Order> page = orders.findByBuyerIdAndCreatedAtAfter("b1", T0, PageRequest.of(1));
    IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class,
        () -> rowan.repository(TradeQueries.class).findByAccountAndAtAfter("a", T0, page.next()));
    assertTrue(foreign.getMessage().contains("continuation"), foreign.getMessage());
  }
}
