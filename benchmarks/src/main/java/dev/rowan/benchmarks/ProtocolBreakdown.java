package dev.rowan.benchmarks;

import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowChange;
import dev.rowan.index.WritePlan;
import dev.rowan.mapping.EntityModel;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.Table;

/**
 * Where the time of an insert with views goes: the HBase calls of Rowan's write protocol
 * (docs/view-consistency.md), made here step by step with the mutations Rowan's pure functions
 * decide ({@link ViewMaintainer#plan}), a batch of 1000 new orders with 3 views at a time, each
 * step timed; and the same with two changes Rowan could make, to show what they would save:
 * settling with {@link Durability#ASYNC_WAL}, and committing in concurrent chunks. The last line is
 * the hand-written minimum, one batch of puts per table. A second table does the same for orders
 * without views.
 *
 * <p>The settles are sent as the plan decides them (plain puts and deletes, one batch per view
 * table), but the commit step is a durable check-and-mutate per order without group commit's sync
 * marks: for Rowan's write path as it is, read the line "Rowan saveAll, timed as a whole".
 *
 * <p>Thread-safety: not thread-safe.
 */
final class ProtocolBreakdown {

  private static final String NAMESPACE = "steps";
  private static final int BATCH = 1000;
  private static final byte[] MAIN_STATUS = ProtocolCells.Qualifier.MAIN_STATUS.bytes();
  private static final String[] STEPS = {"read", "unverify", "commit", "settle"};

  private enum Variant {
    SAVE_ALL("Rowan saveAll, timed as a whole"),
    ROWAN("the calls of Rowan's protocol, made directly"),
    ASYNC_SETTLE("settle with Durability.ASYNC_WAL"),
    ASYNC_SETTLE_PARALLEL_COMMIT("settle ASYNC_WAL, commit in 8 concurrent chunks"),
    PLAIN_PUTS("hand-written: one batch of puts per table, no protocol"),
    BUFFERED_MUTATOR("hand-written: BufferedMutator per table (HandWritten.insert)");

    final String description;

    Variant(String description) {
      this.description = description;
    }
  }

  private final Clients clients;
  private final EntityModel<IndexedOrder> model = EntityModel.of(IndexedOrder.class);
  private final List<ViewModel> views = ViewMaintainer.of(model).views();
  private final byte[] statusFamily = model.families().get(0).nameBytes();
  private final ExecutorService pool = Executors.newFixedThreadPool(8);

  ProtocolBreakdown(Clients clients) {
    this.clients = clients;
  }

  /** Prints the breakdown of {@code rounds} passes of {@code orders} orders per variant. */
  void print(int orders, int rounds, PrintStream log, PrintStream out) throws Exception {
    log.printf("insert breakdown, %,d orders with 3 views per pass%n", orders);
    Map<Variant, List<long[]>> passes = new LinkedHashMap<>();
    pass(Variant.ROWAN, 2000, -1); // warm-up
    for (int round = 0; round < rounds; round++) {
      for (Variant variant : Variant.values()) {
        passes.computeIfAbsent(variant, v -> new ArrayList<>()).add(pass(variant, orders, round));
      }
      log.printf("  round %d done%n", round + 1);
    }
    printPlain(orders, rounds, log, out);
    pool.shutdown();
    out.println();
    out.println(
        "| Insert with 3 views, per 1,000 orders (median of "
            + rounds
            + " passes) | read | unverify "
            + "| commit | settle | total | orders/s |");
    out.println("|---|---:|---:|---:|---:|---:|---:|");
    for (Map.Entry<Variant, List<long[]>> entry : passes.entrySet()) {
      double[] median = new double[STEPS.length];
      for (int step = 0; step < STEPS.length; step++) {
        int s = step;
        median[step] =
            Comparison.median(entry.getValue().stream().mapToDouble(p -> p[s]).sorted().toArray());
      }
      double total = Arrays.stream(median).sum();
      StringBuilder line = new StringBuilder("| " + entry.getKey().description + " |");
      for (double nanos : median) {
        line.append(nanos == 0 ? " – |" : " " + Report.time(nanos * BATCH / orders) + " |");
      }
      out.println(
          line.append(
              String.format(
                  " %s | %,.0f |", Report.time(total * BATCH / orders), orders / (total / 1e9))));
    }
  }

