package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.Phoenix;
import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;

/**
 * The tables the read workloads of the Phoenix comparison share, with the same {@code total} orders
 * laid out as {@link BenchData} describes ({@code sellers} ordinary sellers and {@code hot} orders
 * of {@link BenchData#HOT}): Rowan's {@link TwoViewOrder} tables in namespace {@code pquery},
 * written as {@code saveAll} leaves them ({@link SettledLoad}) and read by Rowan and the
 * hand-written code, and Phoenix's table {@code PQUERY} with its two indexes, written by upserts.
 * All are then flushed and major-compacted; Phoenix's plans of the three queries are checked to use
 * the index (or the row key) and kept for the report.
 *
 * <p>Thread-safety: not thread-safe.
 */
final class PhoenixQueryTable {

  static final String NAMESPACE = "pquery";

  final int total;
  final int sellers;
  final int hot;
  private final BenchmarkCluster cluster;
  private final Phoenix phoenix;
  private final PrintStream log;
  private final List<String> plans = new ArrayList<>();
  private boolean loaded;

  PhoenixQueryTable(
      BenchmarkCluster cluster, Phoenix phoenix, PrintStream log, int total, int sellers, int hot) {
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
    this.phoenix = phoenix;
    this.log = log;
    this.total = total;
    this.sellers = sellers;
    this.hot = hot;
  }

  /** The orders of every ordinary seller: at least this many. */
  int ordersPerSeller() {
    return (total - hot) / sellers;
  }

  /** Phoenix's table. */
  PhoenixOrders phoenix() {
    return phoenix.orders("PQUERY", true);
  }

  /** Phoenix's plans of the range, top-10 and key queries, once loaded. */
  List<String> plans() {
    return plans;
  }

  /** Adds a plan of Phoenix's to {@link #plans}, once. */
  void addPlan(String plan) {
    if (!plans.contains(plan)) {
      plans.add(plan);
    }
  }

  void load(Clients timing, Clients counting) throws Exception {
    if (loaded) {
      return;
    }
    loaded = true;
    if (!SettledLoad.bySaveAll()) {
      SettledLoad.check(
          cluster,
          timing,
          TwoViewOrder.class,
          TwoViewOrder.Repository.class,
          BenchData.queryOrders(TwoViewOrder::new, 0, 2000, total, sellers, hot));
    }
    long began = System.nanoTime();
    SettledLoad.load(
        timing, NAMESPACE, TwoViewOrder.class, TwoViewOrder.Repository.class, total, this::orders);
    log.printf(
        "  loaded %,d orders with 2 views %s in %.1f s%n",
        total,
        SettledLoad.bySaveAll() ? "by saveAll" : "settled",
        (System.nanoTime() - began) / 1e9);
    began = System.nanoTime();
    PhoenixOrders table = phoenix();
    table.create();
    for (int from = 0; from < total; from += 10_000) {
      table.upsertAll(orders(from, Math.min(10_000, total - from)));
    }
    double seconds = (System.nanoTime() - began) / 1e9;
    log.printf(
        "  upserted them into Phoenix with 2 indexes in %.1f s (%,.0f orders/s); compacting%n",
        seconds, total / seconds);
    List<TableName> rowan = timing.tables(NAMESPACE, TwoViewOrder.class);
    List<TableName> all = new ArrayList<>(rowan);
    table.hbaseTables().forEach(name -> all.add(TableName.valueOf(name)));
    cluster.compact(timing.connection(), all);
    BenchmarkCluster.relocate(counting.connection(), rowan);
    explain(table);
  }

  private List<TwoViewOrder> orders(int from, int count) {
    return BenchData.queryOrders(TwoViewOrder::new, from, count, total, sellers, hot);
  }

  private void explain(PhoenixOrders table) throws Exception {
    plans.addAll(
        table.explain(
            BenchData.HOT,
            BenchData.hotCreatedAt(0),
            BenchData.hotCreatedAt(49),
            BenchData.orderNo("q", 0)));
    Workload.check(
        plans.get(0).contains("OVER " + table.table() + "_SELLER"),
        "Phoenix does not use its seller index for the range query:\n" + plans.get(0));
    Workload.check(
        plans.get(1).contains("OVER " + table.table() + "_SELLER"),
        "Phoenix does not use its seller index for the top-10 query:\n" + plans.get(1));
    Workload.check(
        plans.get(2).contains("POINT LOOKUP ON 1 KEY OVER " + table.table()),
        "Phoenix does not read one row by key:\n" + plans.get(2));
    log.println("  Phoenix's plans:");
    plans.forEach(log::print);
  }
}
