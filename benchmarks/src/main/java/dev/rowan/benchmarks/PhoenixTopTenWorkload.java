package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seller's ten newest orders from the unsalted {@code seller} view (index): Rowan's {@code
 * findTop10BySellerIdOrderByCreatedAtDesc}, one hand-written reversed scan of the view table
 * limited to 10 rows, and Phoenix's prepared {@code SELECT ... WHERE SELLER = ? ORDER BY CREATED
 * DESC LIMIT 10}, a reverse range scan of its covered {@code SELLER} index.
 */
final class PhoenixTopTenWorkload extends PhoenixReadWorkload {

  PhoenixTopTenWorkload(PhoenixQueryTable table, int count) {
    super(
        String.format("top 10 newest of a seller, %,d orders", table.total),
        "query",
        List.of("Rowan findTop10...", "reversed scan", "Phoenix ORDER BY ... LIMIT 10"),
        table,
        count,
        20);
  }

  private List<String> sellers(int round, int count) {
    SplittableRandom random = new SplittableRandom(5000L + round);
    List<String> chosen = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      chosen.add(BenchData.seller(random.nextInt(table.sellers)));
    }
    return chosen;
  }

  @Override
  void verify(Clients clients) throws Exception {
    TwoViewOrder.Repository orders =
        clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
    HandWritten<TwoViewOrder> hand = clients.hand(PhoenixQueryTable.NAMESPACE, TwoViewOrder.class);
    for (String seller : sellers(Integer.MAX_VALUE, 5)) {
      List<TwoViewOrder> rowan = orders.findTop10BySellerIdOrderByCreatedAtDesc(seller);
      check(rowan.size() == 10, "Rowan found " + rowan.size() + " orders of " + seller);
      check(
          rowan.equals(hand.newestInView("seller", seller, 10)),
          "the reversed scan disagrees on " + seller);
      List<TwoViewOrder> phoenix = table.phoenix().newest(seller);
      check(
          rowan.equals(phoenix),
          () ->
              "Phoenix disagrees on "
                  + seller
                  + ": "
                  + PhoenixRangeWorkload.firstDifference(rowan, phoenix));
    }
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) throws Exception {
    List<String> chosen = sellers(round, count);
    if (side == 0) {
      TwoViewOrder.Repository orders =
          clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
      return i ->
          check(
              orders.findTop10BySellerIdOrderByCreatedAtDesc(chosen.get(i)).size() == 10,
              "Rowan missed orders");
    }
    if (side == 1) {
      HandWritten<TwoViewOrder> hand =
          clients.hand(PhoenixQueryTable.NAMESPACE, TwoViewOrder.class);
      return i ->
          check(
              hand.newestInView("seller", chosen.get(i), 10).size() == 10,
              "the reversed scan missed orders");
    }
    PhoenixOrders phoenix = table.phoenix();
    return i -> check(phoenix.newest(chosen.get(i)).size() == 10, "Phoenix missed orders");
  }
}
