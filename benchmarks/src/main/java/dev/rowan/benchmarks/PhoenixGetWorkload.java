package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Reading one order by its number at random keys of the query table: Rowan's {@code findByKey},
 * {@code Table.get}, and Phoenix's prepared {@code SELECT ... WHERE ORDER_NO = ?}, a point lookup.
 */
final class PhoenixGetWorkload extends PhoenixReadWorkload {

  PhoenixGetWorkload(PhoenixQueryTable table, int count) {
    super(
        "get 1 order by key",
        "get",
        List.of("Rowan findByKey", "Table.get", "Phoenix SELECT by key"),
        table,
        count,
        50);
  }

  private List<String> keys(int round, int count) {
    SplittableRandom random = new SplittableRandom(6000L + round);
    List<String> keys = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      keys.add(BenchData.orderNo("q", random.nextInt(table.total)));
    }
    return keys;
  }

  @Override
  void verify(Clients clients) throws Exception {
    TwoViewOrder.Repository orders =
        clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
    HandWritten<TwoViewOrder> hand = clients.hand(PhoenixQueryTable.NAMESPACE, TwoViewOrder.class);
    for (String key : keys(Integer.MAX_VALUE, 5)) {
      TwoViewOrder rowan = orders.findByKey(key).orElseThrow();
      check(rowan.equals(hand.get(key)), "the two gets disagree on " + key);
      TwoViewOrder phoenix = table.phoenix().get(key);
      check(Objects.equals(rowan, phoenix), () -> "Phoenix reads " + phoenix + ", Rowan " + rowan);
    }
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<String> keys = keys(round, count);
    if (side == 0) {
      TwoViewOrder.Repository orders =
          clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
      return i ->
          check(
              orders.findByKey(keys.get(i)).isPresent(),
              () -> "Rowan found no order " + keys.get(i));
    }
    if (side == 1) {
      HandWritten<TwoViewOrder> hand =
          clients.hand(PhoenixQueryTable.NAMESPACE, TwoViewOrder.class);
      return i -> check(hand.get(keys.get(i)) != null, () -> "no order " + keys.get(i));
    }
    PhoenixOrders phoenix = table.phoenix();
    return i -> check(phoenix.get(keys.get(i)) != null, () -> "Phoenix found no " + keys.get(i));
  }
}
