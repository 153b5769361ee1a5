package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The workloads that touch HBase, Rowan against hand-written HBase client code, on one HBase (local
 * file system, logs at WARN), in-process or in a JVM of its own ({@link BenchmarkCluster}): inserts
 * with 0, 1 and 3 views (or 2), updates of an indexed field with 1 view (or 2), reads by key, view
 * queries (and the same questions answered by a full scan), a top-10 query over a salted view, and
 * the bulk load against {@code saveAll}; and, apart, what Micrometer observations cost ({@code
 * observe}: gets and view queries by Rowans without registry, with timers, and with timers and
 * costs, see {@link ObserveWorkload}); and, apart, the same scans of tables that differ only in
 * HBase's {@code NEW_VERSION_BEHAVIOR} ({@code nvb}, see {@link NvbWorkload}). See
 * docs/performance.md for the command, the numbers and what they mean.
 *
 * <p>Sizes are system properties, all optional ({@code -Drowan.bench.rounds=3}):
 *
 * <pre>
 * rowan.bench.rounds           5       measured rounds per workload, after one warm-up run per side
 * rowan.bench.only             (all)   comma-separated: insert, update, partial, get, query, count, projection, filter, top, bulk, breakdown;
 *                                      and observe and nvb, which run only when named
 * rowan.bench.count.count      20      counts of the hot seller per run (query.hot orders each)
 * rowan.bench.projection.matches 10000 orders each projection query matches (at most query.hot)
 * rowan.bench.projection.count 20      projection queries per run
 * rowan.bench.filter.count     20      filtered queries of the hot seller per run
 * rowan.bench.insert.orders    20000   orders per insert run
 * rowan.bench.insert.warmup    10000   orders of the warm-up insert
 * rowan.bench.insert.views     0,1,3   which of the entities with 0, 1, 2 and 3 views to insert
 * rowan.bench.update.views     1       which of the entities with 1 and 2 views to update (1,2 for both)
 * rowan.bench.update.stored    20000   orders stored for the update workloads, per entity
 * rowan.bench.update.single    1000    saves per run, one order each
 * rowan.bench.update.batch     10000   orders per saveAll run
 * rowan.bench.partial.views    0,1     which of the entities with 0 and 1 views to update partially
 * rowan.bench.partial.stored   2000    orders stored for the partial update workloads, per entity
 * rowan.bench.partial.count    500     status changes per run, per side (a partial update, a Put of one cell, a save)
 * rowan.bench.get.count        2000    gets per run
 * rowan.bench.multiget.count   200     multi-gets of 100 per run
 * rowan.bench.query.orders     200000  orders in the query table
 * rowan.bench.query.sellers    1000    ordinary sellers in it
 * rowan.bench.query.hot        10000   orders of its hot seller (the largest query)
 * rowan.bench.query.matches    1,100,10000  orders each view query matches (at most query.hot)
 * rowan.bench.query.count      300     queries per run matching 1 order (fewer for more: 100 for 100, at least 20)
 * rowan.bench.query.fullscans  2       full scans per run
 * rowan.bench.top.orders       100000  orders in the salted table
 * rowan.bench.top.sellers      1000    sellers in it
 * rowan.bench.top.count        200     top-10 queries per run
 * rowan.bench.observe.get.count 2000   gets per run of each side, observation workloads
 * rowan.bench.observe.query.count 500  view queries per run of each side, observation workloads
 * rowan.bench.observe.matches  1,50    orders each of their view queries matches
 * rowan.bench.observe.views    unsalted,salted  the views they query: the query table's, and a salted one (16 buckets)
 * rowan.bench.observe.salted.orders 100000  orders in the salted query table (namespace observe)
 * rowan.bench.observe.salted.sellers 1000   ordinary sellers in it
 * rowan.bench.observe.salted.hot 1000       orders of its hot seller (the largest query)
 * rowan.bench.nvb.states       loaded,compacted  the states of the view copies the nvb workloads scan (NvbTables)
 * rowan.bench.nvb.matches      5000,50,1  rows each nvb range scan matches (at most query.hot)
 * rowan.bench.nvb.count        300     nvb range scans per run matching 1 row (fewer for more: 20 of 5,000, at least 20)
 * rowan.bench.nvb.count.count  20      nvb key-only counts of the hot seller per run
 * rowan.bench.nvb.main.count   2       nvb full scans of the main table copies per run (0: none)
 * rowan.bench.nvb.variant      flag_off  what the second copies differ in: flag_off (NEW_VERSION_BEHAVIOR off),
 *                                      dense (view rows of two cells, DenseRows; no main table scans),
 *                                      dense_separate (three cells: the values apart from the status),
 *                                      dense_folded (one cell: the write mark folded into the status)
 * rowan.bench.bulk.orders      200000  orders of the bulk load against saveAll (2 views)
 * rowan.bench.bulk.rounds      1       rounds of it, each a bulk load and a saveAll
 * rowan.bench.breakdown.orders 10000   orders per pass of the insert breakdown (ProtocolBreakdown)
 * rowan.bench.load             settled how the read workloads' tables are loaded: settled (SettledLoad) or saveAll
 * rowan.bench.rpcDetail        false   print the client's RPC counters by method after each workload
 * rowan.bench.walProvider      asyncfs the region server's hbase.wal.provider: asyncfs (HBase's default, as the tests) or filesystem (FSHLog)
 * rowan.bench.cluster          inprocess  where HBase runs: inprocess, or process (a JVM of its own, see HBaseProcess for its settings)
 * rowan.bench.settleInBackground false   Rowan settles view rows in the background (Rowan.Builder.settleInBackground)
 * </pre>
 *
 * <p>Prints progress to standard error and the report, Markdown tables, to standard output.
 */
