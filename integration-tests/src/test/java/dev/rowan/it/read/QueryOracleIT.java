package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.test.HBaseTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Random query calls against random data: every result equals a plain filter-and-sort of the
 * same entities in memory, over a salted table with a full-copy and a narrow view, and an
 * unsalted one with a descending view key.
 */
@HBaseTest
class QueryOracleIT {

  private static final Comparator<Order> BY_ORDER_NO = Comparator.comparing(Order::orderNo);
  private static final Comparator<Trade> BY_TRADE_NO = Comparator.comparing(Trade::tradeNo);

  @Test
  void randomOrderQueriesAnswerLikeAFilterOfTheTable(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("QueryOracleIT orders seed " + seed);
    Random random = new Random(seed);
    OrderFixtures fixtures = new OrderFixtures(random);
    rowan.schema().create(Order.class);
    OrderQueries orders = rowan.repository(OrderQueries.class);
    List<Order> all = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      all.add(fixtures.order(i));
    }
    orders.saveAll(all);
    for (int call = 0; call < 300; call++) {
      String seller = fixtures.seller();
      String buyer = fixtures.buyer();
      Instant from = instant(random);
      Instant to = from.plusSeconds(random.nextInt(400_000));
      String context = "call " + call + ", seed " + seed;
      switch (call % 10) {
        case 0 -> sameSet(all, o -> seller.equals(o.sellerId()) && within(o.createdAt(), from, to),
            orders.findBySellerBetween(seller, from, to), BY_ORDER_NO, context);
        case 1 -> sameSet(all, o -> seller.equals(o.sellerId()) && within(o.createdAt(), from, to),
            orders.findBySellerIdAndCreatedAtBetween(seller, from, to), BY_ORDER_NO, context);
        case 2 -> {
          List<Order> found;
          try (Stream<Order> stream = orders.findByBuyerOrderByCreatedAtDesc(buyer)) {
            found = stream.toList();
          }
          sortedPrefix(all, o -> buyer.equals(o.buyerId()), found, Comparator.comparing(Order::createdAt).reversed(),
              Integer.MAX_VALUE, Order::createdAt, context);
        }
        case 3 -> sortedPrefix(all, o -> seller.equals(o.sellerId()), orders.findTop10BySellerIdOrderByCreatedAtDesc(seller),
            Comparator.comparing(Order::createdAt).reversed(), 10, Order::createdAt, context);
        case 4 -> {
          List<Order> pages = new ArrayList<>();
          PageRequest request = PageRequest.of(1 + random.nextInt(7));
          while (request != null) {
            Page<Order> page = orders.findByBuyerIdAndCreatedAtAfter(buyer, from, request);
            assertTrue(page.content().size() <= request.size(), context);
            pages.addAll(page.content());
            request = page.next();
          }
          sortedPrefix(all, o -> buyer.equals(o.buyerId()) && o.createdAt().isAfter(from), pages,
              Comparator.comparing(Order::createdAt), Integer.MAX_VALUE, Order::createdAt, context);
        }
        case 5 -> {
          assertEquals(all.stream().filter(o -> seller.equals(o.sellerId())).count(), orders.countBySellerId(seller), context);
          String number = "order-" + random.nextInt(700);
          assertEquals(all.stream().anyMatch(o -> o.orderNo().equals(number)), orders.existsByOrderNo(number), context);
          assertEquals(all.stream().filter(o -> o.orderNo().equals(number)).findFirst(), orders.findByOrderNo(number), context);
        }
        case 6 -> {
          BigDecimal amount = BigDecimal.valueOf(random.nextInt(100_000), 2);
          sameSet(all, o -> seller.equals(o.sellerId()) && o.amount() != null && o.amount().compareTo(amount) > 0,
              orders.findBySellerIdAndAmountGreaterThan(seller, amount), BY_ORDER_NO, context);
        }
        case 7 -> {
          List<String> sellers = List.of(seller, fixtures.seller());
          sameSet(all, o -> sellers.contains(o.sellerId()) && o.createdAt().isBefore(to),
              orders.findBySellerIdInAndCreatedAtBefore(sellers, to), BY_ORDER_NO, context);
        }
        case 8 -> sameSet(all, o -> seller.equals(o.sellerId()) || buyer.equals(o.buyerId()),
            orders.findBySellerIdOrBuyerId(seller, buyer), BY_ORDER_NO, context);
        default -> sortedPrefix(all, o -> seller.equals(o.sellerId()), orders.findBySellerIdOrderByAmountDesc(seller),
            Comparator.comparing(Order::amount, Comparator.nullsLast(Comparator.<BigDecimal>naturalOrder().reversed())),
            Integer.MAX_VALUE, o -> o.amount() == null ? null : o.amount().stripTrailingZeros(), context);
      }
    }
  }

  @Test
  void randomTradeQueriesAnswerLikeAFilterOfTheTable(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("QueryOracleIT trades seed " + seed);
    Random random = new Random(seed);
    rowan.schema().create(Trade.class);
    TradeQueries trades = rowan.repository(TradeQueries.class);
    List<Trade> all = new ArrayList<>();
    for (int i = 0; i < 500; i++) {
      all.add(new Trade((random.nextInt(4) == 0 ? "u-" : "t-") + i, "acct-" + random.nextInt(10), instant(random),
          "SYM" + random.nextInt(6), random.nextInt(100) - 20));
    }
    trades.saveAll(all);
    for (int call = 0; call < 200; call++) {
      String account = "acct-" + random.nextInt(11);
      String symbol = "SYM" + random.nextInt(7);
      Instant from = instant(random);
      Instant to = from.plusSeconds(random.nextInt(400_000));
      long qty = random.nextInt(120) - 30;
      String context = "call " + call + ", seed " + seed;
      switch (call % 9) {
        case 0 -> sameSet(all, t -> account.equals(t.account()) && within(t.at(), from, to),
            trades.findByAccountAndAtBetween(account, from, to), BY_TRADE_NO, context);
        case 1 -> sortedPrefix(all, t -> account.equals(t.account()), trades.findTop5ByAccountOrderByAtDesc(account),
            Comparator.comparing(Trade::at).reversed(), 5, Trade::at, context);
        case 2 -> sortedPrefix(all, t -> account.equals(t.account()), trades.findTop5ByAccountOrderByAtAsc(account),
            Comparator.comparing(Trade::at), 5, Trade::at, context);
        case 3 -> sameSet(all, t -> symbol.equals(t.symbol()) && t.qty() >= qty,
            trades.findBySymbolAndQtyGreaterThanEqual(symbol, qty), BY_TRADE_NO, context);
        case 4 -> sameSet(all, t -> symbol.equals(t.symbol()) && t.qty() < qty,
            trades.findBySymbolAndQtyLessThan(symbol, qty), BY_TRADE_NO, context);
        case 5 -> assertEquals(all.stream().filter(t -> account.equals(t.account())).count(),
            trades.countByAccount(account), context);
        case 6 -> {
          List<Trade> pages = new ArrayList<>();
          PageRequest request = PageRequest.of(1 + random.nextInt(5));
          while (request != null) {
            Page<Trade> page = trades.findByAccountAndAtAfter(account, from, request);
            pages.addAll(page.content());
            request = page.next();
          }
          sortedPrefix(all, t -> account.equals(t.account()) && t.at().isAfter(from), pages,
              Comparator.comparing(Trade::at).reversed(), Integer.MAX_VALUE, Trade::at, context);
        }
        case 7 -> sameSet(all, t -> account.equals(t.account()) && symbol.equals(t.symbol()),
            trades.findByAccountAndSymbol(account, symbol), BY_TRADE_NO, context);
        default -> {
          String prefix = (random.nextBoolean() ? "u-" : "t-") + random.nextInt(50);
          sameSet(all, t -> t.tradeNo().startsWith(prefix), trades.findByTradeNoStartingWith(prefix), BY_TRADE_NO, context);
          sameSet(all, t -> t.qty() > qty, trades.findByQtyGreaterThan(qty), BY_TRADE_NO, context);
        }
      }
    }
  }

  private static Instant instant(Random random) {
    return Instant.ofEpochSecond(1_700_000_000L + random.nextInt(1_000_000));
  }

  private static boolean within(Instant at, Instant from, Instant to) {
    return !at.isBefore(from) && !at.isAfter(to);
  }

  private static <T> void sameSet(List<T> all, Predicate<T> query, List<T> found, Comparator<T> byKey, String context) {
    List<T> expected = all.stream().filter(query).sorted(byKey).toList();
    assertEquals(expected, found.stream().sorted(byKey).toList(), context);
  }

  /**
   * {@code found} holds the first {@code limit} entities of the query in {@code order}: the
   * sort values match those of the expected sequence (entities tied on them may come in either
   * order), and every entity found matches the query.
   */
  private static <T> void sortedPrefix(List<T> all, Predicate<T> query, List<T> found, Comparator<T> order, int limit,
      Function<T, Object> sortValue, String context) {
    List<T> expected = all.stream().filter(query).sorted(order).limit(limit).toList();
    assertEquals(expected.stream().map(sortValue).toList(), found.stream().map(sortValue).toList(), context);
    assertTrue(found.stream().allMatch(query), "every entity found matches, " + context);
    assertEquals(found.size(), found.stream().distinct().count(), "no entity twice, " + context);
  }

  static <T> List<T> list(Collection<T> items) {
    return new ArrayList<>(items);
  }
}
