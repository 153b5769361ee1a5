package dev.rowan.benchmarks;

import dev.rowan.benchmarks.BenchData.SellerRange;
import java.util.HashSet;
import java.util.List;

/**
 * A seller's orders in a range of creation times, {@code matches} of them, asked three ways:
 * Rowan's query method {@code findBySellerBetween} (a range scan of the {@code seller} view), a
 * hand-written scan of the same view table with the same start and stop rows, and a hand-written
 * scan of the whole main table with {@code SingleColumnValueFilter}s on the seller and creation
 * time columns, the way the question is answered without a view.
 */
final class ViewQueryWorkload extends OpWorkload {

  private final QueryTable table;
  private final int matches;
  private final int count;
  private final int fullScans;

  ViewQueryWorkload(QueryTable table, int matches, int count, int fullScans) {
    super(
        String.format("findBySellerBetween, %,d of %,d orders", matches, table.total),
        "query",
        List.of("Rowan findBySellerBetween", "view scan", "full scan + filter"));
    if (matches < 1 || matches > table.hot) {
      throw new IllegalArgumentException(
          "a query can match 1 order, or up to the " + table.hot + " of the hot seller");
    }
    this.table = table;
    this.matches = matches;
    this.count = count;
    this.fullScans = fullScans;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    table.load(timing, counting);
  }

  @Override
  int count(int side) {
    return side == 2 ? fullScans : count;
  }

  @Override
  boolean interleaved(int side) {
    return side != 2; // the full scans run as blocks of their own, whatever their count
  }

  @Override
  int warmupCount(int side) {
    return side == 2 ? 1 : count;
  }

  @Override
  int countingOps(int side) {
    return side == 2 ? 1 : Math.min(count, 20);
  }

  private List<SellerRange> questions(int round, int count) {
    return BenchData.sellerRanges(
        2000L + round, count, matches, table.sellers, table.ordersPerSeller(), table.hot);
  }

  @Override
  void verify(Clients clients) throws Exception {
    SellerOrder.Repository orders =
        clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
    HandWritten<SellerOrder> hand = clients.hand(QueryTable.NAMESPACE, SellerOrder.class);
    for (SellerRange q : questions(Integer.MAX_VALUE, 2)) {
      List<SellerOrder> rowan = orders.findBySellerBetween(q.seller(), q.from(), q.to());
      check(
          rowan.size() == matches,
          "Rowan found " + rowan.size() + " orders, not " + matches + ", for " + q);
      check(
          rowan.equals(hand.viewRange("seller", q.seller(), q.from(), q.to())),
          "the view scans disagree for " + q);
      check(
          new HashSet<>(rowan)
              .equals(
                  new HashSet<>(
                      hand.fullScan("sellerId", q.seller(), "createdAt", q.from(), q.to()))),
          "the full scan disagrees for " + q);
    }
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<SellerRange> questions = questions(round, count);
    if (side == 0) {
      SellerOrder.Repository orders =
          clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
      return i -> {
        SellerRange q = questions.get(i);
        check(
            orders.findBySellerBetween(q.seller(), q.from(), q.to()).size() == matches,
            () -> "Rowan missed orders of " + q);
      };
    }
    HandWritten<SellerOrder> hand = clients.hand(QueryTable.NAMESPACE, SellerOrder.class);
    if (side == 1) {
      return i -> {
        SellerRange q = questions.get(i);
        check(
            hand.viewRange("seller", q.seller(), q.from(), q.to()).size() == matches,
            () -> "the view scan missed orders of " + q);
      };
    }
    return i -> {
      SellerRange q = questions.get(i);
      check(
          hand.fullScan("sellerId", q.seller(), "createdAt", q.from(), q.to()).size() == matches,
          () -> "the full scan missed orders of " + q);
    };
  }
}
