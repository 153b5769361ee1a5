package dev.rowan.benchmarks;

import java.io.PrintStream;
import java.util.List;

/**
 * The table the read workloads share: {@code total} {@link SellerOrder}s in namespace
 * {@code query}, laid out as {@link BenchData} describes ({@code sellers} ordinary sellers and
 * {@code hot} orders of {@link BenchData#HOT}), written once as {@code saveAll} leaves them
 * ({@link SettledLoad}), then flushed and major-compacted.
 *
 * <p>Thread-safety: not thread-safe.
 */
final class QueryTable {

  static final String NAMESPACE = "query";

  final int total;
  final int sellers;
  final int hot;
  private final BenchmarkCluster cluster;
  private final PrintStream log;
  private boolean loaded;

  QueryTable(BenchmarkCluster cluster, PrintStream log, int total, int sellers, int hot) {
    if (hot >= total || sellers > total - hot) {
      throw new IllegalArgumentException("the query table needs more orders (" + total + ") than hot orders (" + hot
          + ") plus sellers (" + sellers + ")");
    }
    this.cluster = cluster;
    this.log = log;
    this.total = total;
    this.sellers = sellers;
    this.hot = hot;
  }

  /** The orders of every ordinary seller: at least this many. */
  int ordersPerSeller() {
    return (total - hot) / sellers;
  }

  void load(Clients timing, Clients counting) throws Exception {
    if (loaded) {
      return;
    }
    loaded = true;
    if (!SettledLoad.bySaveAll()) {
      SettledLoad.check(cluster, timing, SellerOrder.class, SellerOrder.Repository.class,
          BenchData.queryOrders(SellerOrder::new, 0, 2000, total, sellers, hot));
    }
    long began = System.nanoTime();
    SettledLoad.load(timing, NAMESPACE, SellerOrder.class, SellerOrder.Repository.class, total,
        (from, count) -> BenchData.queryOrders(SellerOrder::new, from, count, total, sellers, hot));
    double seconds = (System.nanoTime() - began) / 1e9;
    log.printf("  loaded %,d orders with 1 view %s in %.1f s (%,.0f orders/s); compacting%n", total,
        SettledLoad.bySaveAll() ? "by saveAll" : "settled", seconds, total / seconds);
    List<org.apache.hadoop.hbase.TableName> tables = timing.tables(NAMESPACE, SellerOrder.class);
    cluster.compact(timing.connection(), tables);
    BenchmarkCluster.relocate(counting.connection(), tables);
  }
}
