package dev.rowan.examples;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;

/**
 * What the demo's queries should answer, worked out from the generated orders themselves, so that
 * the console can show each answer next to the expected one.
 *
 * <p>Thread-safety: immutable.
 *
 * @param orders how many orders there are
 * @param newest the newest order; stored once the load has finished
 * @param seller the busiest seller
 * @param sellerOrders how many orders the busiest seller has
 * @param month the month the seller query asks about
 * @param sellerOrdersInMonth how many of the seller's orders fall in {@code month}
 * @param buyer the buyer with the most orders (the lowest number among equals)
 * @param buyerOrders how many orders that buyer has
 * @param sampleOrderNo an order number to look up
 */
record DataSetFacts(
    int orders,
    Order newest,
    String seller,
    long sellerOrders,
    YearMonth month,
    long sellerOrdersInMonth,
    String buyer,
    long buyerOrders,
    String sampleOrderNo) {

  static final YearMonth MONTH = YearMonth.of(2025, 3);

  /** The number of the newest order. */
  String lastOrderNo() {
    return newest.orderNo();
  }

  /** The first instant of the month asked about. */
  Instant monthStart() {
    return month.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
  }

  /** The last millisecond of the month asked about ({@code Between} is inclusive). */
  Instant monthEnd() {
    return month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC).minusMillis(1);
  }

  static DataSetFacts of(OrderGenerator generator) {
    String seller = OrderGenerator.sellerId(1);
    Instant from = MONTH.atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    Instant to = MONTH.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
    long[] sellerCounts = new long[2];
    Map<String, Integer> buyers = new HashMap<>();
    Order[] newest = new Order[1];
    generator.forEach(
        order -> {
          newest[0] = order;
          if (order.sellerId().equals(seller)) {
            sellerCounts[0]++;
            if (!order.createdAt().isBefore(from) && order.createdAt().isBefore(to)) {
              sellerCounts[1]++;
            }
          }
          buyers.merge(order.buyerId(), 1, Integer::sum);
        });
    Map.Entry<String, Integer> busiest =
        buyers.entrySet().stream()
            .max(
                Map.Entry.<String, Integer>comparingByValue()
                    .thenComparing(Map.Entry.<String, Integer>comparingByKey().reversed()))
            .orElseThrow();
    int count = generator.count();
    return new DataSetFacts(
        count,
        newest[0],
        seller,
        sellerCounts[0],
        MONTH,
        sellerCounts[1],
        busiest.getKey(),
        busiest.getValue(),
        OrderGenerator.orderNo(Math.max(1, count * 2 / 3)));
  }
}
