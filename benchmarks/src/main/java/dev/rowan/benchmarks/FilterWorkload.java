package dev.rowan.benchmarks;

import java.util.List;

/**
 * The hot seller's orders of more than {@code quantity} items (about a tenth of its {@code
 * query.hot} orders), asked two ways through the same full-copy {@code seller} view: Rowan's {@code
 * findBySellerIdAndQuantityGreaterThan}, whose range on the {@code quantity} column goes to the
 * region servers as a filter (two byte ranges of its two's complement cells), and the same question
 * asked in code with the condition tested in the client ({@code rowan.query(...).filter(...)}), so
 * that every order of the seller crosses the wire.
 */
final class FilterWorkload extends OpWorkload {

  private static final long QUANTITY = 90;

  private final QueryTable table;
  private final int count;

  FilterWorkload(QueryTable table, int count) {
    super(
        String.format("quantity > %d among %,d orders of a seller", QUANTITY, table.hot),
        "filter",
        List.of("Rowan filter on the region servers", "Rowan filter in the client"));
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

  private static List<SellerOrder> inTheClient(Clients clients) {
    return clients
        .rowan(QueryTable.NAMESPACE)
        .query(SellerOrder.class)
        .where("sellerId", BenchData.HOT)
        .filter(o -> o.quantity() > QUANTITY)
        .list();
  }

  @Override
  void verify(Clients clients) throws Exception {
    SellerOrder.Repository orders =
        clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
    List<SellerOrder> pushed = orders.findBySellerIdAndQuantityGreaterThan(BenchData.HOT, QUANTITY);
    check(
        pushed.size() > table.hot / 20 && pushed.size() < table.hot / 5,
        "about a tenth of the hot orders match, not " + pushed.size());
    check(pushed.equals(inTheClient(clients)), "the two ways disagree");
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    SellerOrder.Repository orders =
        clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
    if (side == 0) {
      return i ->
          check(
              !orders.findBySellerIdAndQuantityGreaterThan(BenchData.HOT, QUANTITY).isEmpty(),
              () -> "Rowan found nothing");
    }
    return i -> check(!inTheClient(clients).isEmpty(), () -> "the client filter found nothing");
  }
}
