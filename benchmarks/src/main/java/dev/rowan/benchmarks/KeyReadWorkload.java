package dev.rowan.benchmarks;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Reads by row key from the query table: one order ({@code findByKey} against {@code Table.get}) or
 * {@code batch} orders at once (the query method {@code findByOrderNoIn}, one multi-get, against
 * {@code Table.get(List<Get>)}), at random keys, the same for both sides in a round.
 */
final class KeyReadWorkload extends OpWorkload {

  private final QueryTable table;
  private final int batch;
  private final int count;

  KeyReadWorkload(QueryTable table, int batch, int count) {
    super(
        batch == 1 ? "get 1 order by key" : String.format("multi-get %d orders by key", batch),
        batch == 1 ? "get" : "multi-get",
        batch == 1
            ? List.of("Rowan findByKey", "Table.get")
            : List.of("Rowan findByOrderNoIn", "Table.get(List)"));
    this.table = table;
    this.batch = batch;
    this.count = count;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    table.load(timing, counting);
  }

  /** {@code count} lists of {@code batch} distinct keys, the same for both sides of a round. */
  private List<List<String>> keys(int round, int count) {
    SplittableRandom random = new SplittableRandom(1000L + round);
    List<List<String>> keys = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      Set<String> one = new LinkedHashSet<>();
      while (one.size() < batch) {
        one.add(BenchData.orderNo("q", random.nextInt(table.total)));
      }
      keys.add(new ArrayList<>(one));
    }
    return keys;
  }

  @Override
  void verify(Clients clients) throws Exception {
    SellerOrder.Repository orders =
        clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
    HandWritten<SellerOrder> hand = clients.hand(QueryTable.NAMESPACE, SellerOrder.class);
    for (List<String> one : keys(Integer.MAX_VALUE, 5)) {
      check(
          orders.findByKey(one.get(0)).orElseThrow().equals(hand.get(one.get(0))),
          "the two reads disagree");
      check(
          new HashSet<>(orders.findByOrderNoIn(one)).equals(new HashSet<>(hand.multiGet(one))),
          "the two multi-gets disagree");
    }
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return 50;
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<List<String>> keys = keys(round, count);
    if (side == 0) {
      SellerOrder.Repository orders =
          clients.repository(QueryTable.NAMESPACE, SellerOrder.Repository.class);
      if (batch == 1) {
        return i -> {
          Optional<SellerOrder> found = orders.findByKey(keys.get(i).get(0));
          check(found.isPresent(), () -> "Rowan found no order " + keys.get(i).get(0));
        };
      }
      return i -> {
        List<SellerOrder> found = orders.findByOrderNoIn(keys.get(i));
        check(found.size() == batch, () -> "Rowan found " + found.size() + " orders of " + batch);
      };
    }
    HandWritten<SellerOrder> hand = clients.hand(QueryTable.NAMESPACE, SellerOrder.class);
    if (batch == 1) {
      return i ->
          check(hand.get(keys.get(i).get(0)) != null, () -> "no order " + keys.get(i).get(0));
    }
    return i -> check(hand.multiGet(keys.get(i)).size() == batch, "a multi-get missed orders");
  }
}
