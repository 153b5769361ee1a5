package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import java.io.PrintStream;
import java.util.List;

/**
 * The table the read workloads share: {@code total} {@link SellerOrder}s in namespace {@code
 * query}, laid out as {@link BenchData} describes ({@code sellers} ordinary sellers and {@code hot}
 * orders of {@link BenchData#HOT}), written once as {@code saveAll} leaves them ({@link
 * SettledLoad}), then flushed and major-compacted; or the same layout of another entity in another
 * namespace ({@link #of}).
 *
 * <p>Thread-safety: not thread-safe.
 */
final class QueryTable {

  static final String NAMESPACE = "query";

  /** The entity a query table holds: its class, its repository and how its orders are made. */
  record Entity<T>(
      Class<T> type, Class<? extends HBaseRepository<T>> repository, OrderFactory<T> factory) {}

  final int total;
  final int sellers;
  final int hot;
  final String namespace;
  final Entity<?> entity;
  private final BenchmarkCluster cluster;
  private final PrintStream log;
  private boolean loaded;

  /** The shared table of {@link SellerOrder}s in namespace {@value #NAMESPACE}. */
  QueryTable(BenchmarkCluster cluster, PrintStream log, int total, int sellers, int hot) {
    this(
        cluster,
        log,
        NAMESPACE,
        new Entity<>(SellerOrder.class, SellerOrder.Repository.class, SellerOrder::new),
        total,
        sellers,
        hot);
  }

  /** A table of {@code entity}'s orders in {@code namespace}, laid out as the shared one. */
  static QueryTable of(
      BenchmarkCluster cluster,
      PrintStream log,
      String namespace,
      Entity<?> entity,
      int total,
      int sellers,
      int hot) {
    return new QueryTable(cluster, log, namespace, entity, total, sellers, hot);
  }

  private QueryTable(
      BenchmarkCluster cluster,
      PrintStream log,
      String namespace,
      Entity<?> entity,
      int total,
      int sellers,
      int hot) {
    if (hot >= total || sellers > total - hot) {
      throw new IllegalArgumentException(
          "the query table needs more orders ("
              + total
              + ") than hot orders ("
              + hot
              + ") plus sellers ("
              + sellers
              + ")");
    }
    this.cluster = cluster;
    this.log = log;
    this.namespace = namespace;
    this.entity = entity;
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
    check(timing, entity);
    long began = System.nanoTime();
    write(timing, entity);
    double seconds = (System.nanoTime() - began) / 1e9;
    log.printf(
        "  loaded %,d %s with 1 view %s in %.1f s (%,.0f orders/s); compacting%n",
        total,
        entity.type().getSimpleName(),
        SettledLoad.bySaveAll() ? "by saveAll" : "settled",
        seconds,
        total / seconds);
    List<org.apache.hadoop.hbase.TableName> tables = timing.tables(namespace, entity.type());
    cluster.compact(timing.connection(), tables);
    BenchmarkCluster.relocate(counting.connection(), tables);
  }

  /** Checks that the load writes what {@code saveAll} would, unless the load is {@code saveAll}. */
  private <T> void check(Clients timing, Entity<T> entity) throws Exception {
    if (!SettledLoad.bySaveAll()) {
      SettledLoad.check(
          cluster,
          timing,
          entity.type(),
          entity.repository(),
          BenchData.queryOrders(entity.factory(), 0, 2000, total, sellers, hot));
    }
  }

  private <T> void write(Clients timing, Entity<T> entity) throws Exception {
    SettledLoad.load(
        timing,
        namespace,
        entity.type(),
        entity.repository(),
        total,
        (from, count) -> BenchData.queryOrders(entity.factory(), from, count, total, sellers, hot),
        0);
  }
}
