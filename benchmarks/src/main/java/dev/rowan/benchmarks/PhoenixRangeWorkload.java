package dev.rowan.benchmarks;

import dev.rowan.benchmarks.BenchData.SellerRange;
import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.util.List;

/**
 * A seller's orders in a range of creation times, {@code matches} of them: Rowan's {@code
 * findBySellerBetween} (a range scan of the {@code seller} view), a hand-written scan of the same
 * view table, and Phoenix's prepared {@code SELECT ... WHERE SELLER = ? AND CREATED BETWEEN ? AND
 * ?}, served by its covered {@code SELLER} index. One order matches a range of one ordinary seller;
 * more, a range of {@link BenchData#HOT}'s orders.
 */
final class PhoenixRangeWorkload extends PhoenixReadWorkload {

  private final int matches;

  PhoenixRangeWorkload(PhoenixQueryTable table, int matches, int count) {
    super(
        String.format("seller and created between, %,d of %,d orders", matches, table.total),
        "query",
        List.of("Rowan findBySellerBetween", "view scan", "Phoenix SELECT on index"),
        table,
        count,
        Math.min(count, 20));
    if (matches < 1 || matches > table.hot) {
      throw new IllegalArgumentException(
          "a query can match 1 order, or up to the " + table.hot + " of the hot seller");
    }
    this.matches = matches;
  }

  private List<SellerRange> questions(int round, int count) {
    return BenchData.sellerRanges(
        4000L + round, count, matches, table.sellers, table.ordersPerSeller(), table.hot);
  }

  @Override
  void verify(Clients clients) throws Exception {
    TwoViewOrder.Repository orders =
        clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
    HandWritten<TwoViewOrder> hand = clients.hand(PhoenixQueryTable.NAMESPACE, TwoViewOrder.class);
    for (SellerRange q : questions(Integer.MAX_VALUE, 3)) {
      List<TwoViewOrder> rowan = orders.findBySellerBetween(q.seller(), q.from(), q.to());
      check(
          rowan.size() == matches,
          "Rowan found " + rowan.size() + " orders, not " + matches + ", for " + q);
      check(
          rowan.equals(hand.viewRange("seller", q.seller(), q.from(), q.to())),
          "the view scans disagree for " + q);
      List<TwoViewOrder> phoenix = table.phoenix().sellerBetween(q.seller(), q.from(), q.to());
      check(
          rowan.equals(phoenix),
          () -> "Phoenix disagrees for " + q + ": " + firstDifference(rowan, phoenix));
    }
  }

  /** The first order two answers disagree on, for the message of a failed check. */
  static String firstDifference(List<TwoViewOrder> rowan, List<TwoViewOrder> phoenix) {
    for (int i = 0; i < Math.min(rowan.size(), phoenix.size()); i++) {
      if (!rowan.get(i).equals(phoenix.get(i))) {
        return "Rowan " + rowan.get(i) + ", Phoenix " + phoenix.get(i);
      }
    }
    return rowan.size() + " orders against " + phoenix.size();
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<SellerRange> questions = questions(round, count);
    if (side == 0) {
      TwoViewOrder.Repository orders =
          clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
      return i -> {
        SellerRange q = questions.get(i);
        check(
            orders.findBySellerBetween(q.seller(), q.from(), q.to()).size() == matches,
            () -> "Rowan missed orders of " + q);
      };
    }
    if (side == 1) {
      HandWritten<TwoViewOrder> hand =
          clients.hand(PhoenixQueryTable.NAMESPACE, TwoViewOrder.class);
      return i -> {
        SellerRange q = questions.get(i);
        check(
            hand.viewRange("seller", q.seller(), q.from(), q.to()).size() == matches,
            () -> "the view scan missed orders of " + q);
      };
    }
    PhoenixOrders phoenix = table.phoenix();
    return i -> {
      SellerRange q = questions.get(i);
      check(
          phoenix.sellerBetween(q.seller(), q.from(), q.to()).size() == matches,
          () -> "Phoenix missed orders of " + q);
    };
  }
}