  /**
   * The same for orders without views, where Rowan writes plain puts: {@code saveAll}, against the
   * two ways to send the same puts by hand, a synchronous {@code Table.batch} of 1000 (what Rowan's
   * {@code PlainWriter} does) and a {@code BufferedMutator}.
   */
  private void printPlain(int orders, int rounds, PrintStream log, PrintStream out)
      throws Exception {
    String[] names = {
      "Rowan saveAll",
      "Table.batch of 1,000 puts, one after another",
      "BufferedMutator (2 MB buffer)"
    };
    List<List<Double>> nanos = new ArrayList<>();
    for (int round = -1; round < rounds; round++) {
      for (int way = 0; way < names.length; way++) {
        clients.recreate(NAMESPACE, PlainOrder.class);
        List<PlainOrder> all =
            BenchData.random(PlainOrder::new, "n" + round, 0, orders, 1000, round);
        PlainOrder.Repository repository =
            clients.repository(NAMESPACE, PlainOrder.Repository.class);
        HandWritten<PlainOrder> hand = clients.hand(NAMESPACE, PlainOrder.class);
        EntityModel<PlainOrder> plain = hand.model();
        repository.saveAll(
            BenchData.random(PlainOrder::new, "f" + round, 0, 10, 1000, round)); // finds the region
        long began = System.nanoTime();
        if (way == 0) {
          repository.saveAll(all);
        } else if (way == 1) {
          try (Table table =
              clients.connection().getTable(clients.tables(NAMESPACE, PlainOrder.class).get(0))) {
            for (int from = 0; from < orders; from += BATCH) {
              List<Row> puts = new ArrayList<>();
              for (PlainOrder order : all.subList(from, Math.min(orders, from + BATCH))) {
                puts.add(plain.write(order).put());
              }
              table.batch(puts, new Object[puts.size()]);
            }
          }
        } else {
          hand.insert(all);
        }
        long took = System.nanoTime() - began;
        if (round >= 0) {
          if (nanos.size() <= way) {
            nanos.add(new ArrayList<>());
          }
          nanos.get(way).add((double) took);
        }
      }
    }
    log.println("  plain inserts done");
    out.println(
        "| Insert without views, per 1,000 orders (median of "
            + rounds
            + " passes) | time | orders/s |");
    out.println("|---|---:|---:|");
    for (int way = 0; way < names.length; way++) {
      double median =
          Comparison.median(
              nanos.get(way).stream().mapToDouble(Double::doubleValue).sorted().toArray());
      out.printf(
          "| %s | %s | %,.0f |%n",
          names[way], Report.time(median * BATCH / orders), orders / (median / 1e9));
    }
  }

  /**
   * Writes {@code orders} new orders into empty tables; returns the nanoseconds spent in each step.
   */
  private long[] pass(Variant variant, int orders, int round) throws Exception {
    clients.recreate(NAMESPACE, IndexedOrder.class);
    List<IndexedOrder> all = BenchData.random(IndexedOrder::new, "p", 0, orders, 1000, round);
    List<TableName> names = clients.tables(NAMESPACE, IndexedOrder.class);
    long[] nanos = new long[STEPS.length];
    if (variant == Variant.SAVE_ALL || variant == Variant.BUFFERED_MUTATOR) {
      List<IndexedOrder> first = BenchData.random(IndexedOrder::new, "q", 0, 10, 1000, round);
      long began;
      if (variant == Variant.SAVE_ALL) {
        IndexedOrder.Repository repository =
            clients.repository(NAMESPACE, IndexedOrder.Repository.class);
        repository.saveAll(first);
        began = System.nanoTime();
        repository.saveAll(all);
      } else {
        HandWritten<IndexedOrder> hand = clients.hand(NAMESPACE, IndexedOrder.class);
        hand.insert(first);
        began = System.nanoTime();
        hand.insert(all);
      }
      nanos[1] = System.nanoTime() - began;
      return nanos;
    }
    try (Table main = clients.connection().getTable(names.get(0))) {
      List<Table> viewTables = new ArrayList<>();
      for (TableName name : names.subList(1, names.size())) {
        viewTables.add(clients.connection().getTable(name));
      }
      for (int from = 0; from < orders; from += BATCH) {
        batch(variant, all.subList(from, Math.min(orders, from + BATCH)), main, viewTables, nanos);
      }
      for (Table table : viewTables) {
        table.close();
      }
    }
    return nanos;
  }

