package dev.rowan.benchmarks;

import dev.rowan.benchmarks.BenchData.SellerRange;
import java.util.List;

/**
 * A seller's orders in a range of creation times, {@code matches} of them, asked for 2 of the
 * order's 6 columns: Rowan's {@code findAmountsBySellerBetween}, which returns a projection ({@link
 * SellerOrder.Amount}) and reads of each view row its status cell, write mark and amount (the
 * creation time is in the key), against Rowan's {@code findBySellerBetween}, which reads and
 * decodes whole rows into entities, and a hand-written scan of the same view range that reads and
 * decodes whole rows.
 */
final class ProjectionWorkload extends OpWorkload {

  private final QueryTable table;
  private final int matches;
  private final int count;

  ProjectionWorkload(QueryTable table, int matches, int count) {
    super(
        String.format("projection of 2 of 6 columns, %,d of %,d orders", matches, table.total),
        "projection",
        List.of("Rowan projection", "Rowan whole entities", "hand-written view scan"));
    if (matches < 1 || matches > table.hot) {
      throw new IllegalArgumentException(
          "a query can match 1 order, or up to the " + table.hot + " of the hot seller");
    }
    this.table = table;
    this.matches = matches;
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

  private List<SellerRange> questions(int round, int count) {
    return BenchData.sellerRanges(
        3000L + round, count, matches, table.sellers, table.ordersPerSeller(), table.hot);
  }

  @Override
  void verify(Clients clients) throws Exception {
    SellerOrder.Repository orders =
        clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
    for (SellerRange q : questions(Integer.MAX_VALUE, 2)) {
      List<SellerOrder.Amount> amounts =
          orders.findAmountsBySellerBetween(q.seller(), q.from(), q.to());
      List<SellerOrder.Amount> expected =
          orders.findBySellerBetween(q.seller(), q.from(), q.to()).stream()
              .map(o -> new SellerOrder.Amount(o.createdAt(), o.amount()))
              .toList();
      check(
          amounts.size() == matches,
          "Rowan's projection found " + amounts.size() + " orders, not " + matches);
      check(amounts.equals(expected), "the projection disagrees with the entities for " + q);
    }
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<SellerRange> questions = questions(round, count);
    SellerOrder.Repository orders =
        clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
    if (side == 0) {
      return i -> {
        SellerRange q = questions.get(i);
        check(
            orders.findAmountsBySellerBetween(q.seller(), q.from(), q.to()).size() == matches,
            () -> "Rowan's projection missed orders of " + q);
      };
    }
    if (side == 1) {
      return i -> {
        SellerRange q = questions.get(i);
        check(
            orders.findBySellerBetween(q.seller(), q.from(), q.to()).size() == matches,
            () -> "Rowan missed orders of " + q);
      };
    }
    HandWritten<SellerOrder> hand = clients.hand(QueryTable.NAMESPACE, SellerOrder.class);
    return i -> {
      SellerRange q = questions.get(i);
      check(
          hand.viewRange("seller", q.seller(), q.from(), q.to()).size() == matches,
          () -> "the view scan missed orders of " + q);
    };
  }
}
