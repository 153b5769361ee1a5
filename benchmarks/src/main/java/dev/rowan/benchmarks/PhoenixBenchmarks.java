package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.Phoenix;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Rowan against Apache Phoenix (and hand-written HBase client code) on one in-process HBase, in one
 * JVM, the sides alternating round by round: inserts with no views or indexes and with two, updates
 * that move orders between sellers, range queries on the {@code seller} view or index at 1, 50 and
 * 5,000 matching orders, a seller's 10 newest orders, and reads by key. Phoenix runs with its
 * defaults; the cluster gets the one setting Phoenix needs ({@link Phoenix#configure}), for every
 * side. See docs/performance-phoenix.md for the command, the numbers and what they mean.
 *
 * <p>Sizes are system properties, all optional ({@code -Drowan.bench.phoenix.rounds=3}):
 *
 * <pre>
 * rowan.bench.phoenix.rounds          5       measured rounds per workload, after one warm-up run per side
 * rowan.bench.phoenix.only            (all)   comma-separated: insert, update, query, in, skip, top, get
 * rowan.bench.phoenix.insert.orders   20000   orders per insert run
 * rowan.bench.phoenix.insert.warmup   10000   orders of the warm-up insert
 * rowan.bench.phoenix.insert.indexes  0,2     which inserts: without views / indexes (0), with two (2)
 * rowan.bench.phoenix.update.stored   80000   orders stored for the update workloads, an hour before: each moves once
 * rowan.bench.phoenix.update.batch    10000   orders per batched update run
 * rowan.bench.phoenix.update.single   500     updates of one order per run
 * rowan.bench.phoenix.query.orders    200000  orders in the query table
 * rowan.bench.phoenix.query.sellers   1000    ordinary sellers in it
 * rowan.bench.phoenix.query.hot       5000    orders of its hot seller (the largest query)
 * rowan.bench.phoenix.query.matches   1,50,5000  orders each range query matches (at most query.hot)
 * rowan.bench.phoenix.query.count     300     queries per run matching 1 order (200 for 50, 20 for 5,000)
 * rowan.bench.phoenix.in.sellers      10,100,1000  sellers each In names (one order each, created in one minute)
 * rowan.bench.phoenix.in.count        200     In queries per run of 10 sellers (fewer for more: 20 of 1,000)
 * rowan.bench.phoenix.in.salted       false   false, true or both: the In on unsalted tables, on tables salted into 16 buckets (both sides)
 * rowan.bench.phoenix.in.saltedSellers 10,100 the sizes of in.sellers also run salted when in.salted has true
 * rowan.bench.phoenix.skip.matches    50,500  orders each skip scan matches (created in that many ms, keyed by state first)
 * rowan.bench.phoenix.skip.count      200     skip scan queries per run matching 50 orders (fewer for more)
 * rowan.bench.phoenix.top.count       200     top-10 queries per run
 * rowan.bench.phoenix.get.count       1000    gets per run
 * rowan.bench.phoenix.tableOptions    (none)  options of Phoenix's CREATE TABLE, e.g. UPDATE_CACHE_FREQUENCY=60000
 * rowan.bench.walProvider             asyncfs  the region server's hbase.wal.provider: asyncfs (HBase's default) or filesystem (FSHLog)
 * rowan.bench.cluster                 inprocess  where HBase runs: inprocess, or process (a JVM of its own, see HBaseProcess)
 * rowan.bench.settleInBackground    false   Rowan settles view rows in the background (Rowan.Builder.settleInBackground)
 * </pre>
 *
 * <p>Prints progress and Phoenix's query plans to standard error, the report to standard output.
 */
public final class PhoenixBenchmarks {

  private PhoenixBenchmarks() {}

  public static void main(String[] args) throws Exception {
    PrintStream log = System.err;
    HarnessRun run = new HarnessRun("rowan.bench.phoenix.", log);
    Set<String> only = run.only("insert,update,query,in,skip,top,get");
    BenchmarkCluster cluster = BenchmarkCluster.start(Phoenix::configure);
    try {
      run.started(cluster);
      try (Clients timing = new Clients(cluster.connect(false), false);
          Clients counting = new Clients(cluster.connect(true), true)) {
        long connecting = System.nanoTime();
        int zooKeeperPort =
            timing
                .connection()
                .getConfiguration()
                .getInt("hbase.zookeeper.property.clientPort", 2181);
        try (Phoenix phoenix = Phoenix.connect(zooKeeperPort)) {
          log.printf(
              "Phoenix connected in %.1f s (its system tables created; not timed)%n",
              (System.nanoTime() - connecting) / 1e9);
          PhoenixQueryTable table =
              new PhoenixQueryTable(
                  cluster,
                  phoenix,
                  log,
                  run.setting("query.orders", 200_000),
                  run.setting("query.sellers", 1000),
                  run.setting("query.hot", 5000));
          List<Comparison> done =
              run.measure(workloads(phoenix, table, only, run), timing, counting);
          run.finished(System.out, cluster);
          String options = run.text("tableOptions", "");
          System.out.printf(
              "Phoenix %s, table options: %s%n%n",
              org.apache.phoenix.util.PhoenixRuntime.class.getPackage().getImplementationVersion(),
              options.isEmpty() ? "none (Phoenix's defaults)" : options);
          PhoenixReport.print(done, System.out);
          if (!table.plans().isEmpty()) {
            System.out.println();
            System.out.println("Phoenix's plans:");
            System.out.println();
            table.plans().forEach(plan -> System.out.print(plan.replaceAll("(?m)^", "    ")));
          }
          System.out.flush();
        }
      }
    } finally {
      cluster.close();
    }
    run.exit();
  }

  private static List<Workload> workloads(
      Phoenix phoenix, PhoenixQueryTable table, Set<String> only, HarnessRun run) {
    List<Workload> all = new ArrayList<>();
    if (only.contains("insert")) {
      int orders = run.setting("insert.orders", 20_000);
      int warmup = run.setting("insert.warmup", 10_000);
      Set<String> indexes = run.list("insert.indexes", "0,2");
      if (indexes.contains("0")) {
        all.add(PhoenixInsertWorkload.plain(phoenix, orders, warmup));
      }
      if (indexes.contains("2")) {
        all.add(PhoenixInsertWorkload.indexed(phoenix, orders, warmup));
      }
    }
    if (only.contains("update")) {
      PhoenixUpdateWorkload.Stored stored =
          new PhoenixUpdateWorkload.Stored(run.setting("update.stored", 80_000));
      all.add(
          new PhoenixUpdateWorkload(phoenix, stored, true, run.setting("update.batch", 10_000)));
      all.add(new PhoenixUpdateWorkload(phoenix, stored, false, run.setting("update.single", 500)));
    }
    if (only.contains("query")) {
      int count = run.setting("query.count", 300);
      for (String size : run.text("query.matches", "1,50,5000").split(",")) {
        int matches = Integer.parseInt(size.trim());
        // about the same rows per run whatever the size, but at least 20 queries for a p99 worth
        // the name
        int queries = (int) Math.max(20, Math.min(count, count * 33L / matches));
        all.add(new PhoenixRangeWorkload(table, matches, queries));
      }
    }
    if (only.contains("in")) {
      int count = run.setting("in.count", 200);
      for (String size : run.text("in.sellers", "10,100,1000").split(",")) {
        int sellers = Integer.parseInt(size.trim());
        for (String salted : run.text("in.salted", "false").split(",")) {
          if (Boolean.parseBoolean(salted.trim())
              && !run.list("in.saltedSellers", "10,100").contains(size.trim())) {
            continue; // the hand-written side reads a scan per seller and bucket: 16,000 for 1,000
          }
          all.add(
              new PhoenixInWorkload(
                  table,
                  sellers,
                  Boolean.parseBoolean(salted.trim()),
                  (int) Math.max(20, Math.min(count, count * 10L / sellers))));
        }
      }
    }
    if (only.contains("skip")) {
      int count = run.setting("skip.count", 200);
      for (String size : run.text("skip.matches", "50,500").split(",")) {
        int matches = Integer.parseInt(size.trim());
        all.add(
            new PhoenixSkipScanWorkload(
                table, matches, (int) Math.max(20, Math.min(count, count * 50L / matches))));
      }
    }
    if (only.contains("top")) {
      all.add(new PhoenixTopTenWorkload(table, run.setting("top.count", 200)));
    }
    if (only.contains("get")) {
      all.add(new PhoenixGetWorkload(table, run.setting("get.count", 1000)));
    }
    return all;
  }
}