public final class HBaseBenchmarks {

  private HBaseBenchmarks() {}

  public static void main(String[] args) throws Exception {
    PrintStream log = System.err;
    HarnessRun run = new HarnessRun("rowan.bench.", log);
    Set<String> only =
        run.only("insert,update,partial,get,query,count,projection,filter,top,bulk,breakdown");
    List<Comparison> done;
    List<Comparison> observed = List.of();
    List<Comparison> nvb = List.of();
    ObservedRowans observedRowans = new ObservedRowans();
    ByteArrayOutputStream breakdownText = new ByteArrayOutputStream();
    StringBuilder bulkText = new StringBuilder();
    BenchmarkCluster cluster = BenchmarkCluster.start();
    try {
      run.started(cluster);
      try (Clients timing = new Clients(cluster.connect(false), false);
          Clients counting = new Clients(cluster.connect(true), true)) {
        QueryTable table =
            new QueryTable(
                cluster,
                log,
                run.setting("query.orders", 200_000),
                run.setting("query.sellers", 1000),
                run.setting("query.hot", 10_000));
        done = run.measure(workloads(cluster, table, log, only, run), timing, counting);
        if (only.contains("observe")) {
          observed =
              run.measure(
                  observeWorkloads(cluster, table, log, run, observedRowans), timing, counting);
        }
        if (only.contains("nvb")) {
          nvb = run.measure(nvbWorkloads(cluster, table, log, run), timing, counting);
        }
        if (only.contains("bulk")) {
          run.attempt(
              "the bulk load workload",
              () ->
                  bulkText.append(
                      new BulkLoadWorkload(
                              timing,
                              run.setting("bulk.orders", 200_000),
                              run.setting("bulk.rounds", 1),
                              log)
                          .run()));
        }
        if (only.contains("breakdown")) {
          run.attempt(
              "the insert breakdown",
              () ->
                  new ProtocolBreakdown(timing)
                      .print(
                          run.setting("breakdown.orders", 10_000),
                          Math.min(run.rounds(), 3),
                          log,
                          new PrintStream(breakdownText, true, StandardCharsets.UTF_8)));
        }
      }
      run.finished(System.out, cluster);
      if (!done.isEmpty()) {
        Report.print(done, System.out);
        System.out.println();
      }
      if (!observed.isEmpty()) {
        ObserveReport.print(observed, observedRowans, System.out);
        System.out.println();
      }
      if (!nvb.isEmpty()) {
        NvbReport.print(nvb, System.out);
        System.out.println();
      }
      System.out.print(bulkText);
      System.out.println();
      System.out.print(breakdownText.toString(StandardCharsets.UTF_8));
      System.out.flush();
    } finally {
      cluster.close();
    }
    run.exit();
  }

