package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import java.util.List;

/**
 * Inserting new orders into empty tables: Rowan's {@code saveAll} (plain batched puts without
 * views; the verified write protocol with views) against hand-written {@code BufferedMutator}s
 * doing the minimal 1 + k puts per order. Each side writes into tables of its own namespace,
 * created empty before the warm-up; the n-th run of either side writes the same new orders.
 *
 * @param <T> the order type, which decides the number of views
 */
final class InsertWorkload<T> extends Workload {

  private static final String[] NAMESPACES = {"ins_rowan", "ins_hand"};

  private final Class<T> type;
  private final OrderFactory<T> factory;
  private final Class<? extends HBaseRepository<T>> repository;
  private final int orders;
  private final int warmup;
  private final int[] runs = new int[2];

  InsertWorkload(
      Class<T> type,
      OrderFactory<T> factory,
      Class<? extends HBaseRepository<T>> repository,
      int views,
      int orders,
      int warmup) {
    super(
        String.format("insert %,d orders, %d view%s", orders, views, views == 1 ? "" : "s"),
        "order",
        List.of("Rowan saveAll", "BufferedMutator"));
    this.type = type;
    this.factory = factory;
    this.repository = repository;
    this.orders = orders;
    this.warmup = warmup;
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
    return 2000;
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
  }

  @Override
  Run run(Clients clients, int side, int round, int count) throws Exception {
    String namespace = NAMESPACES[side];
    List<T> batch = BenchData.random(factory, "i" + runs[side]++, 0, count, 1000, round);
    if (side == 0) {
      HBaseRepository<T> orders = clients.repository(namespace, repository);
      return Run.whole(clients.rpcs(), count, () -> orders.saveAll(batch));
    }
    HandWritten<T> hand = clients.hand(namespace, type);
    return Run.whole(clients.rpcs(), count, () -> hand.insert(batch));
  }
}
