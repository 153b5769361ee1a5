package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.Phoenix;
import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import dev.rowan.core.HBaseRepository;
import java.util.List;

/**
 * Inserting new orders with no views or with two ({@code seller} and {@code buyer}): Rowan's {@code
 * saveAll}, hand-written {@code BufferedMutator}s (1 + k puts per order), and Phoenix upserts with
 * autocommit off and a commit every 1,000 rows into a table without indexes or with the two covered
 * global indexes. Each side writes into tables of its own, created empty before the warm-up; the
 * n-th run of every side writes the same new orders.
 *
 * @param <T> Rowan's order type: {@link PlainOrder} or {@link TwoViewOrder}
 */
final class PhoenixInsertWorkload<T> extends Workload {

  private static final String[] NAMESPACES = {"pin_rowan", "pin_hand"};

  private final Phoenix phoenix;
  private final Class<T> type;
  private final OrderFactory<T> factory;
  private final Class<? extends HBaseRepository<T>> repository;
  private final boolean indexed;
  private final int orders;
  private final int warmup;
  private final int[] runs = new int[3];

  private PhoenixInsertWorkload(
      Phoenix phoenix,
      Class<T> type,
      OrderFactory<T> factory,
      Class<? extends HBaseRepository<T>> repository,
      boolean indexed,
      int orders,
      int warmup) {
    super(
        String.format(
            "insert %,d orders, %s", orders, indexed ? "2 views / indexes" : "no views / indexes"),
        "order",
        List.of("Rowan saveAll", "BufferedMutator", "Phoenix upsert"));
    this.phoenix = phoenix;
    this.type = type;
    this.factory = factory;
    this.repository = repository;
    this.indexed = indexed;
    this.orders = orders;
    this.warmup = warmup;
  }

  /** Inserts without views or indexes. */
  static PhoenixInsertWorkload<PlainOrder> plain(Phoenix phoenix, int orders, int warmup) {
    return new PhoenixInsertWorkload<>(
        phoenix,
        PlainOrder.class,
        PlainOrder::new,
        PlainOrder.Repository.class,
        false,
        orders,
        warmup);
  }

  /** Inserts with two views (Rowan, hand-written) or two covered global indexes (Phoenix). */
  static PhoenixInsertWorkload<TwoViewOrder> indexed(Phoenix phoenix, int orders, int warmup) {
    return new PhoenixInsertWorkload<>(
        phoenix,
        TwoViewOrder.class,
        TwoViewOrder::new,
        TwoViewOrder.Repository.class,
        true,
        orders,
        warmup);
  }

  private PhoenixOrders phoenixTable() {
    return phoenix.orders(indexed ? "PIN_2" : "PIN_0", indexed);
  }

  @Override
  int count(int side) {
    return orders;
  }

  @Override
  int warmupCount(int side) {
    return warmup;
  }

  @Override
  int countingOps(int side) {
    return side == 2 ? 1 : 2000;
  }

  @Override
  int rpcUnit() {
    return 1000;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    for (String namespace : NAMESPACES) {
      timing.recreate(namespace, type);
      BenchmarkCluster.relocate(counting.connection(), timing.tables(namespace, type));
    }
    phoenixTable().create();
  }

  @Override
  Run run(Clients clients, int side, int round, int count) throws Exception {
    String set = "p" + runs[side]++;
    if (side == 2) {
      List<TwoViewOrder> batch = BenchData.random(TwoViewOrder::new, set, 0, count, 1000, round);
      PhoenixOrders table = phoenixTable();
      return Run.whole(null, count, () -> table.upsertAll(batch));
    }
    List<T> batch = BenchData.random(factory, set, 0, count, 1000, round);
    if (side == 0) {
      HBaseRepository<T> rowan = clients.repository(NAMESPACES[0], repository);
      return Run.whole(clients.rpcs(), count, () -> rowan.saveAll(batch));
    }
    HandWritten<T> hand = clients.hand(NAMESPACES[1], type);
    return Run.whole(clients.rpcs(), count, () -> hand.insert(batch));
  }
}