  private static List<Workload> workloads(
      BenchmarkCluster cluster,
      QueryTable table,
      PrintStream log,
      Set<String> only,
      HarnessRun run) {
    List<Workload> all = new ArrayList<>();
    if (only.contains("insert")) {
      int orders = run.setting("insert.orders", 20_000);
      int warmup = run.setting("insert.warmup", 10_000);
      Set<String> views = run.list("insert.views", "0,1,3");
      if (views.contains("0")) {
        all.add(
            new InsertWorkload<>(
                PlainOrder.class, PlainOrder::new, PlainOrder.Repository.class, 0, orders, warmup));
      }
      if (views.contains("1")) {
        all.add(
            new InsertWorkload<>(
                SellerOrder.class,
                SellerOrder::new,
                SellerOrder.Repository.class,
                1,
                orders,
                warmup));
      }
      if (views.contains("2")) {
        all.add(
            new InsertWorkload<>(
                TwoViewOrder.class,
                TwoViewOrder::new,
                TwoViewOrder.Repository.class,
                2,
                orders,
                warmup));
      }
      if (views.contains("3")) {
        all.add(
            new InsertWorkload<>(
                IndexedOrder.class,
                IndexedOrder::new,
                IndexedOrder.Repository.class,
                3,
                orders,
                warmup));
      }
    }
    if (only.contains("update")) {
      int size = run.setting("update.stored", 20_000);
      Set<String> views = run.list("update.views", "1");
      if (views.contains("1")) {
        updates(all, UpdateWorkload.Stored.oneView(size), run);
      }
      if (views.contains("2")) {
        updates(all, UpdateWorkload.Stored.twoViews(size), run);
      }
    }
    if (only.contains("partial")) {
      int size = run.setting("partial.stored", 2000);
      int count = run.setting("partial.count", 500);
      Set<String> views = run.list("partial.views", "0,1,narrow");
      if (views.contains("0")) {
        all.add(
            new PartialUpdateWorkload<>(
                PlainOrder.class,
                PlainOrder::new,
                PlainOrder.Repository.class,
                PlainOrder.Repository::updateStatusByOrderNo,
                "0 views",
                "partial_v0",
                size,
                count));
      }
      if (views.contains("1")) {
        all.add(
            new PartialUpdateWorkload<>(
                SellerOrder.class,
                SellerOrder::new,
                SellerOrder.Repository.class,
                SellerOrder.Repository::updateStatusByOrderNo,
                "1 view carrying it",
                "partial_v1",
                size,
                count));
      }
      if (views.contains("narrow")) {
        all.add(
            new PartialUpdateWorkload<>(
                NarrowViewOrder.class,
                NarrowViewOrder::new,
                NarrowViewOrder.Repository.class,
                NarrowViewOrder.Repository::updateStatusByOrderNo,
                "1 view not carrying it",
                "partial_narrow",
                size,
                count));
      }
    }
    if (only.contains("get")) {
      all.add(new KeyReadWorkload(table, 1, run.setting("get.count", 2000)));
      all.add(new KeyReadWorkload(table, 100, run.setting("multiget.count", 200)));
    }
    if (only.contains("query")) {
      int count = run.setting("query.count", 300);
      int fullScans = run.setting("query.fullscans", 2);
      for (String size : run.text("query.matches", "1,100,10000").split(",")) {
        int matches = Integer.parseInt(size.trim());
        // about the same rows read per run whatever the size: count one-row queries, count / 3 of
        // 100 rows ...
        int queries = (int) Math.max(20, Math.min(count, count * 33L / matches));
        all.add(new ViewQueryWorkload(table, matches, queries, fullScans));
      }
    }
    if (only.contains("count")) {
      all.add(new CountWorkload(table, run.setting("count.count", 20)));
    }
    if (only.contains("projection")) {
      all.add(
          new ProjectionWorkload(
              table,
              run.setting("projection.matches", 10_000),
              run.setting("projection.count", 20)));
    }
    if (only.contains("filter")) {
      all.add(new FilterWorkload(table, run.setting("filter.count", 20)));
    }
    if (only.contains("top")) {
      all.add(
          new TopTenWorkload(
              cluster,
              run.setting("top.orders", 100_000),
              run.setting("top.sellers", 1000),
              run.setting("top.count", 200)));
    }
    return all;
  }

