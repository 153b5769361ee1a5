package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.Phoenix;
import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.PhoenixStatusOrders;
import dev.rowan.benchmarks.phoenix.SaltedTwoViewOrder;
import dev.rowan.benchmarks.phoenix.StatusOrder;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import dev.rowan.core.HBaseRepository;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import org.apache.hadoop.hbase.TableName;

/**
 * The tables the read workloads of the Phoenix comparison share, with the same {@code total} orders
 * laid out as {@link BenchData} describes ({@code sellers} ordinary sellers and {@code hot} orders
 * of {@link BenchData#HOT}): Rowan's {@link TwoViewOrder} tables in namespace {@code pquery},
 * written as {@code saveAll} leaves them ({@link SettledLoad}) and read by Rowan and the
 * hand-written code, and Phoenix's table {@code PQUERY} with its two indexes, written by upserts.
 * All are then flushed and major-compacted; Phoenix's plans of the three queries are checked to use
 * the index (or the row key) and kept for the report. The same orders are loaded, only for the
 * workloads that read them, salted into 16 buckets on both sides ({@link #loadSalted}) and keyed by
 * their state ({@link #loadStatus}).
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
  private boolean saltedLoaded;
  private boolean statusLoaded;

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
    loadRowan(
        timing, TwoViewOrder.class, TwoViewOrder.Repository.class, this::orders, "with 2 views");
    PhoenixOrders table = phoenix();
    table.create();
    upsert(table::upsertAll, "into Phoenix with 2 indexes");
    compact(timing, counting, TwoViewOrder.class, table.hbaseTables());
    explain(table);
  }

  /** Phoenix's table of the same orders salted into 16 buckets, its indexes salted alike. */
  PhoenixOrders phoenixSalted() {
    return phoenix.orders("PQUERY_SALTED", true, "SALT_BUCKETS=16");
  }

  /**
   * Loads the same orders into {@link SaltedTwoViewOrder}'s tables and {@link #phoenixSalted()},
   * once.
   */
  void loadSalted(Clients timing, Clients counting) throws Exception {
    if (saltedLoaded) {
      return;
    }
    saltedLoaded = true;
    loadRowan(
        timing,
        SaltedTwoViewOrder.class,
        SaltedTwoViewOrder.Repository.class,
        (from, count) ->
            BenchData.queryOrders(SaltedTwoViewOrder::new, from, count, total, sellers, hot),
        "with 2 views, salted 16");
    PhoenixOrders table = phoenixSalted();
    table.create();
    upsert(table::upsertAll, "into Phoenix with 2 indexes, SALT_BUCKETS=16");
    compact(timing, counting, SaltedTwoViewOrder.class, table.hbaseTables());
  }

  /** Phoenix's table of the same orders keyed by state. */
  PhoenixStatusOrders phoenixStatus() {
    return phoenix.statusOrders();
  }

  /**
   * Loads the same orders into {@link StatusOrder}'s table and Phoenix's {@link
   * PhoenixStatusOrders#TABLE}, once.
   */
  void loadStatus(Clients timing, Clients counting) throws Exception {
    if (statusLoaded) {
      return;
    }
    statusLoaded = true;
    loadRowan(
        timing,
        StatusOrder.class,
        StatusOrder.Repository.class,
        (from, count) -> orders(from, count).stream().map(StatusOrder::of).toList(),
        "keyed by state");
    PhoenixStatusOrders table = phoenix.statusOrders();
    table.create();
    upsert(table::upsertAll, "into Phoenix keyed by state");
    compact(timing, counting, StatusOrder.class, List.of(PhoenixStatusOrders.TABLE));
  }

  /** A write of Phoenix's side. */
  @FunctionalInterface
  private interface Upsert {
    void upsertAll(List<TwoViewOrder> orders) throws Exception;
  }

  private <T> void loadRowan(
      Clients timing,
      Class<T> type,
      Class<? extends HBaseRepository<T>> repository,
      BiFunction<Integer, Integer, List<T>> orders,
      String what)
      throws Exception {
    long began = System.nanoTime();
    SettledLoad.load(timing, NAMESPACE, type, repository, total, orders, 0);
    log.printf(
        "  loaded %,d orders %s %s in %.1f s%n",
        total,
        what,
        SettledLoad.bySaveAll() ? "by saveAll" : "settled",
        (System.nanoTime() - began) / 1e9);
  }

  private void upsert(Upsert table, String what) throws Exception {
    long began = System.nanoTime();
    for (int from = 0; from < total; from += 10_000) {
      table.upsertAll(orders(from, Math.min(10_000, total - from)));
    }
    double seconds = (System.nanoTime() - began) / 1e9;
    log.printf(
        "  upserted them %s in %.1f s (%,.0f orders/s); compacting%n",
        what, seconds, total / seconds);
  }

  /** Flushes and compacts Rowan's tables of {@code type} and Phoenix's {@code phoenixTables}. */
  private void compact(Clients timing, Clients counting, Class<?> type, List<String> phoenixTables)
      throws Exception {
    List<TableName> rowan = timing.tables(NAMESPACE, type);
    List<TableName> all = new ArrayList<>(rowan);
    phoenixTables.forEach(name -> all.add(TableName.valueOf(name)));
    cluster.compact(timing.connection(), all);
    BenchmarkCluster.relocate(counting.connection(), rowan);
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
