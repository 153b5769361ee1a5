package dev.rowan.benchmarks;

import java.util.List;
import java.util.stream.Stream;

/**
 * How many orders the hot seller has ({@code query.hot} of them), asked three ways: Rowan's {@code
 * countBySellerId} (a range scan of the full-copy {@code seller} view that reads each row's status
 * cell and write mark), a hand-written scan of the same view range that reads the first cell's key
 * of each row and no value, and Rowan's {@code streamBySellerId} counted, which reads and decodes
 * every row the way a count did before counts read keys only.
 */
final class CountWorkload extends OpWorkload {

  private final QueryTable table;
  private final int count;

  CountWorkload(QueryTable table, int count) {
    super(
        String.format("countBySellerId, %,d of %,d orders", table.hot, table.total),
        "count",
        List.of("Rowan countBySellerId", "key-only view scan", "Rowan stream counted"));
    this.table = table;
    this.count = count;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    table.load(timing, counting);
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return Math.min(count, 5);
  }

  @Override
  void verify(Clients clients) throws Exception {
    SellerOrder.Repository orders =
        clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
    HandWritten<SellerOrder> hand = clients.hand(QueryTable.NAMESPACE, SellerOrder.class);
    long rowan = orders.countBySellerId(BenchData.HOT);
    check(
        rowan == table.hot,
        "Rowan counted " + rowan + " orders of " + BenchData.HOT + ", not " + table.hot);
    check(hand.viewKeyCount("seller", BenchData.HOT) == rowan, "the key-only view scan disagrees");
    try (Stream<SellerOrder> all = orders.streamBySellerId(BenchData.HOT)) {
      check(all.count() == rowan, "the stream disagrees");
    }
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    SellerOrder.Repository orders =
        clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
    if (side == 0) {
      return i ->
          check(orders.countBySellerId(BenchData.HOT) == table.hot, () -> "Rowan miscounted");
    }
    if (side == 1) {
      HandWritten<SellerOrder> hand = clients.hand(QueryTable.NAMESPACE, SellerOrder.class);
      return i ->
          check(
              hand.viewKeyCount("seller", BenchData.HOT) == table.hot,
              () -> "the view scan miscounted");
    }
    return i -> {
      try (Stream<SellerOrder> all = orders.streamBySellerId(BenchData.HOT)) {
        check(all.count() == table.hot, () -> "the stream miscounted");
      }
    };
  }
}