  /**
   * The observation workloads: gets from the query table, and view queries of it and of a salted
   * table laid out alike, each by three Rowans and hand-written code ({@link ObserveWorkload}).
   */
  private static List<Workload> observeWorkloads(
      BenchmarkCluster cluster,
      QueryTable table,
      PrintStream log,
      HarnessRun run,
      ObservedRowans rowans) {
    List<Workload> all = new ArrayList<>();
    all.add(ObserveWorkload.get(table, rowans, run.setting("observe.get.count", 2000)));
    int queries = run.setting("observe.query.count", 500);
    Set<String> views = run.list("observe.views", "unsalted,salted");
    String[] matches = run.text("observe.matches", "1,50").split(",");
    if (views.contains("unsalted")) {
      for (String size : matches) {
        all.add(ObserveWorkload.range(table, rowans, Integer.parseInt(size.trim()), queries));
      }
    }
    if (views.contains("salted")) {
      QueryTable salted =
          QueryTable.of(
              cluster,
              log,
              "observe",
              new QueryTable.Entity<>(
                  SaltedOrder.class, SaltedOrder.Repository.class, SaltedOrder::new),
              run.setting("observe.salted.orders", 100_000),
              run.setting("observe.salted.sellers", 1000),
              run.setting("observe.salted.hot", 1000));
      for (String size : matches) {
        all.add(
            ObserveWorkload.saltedRange(salted, rowans, Integer.parseInt(size.trim()), queries));
      }
    }
    return all;
  }

  /**
   * The scans of the view and main table copies with and without {@code NEW_VERSION_BEHAVIOR}
   * ({@link NvbWorkload}): ranges and key-only counts of the view copies as loaded, then the same
   * compacted, then full scans of the main table copies.
   */
  private static List<Workload> nvbWorkloads(
      BenchmarkCluster cluster, QueryTable table, PrintStream log, HarnessRun run) {
    NvbTables.Variant variant =
        NvbTables.Variant.valueOf(
            run.text("nvb.variant", "flag_off").toUpperCase(java.util.Locale.ROOT));
    NvbTables tables = new NvbTables(cluster, table, variant, log);
    List<Workload> all = new ArrayList<>();
    int count = run.setting("nvb.count", 300);
    Set<String> states = run.list("nvb.states", "loaded,compacted");
    for (NvbTables.State state : NvbTables.State.values()) {
      if (!states.contains(state.name().toLowerCase(java.util.Locale.ROOT))) {
        continue;
      }
      for (String size : run.text("nvb.matches", "5000,50,1").split(",")) {
        int matches = Integer.parseInt(size.trim());
        int queries = (int) Math.max(20, Math.min(count, count * 33L / matches));
        all.add(NvbWorkload.range(tables, state, matches, queries));
      }
      all.add(NvbWorkload.count(tables, state, run.setting("nvb.count.count", 20)));
    }
    int mainScans = run.setting("nvb.main.count", 2);
    if (mainScans > 0 && !variant.dense()) {
      all.add(NvbWorkload.main(tables, mainScans));
    }
    return all;
  }

  /** The single and the batched update workloads of one entity, which share its stored orders. */
  private static <T> void updates(
      List<Workload> all, UpdateWorkload.Stored<T> stored, HarnessRun run) {
    all.add(new UpdateWorkload<>(stored, false, run.setting("update.single", 1000)));
    all.add(new UpdateWorkload<>(stored, true, run.setting("update.batch", 10_000)));
  }
}