  private void batch(
      Variant variant, List<IndexedOrder> orders, Table main, List<Table> viewTables, long[] nanos)
      throws Exception {
    long timestamp = System.currentTimeMillis();
    List<Get> gets = new ArrayList<>();
    List<CheckAndMutate> commits = new ArrayList<>();
    List<Row> mainPuts = new ArrayList<>();
    List<List<Row>> unverify = new ArrayList<>();
    List<List<Row>> settle = new ArrayList<>();
    for (int v = 0; v < views.size(); v++) {
      unverify.add(new ArrayList<>());
      settle.add(new ArrayList<>());
    }
    for (IndexedOrder order : orders) {
      Object[] values = model.values(order);
      RowStatus status =
          new RowStatus(RowStatus.State.LIVE, timestamp, ThreadLocalRandom.current().nextLong());
      Put put =
          model
              .write(values, timestamp)
              .put()
              .addColumn(statusFamily, MAIN_STATUS, timestamp, status.encode());
      gets.add(new Get(put.getRow()));
      mainPuts.add(put);
      commits.add(
          CheckAndMutate.newBuilder(put.getRow())
              .ifNotExists(statusFamily, MAIN_STATUS)
              .build(put));
      WritePlan plan =
          ViewMaintainer.of(model).plan(null, values, put.getRow(), status, WritePlan.NO_WRITE);
      for (ViewRowChange change : plan.changes()) {
        int v = views.indexOf(change.view());
        unverify.get(v).add(change.unverify());
        Row settleRow =
            change
                .settle(); // a put or delete; a check-and-mutate on a unique view, which these are
        // not
        if (variant != Variant.ROWAN) {
          ((Mutation) settleRow).setDurability(Durability.ASYNC_WAL);
        }
        settle.get(v).add(settleRow);
      }
    }
    if (variant == Variant.PLAIN_PUTS) {
      long began = System.nanoTime();
      main.batch(mainPuts, new Object[mainPuts.size()]);
      for (int v = 0; v < views.size(); v++) {
        viewTables.get(v).batch(unverify.get(v), new Object[unverify.get(v).size()]);
      }
      nanos[1] += System.nanoTime() - began;
      return;
    }
    long began = System.nanoTime();
    main.get(gets);
    long read = System.nanoTime();
    for (int v = 0; v < views.size(); v++) {
      viewTables.get(v).batch(unverify.get(v), new Object[unverify.get(v).size()]);
    }
    long unverified = System.nanoTime();
    if (variant == Variant.ASYNC_SETTLE_PARALLEL_COMMIT) {
      List<Future<?>> chunks = new ArrayList<>();
      int size = (commits.size() + 7) / 8;
      for (int from = 0; from < commits.size(); from += size) {
        List<CheckAndMutate> chunk = commits.subList(from, Math.min(commits.size(), from + size));
        chunks.add(
            pool.submit(
                () -> {
                  try (Table table = clients.connection().getTable(main.getName())) {
                    return table.checkAndMutate(chunk);
                  }
                }));
      }
      for (Future<?> chunk : chunks) {
        chunk.get();
      }
    } else {
      main.checkAndMutate(commits);
    }
    long committed = System.nanoTime();
    for (int v = 0; v < views.size(); v++) {
      viewTables.get(v).batch(settle.get(v), new Object[settle.get(v).size()]);
    }
    long settled = System.nanoTime();
    nanos[0] += read - began;
    nanos[1] += unverified - read;
    nanos[2] += committed - unverified;
    nanos[3] += settled - committed;
  }
}
