package dev.rowan.examples;

import java.io.PrintStream;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Step 3 of the demo: the questions a shop asks, each shown with its plan ({@code explain}), its
 * answer next to the answer expected from the generated data, its first rows, and its time (the
 * first call, which also finds the regions, and a second one).
 *
 * <p>Thread-safety: used by one thread.
 */
final class ShopQueries {

  private static final int SHOWN = 3;

  private final OrderRepository orders;
  private final PrintStream out;

  ShopQueries(OrderRepository orders, PrintStream out) {
    this.orders = orders;
    this.out = out;
  }

  void run(DataSetFacts facts) {
    show(
        "A seller's orders in a month",
        "findBySellerBetween",
        String.format(
            "findBySellerBetween(\"%s\", %s, %s)",
            facts.seller(), facts.monthStart(), facts.monthEnd()),
        () -> orders.findBySellerBetween(facts.seller(), facts.monthStart(), facts.monthEnd()),
        list -> count(list.size(), facts.sellerOrdersInMonth(), "orders"),
        list -> list);

    show(
        "A buyer's latest 10 orders",
        "findTop10ByBuyerIdOrderByCreatedAtDesc",
        String.format("findTop10ByBuyerIdOrderByCreatedAtDesc(\"%s\")", facts.buyer()),
        () -> orders.findTop10ByBuyerIdOrderByCreatedAtDesc(facts.buyer()),
        list ->
            count(list.size(), Math.min(10, facts.buyerOrders()), "orders")
                + String.format(" of the buyer's %,d", facts.buyerOrders()),
        list -> list);

    show(
        "An order by number",
        "findByOrderNo",
        String.format("findByOrderNo(\"%s\")", facts.sampleOrderNo()),
        () -> orders.findByOrderNo(facts.sampleOrderNo()),
        found -> count(found.isPresent() ? 1 : 0, 1, "order"),
        found -> found.stream().toList());

    show(
        "How many orders a seller has",
        "countBySellerId",
        String.format("countBySellerId(\"%s\")", facts.seller()),
        () -> orders.countBySellerId(facts.seller()),
        n -> count(n, facts.sellerOrders(), "orders"),
        n -> List.of());
  }

  private <R> void show(
      String title,
      String method,
      String call,
      Supplier<R> query,
      Function<R, String> answer,
      Function<R, List<Order>> rows) {
    out.println();
    out.println("== " + title + ": orders." + call);
    out.println(indent(orders.explain(method)));
    long began = System.nanoTime();
    R first = query.get();
    double cold = OrderLoader.seconds(began) * 1000;
    began = System.nanoTime();
    R again = query.get();
    double warm = OrderLoader.seconds(began) * 1000;
    out.printf(
        "  answer: %s, in %.1f ms (called again: %.1f ms)%n", answer.apply(first), cold, warm);
    rows.apply(again).stream().limit(SHOWN).forEach(order -> out.println("    " + order.line()));
  }

  private static String count(long actual, long expected, String what) {
    return String.format(
        "%,d %s (expected %,d%s)",
        actual, what, expected, actual == expected ? ", right" : ", WRONG");
  }

  private static String indent(String text) {
    return "    " + text.strip().replace("\n", "\n    ");
  }
}
