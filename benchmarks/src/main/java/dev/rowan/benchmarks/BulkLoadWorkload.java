package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import dev.rowan.core.Rowan;
import dev.rowan.core.SplitPolicy;
import dev.rowan.index.ProtocolCells;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapreduce.BulkLoad;
import dev.rowan.mapreduce.BulkLoadResult;
import dev.rowan.mapreduce.SplitPoints;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;

/**
 * Workload 6: the same orders with two views loaded end to end by the bulk load (a CSV file through
 * the local MapReduce runner, HFiles for the main table and both views, job start included) and by
 * {@code saveAll} (the orders already in memory, written by the verified protocol, {@value
 * #SAVE_CALL} per call). Each side loads into freshly created tables of its own namespace,
 * pre-split alike at split points computed from a sample; afterwards every table must hold the same
 * rows, and the first rows of each the same cells (protocol cells compared by state only, as their
 * timestamps and nonces differ by design).
 */
final class BulkLoadWorkload {

  private static final String BULK = "bulk_load";
  private static final String SAVE = "bulk_save";
  private static final int REGIONS = 4;
  private static final int FILES = 4;

  /** Orders per saveAll call: a call encodes all its entities before writing any. */
  private static final int SAVE_CALL = 50_000;

  private static final int COMPARED_ROWS = 2_000;

  private final Clients clients;
  private final int orders;
  private final int rounds;
  private final PrintStream log;
  private final Path work = Path.of("target", "bulk-load-benchmark").toAbsolutePath();

  BulkLoadWorkload(Clients clients, int orders, int rounds, PrintStream log) {
    this.clients = clients;
    this.orders = orders;
    this.rounds = rounds;
    this.log = log;
  }

  /** Runs the rounds, alternating which side goes first, and returns the report as Markdown. */
  String run() throws IOException {
    log.printf(
        "bulk load vs saveAll, %,d orders with 2 views (load average %s)%n",
        orders, Comparison.loadAverage());
    List<TwoViewOrder> all = BenchData.random(TwoViewOrder::new, "bulk", 0, orders, 1000, 42);
    deleteRecursively(work);
    List<Path> csv = writeCsv(all);
    byte[][] splits =
        SplitPoints.fromSample(
            EntityModel.of(TwoViewOrder.class),
            all.subList(0, Math.min(10_000, all.size())),
            REGIONS);
    List<double[]> seconds = new ArrayList<>();
    for (int round = 0; round < rounds; round++) {
      double bulk = 0;
      double save = 0;
      for (int side = 0; side < 2; side++) {
        boolean bulkTurn = (side + round) % 2 == 0;
        if (bulkTurn) {
          bulk = bulkLoad(csv, splits, round);
        } else {
          save = saveAll(all, splits);
        }
      }
      log.printf("  round %d: bulk load %.1f s, saveAll %.1f s%n", round + 1, bulk, save);
      seconds.add(new double[] {bulk, save});
      compareTables();
    }
    deleteRecursively(work);
    return report(seconds);
  }

  private double bulkLoad(List<Path> csv, byte[][] splits, int round) throws IOException {
    Rowan rowan = clients.rowan(BULK);
    recreate(rowan, splits);
    Configuration conf = new Configuration(clients.connection().getConfiguration());
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", work.resolve("hadoop-tmp-" + round).toString());
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", 2);
    conf.set(BulkLoad.PROGRESS_SECONDS, "10");
    long began = System.nanoTime();
    BulkLoadResult result =
        BulkLoad.of(TwoViewOrder.class)
            .input(
                csv.stream()
                    .map(p -> new org.apache.hadoop.fs.Path(p.toUri()))
                    .toArray(org.apache.hadoop.fs.Path[]::new))
            .namespace(BULK)
            .workDir(new org.apache.hadoop.fs.Path(work.resolve("job-" + round).toUri()))
            .progress(log)
            .run(conf);
    double took = (System.nanoTime() - began) / 1e9;
    if (result.entities() != orders || result.rejected() != 0) {
      throw new IllegalStateException("the bulk load wrote " + result.summary());
    }
    return took;
  }

  private double saveAll(List<TwoViewOrder> all, byte[][] splits) throws IOException {
    Rowan rowan = clients.rowan(SAVE);
    recreate(rowan, splits);
    TwoViewOrder.Repository repository = rowan.repository(TwoViewOrder.Repository.class);
    long began = System.nanoTime();
    for (int from = 0; from < all.size(); from += SAVE_CALL) {
      repository.saveAll(all.subList(from, Math.min(all.size(), from + SAVE_CALL)));
    }
    return (System.nanoTime() - began) / 1e9;
  }

  private static void recreate(Rowan rowan, byte[][] splits) {
    rowan.schema().drop(TwoViewOrder.class);
    rowan.schema().create(TwoViewOrder.class, SplitPolicy.keys(splits));
  }

  /** Every table of both sides holds {@code orders} rows, and their first rows the same cells. */
  private void compareTables() throws IOException {
    Connection connection = clients.connection();
    for (String table :
        List.of("bench_orders_v2", "bench_orders_v2.seller", "bench_orders_v2.buyer")) {
      TableName bulk = clients.rowan(BULK).tableName(table);
      TableName save = clients.rowan(SAVE).tableName(table);
      long bulkRows = countRows(connection, bulk);
      long saveRows = countRows(connection, save);
      if (bulkRows != orders || saveRows != orders) {
        throw new IllegalStateException(
            table + ": " + bulkRows + " rows bulk loaded, " + saveRows + " saved, of " + orders);
      }
      try (Table a = connection.getTable(bulk);
          Table b = connection.getTable(save);
          ResultScanner left = a.getScanner(new Scan().setLimit(COMPARED_ROWS));
          ResultScanner right = b.getScanner(new Scan().setLimit(COMPARED_ROWS))) {
        for (Result x = left.next(), y = right.next();
            x != null || y != null;
            x = left.next(), y = right.next()) {
          if (x == null || y == null || !sameCells(x, y)) {
            throw new IllegalStateException(
                table + ": the bulk load and saveAll differ at row " + (x == null ? y : x));
          }
        }
      }
    }
  }

  private static boolean sameCells(Result x, Result y) {
    Cell[] a = x.rawCells();
    Cell[] b = y.rawCells();
    if (a.length != b.length || !Arrays.equals(x.getRow(), y.getRow())) {
      return false;
    }
    for (int i = 0; i < a.length; i++) {
      byte[] qualifier = CellUtil.cloneQualifier(a[i]);
      boolean same =
          CellUtil.matchingColumn(a[i], b[i])
              && (ProtocolCells.isReserved(qualifier)
                  ? CellUtil.cloneValue(a[i])[0]
                      == CellUtil.cloneValue(b[i])[0] // the state; timestamps and nonces differ
                  : CellUtil.matchingValue(a[i], b[i]));
      if (!same) {
        return false;
      }
    }
    return true;
  }

  private static long countRows(Connection connection, TableName name) throws IOException {
    long rows = 0;
    try (Table table = connection.getTable(name);
        ResultScanner scanner =
            table.getScanner(new Scan().setFilter(new FirstKeyOnlyFilter()).setCaching(10_000))) {
      while (scanner.next() != null) {
        rows++;
      }
    }
    return rows;
  }

  /** Writes the orders as {@value #FILES} CSV files with a header each: one map task per file. */
  private List<Path> writeCsv(List<TwoViewOrder> all) throws IOException {
    Path directory = Files.createDirectories(work.resolve("csv"));
    List<Path> files = new ArrayList<>();
    long bytes = 0;
    for (int file = 0; file < FILES; file++) {
      Path csv = directory.resolve("orders-" + file + ".csv");
      try (BufferedWriter out = Files.newBufferedWriter(csv)) {
        out.write("orderNo,sellerId,buyerId,createdAt,amount,status,quantity\n");
        for (int i = file; i < all.size(); i += FILES) {
          TwoViewOrder order = all.get(i);
          out.write(
              order.orderNo()
                  + ','
                  + order.sellerId()
                  + ','
                  + order.buyerId()
                  + ','
                  + order.createdAt()
                  + ','
                  + order.amount().toPlainString()
                  + ','
                  + order.status().name()
                  + ','
                  + order.quantity()
                  + '\n');
        }
      }
      files.add(csv);
      bytes += Files.size(csv);
    }
    log.printf("  wrote %,d orders to %d CSV files, %,d MB%n", all.size(), FILES, bytes >> 20);
    return files;
  }

  private String report(List<double[]> seconds) {
    double[] bulk = seconds.stream().mapToDouble(s -> s[0]).sorted().toArray();
    double[] save = seconds.stream().mapToDouble(s -> s[1]).sorted().toArray();
    double[] ratios = seconds.stream().mapToDouble(s -> s[1] / s[0]).sorted().toArray();
    double bulkMedian = bulk[bulk.length / 2];
    double saveMedian = save[save.length / 2];
    return String.format(
        "| Load %,d orders with 2 views | Bulk load (CSV, local MapReduce, job start included) "
            + "| saveAll | saveAll time / bulk load time, median (min..max) |%n|---|---:|---:|---:|%n"
            + "| %d round%s | %.1f s, %,.0f orders/s | %.1f s, %,.0f orders/s | %.2f (%.2f..%.2f) |%n",
        orders,
        seconds.size(),
        seconds.size() == 1 ? "" : "s",
        bulkMedian,
        orders / bulkMedian,
        saveMedian,
        orders / saveMedian,
        ratios[ratios.length / 2],
        ratios[0],
        ratios[ratios.length - 1]);
  }

  private static void deleteRecursively(Path directory) throws IOException {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }
}
