package dev.rowan.examples;

import dev.rowan.core.Rowan;
import dev.rowan.embedded.HBaseEndpoint;
import dev.rowan.mapreduce.BulkLoad;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;

/**
 * Steps 1 and 2 of the demo: creates the orders table and its views, pre-split by the salt, and
 * bulk loads the generated orders into them, unless an earlier run already did.
 *
 * <p>Thread-safety: used by one thread.
 */
final class OrderLoader {

  private final HBaseEndpoint hbase;
  private final Rowan rowan;
  private final Path workDirectory;
  private final PrintStream out;

  OrderLoader(HBaseEndpoint hbase, Rowan rowan, Path workDirectory, PrintStream out) {
    this.hbase = hbase;
    this.rowan = rowan;
    this.workDirectory = workDirectory;
    this.out = out;
  }

  /**
   * Creates the tables when they are missing, and loads the orders of {@code generator} unless its
   * newest order is already stored.
   *
   * @return whether the orders were loaded by this call
   */
  boolean createAndLoad(OrderGenerator generator, DataSetFacts facts) throws IOException {
    createTables();
    OrderRepository orders = rowan.repository(OrderRepository.class);
    Optional<Order> stored = orders.findByOrderNo(facts.lastOrderNo());
    boolean more = orders.existsByOrderNo(OrderGenerator.orderNo(facts.orders() + 1));
    if (stored.isPresent() && stored.get().equals(facts.newest()) && !more) {
      out.printf(
          "The orders are already loaded (the newest, %s, is there): skipping the load.%n",
          facts.lastOrderNo());
      return false;
    }
    if (stored.isPresent() || more) {
      throw new IllegalStateException(
          String.format("The orders table holds another data set than %,d", facts.orders())
              + " orders (an earlier run had another -D"
              + OrdersDemo.ORDERS_PROPERTY
              + "): run with the same number,"
              + " or give another data directory with -Drowan.data=...");
    }
    load(generator);
    return true;
  }

  private void createTables() throws IOException {
    TableName main = rowan.tableName("orders");
    try (Admin admin = rowan.connection().getAdmin()) {
      boolean existed = admin.tableExists(main);
      rowan.schema().create(Order.class);
      if (existed) {
        out.println("Tables orders, orders.seller and orders.buyer exist and match Order.");
      } else {
        out.printf(
            "Created tables orders, orders.seller and orders.buyer, pre-split by the salt: %d regions each.%n",
            admin.getRegions(main).size());
      }
    }
  }

  private void load(OrderGenerator generator) {
    delete(workDirectory); // what a failed run left behind
    long began = System.nanoTime();
    int files = generator.count() >= 20_000 ? 2 : 1;
    List<Path> csv = generator.writeCsv(workDirectory.resolve("csv"), files);
    long bytes = csv.stream().mapToLong(OrderLoader::size).sum();
    out.printf(
        "Generated %,d orders (%,d sellers, Zipf-skewed; %,d buyers; %s to %s) as %d CSV file(s), %,d MB,"
            + " in %.1f s.%n",
        generator.count(),
        OrderGenerator.SELLERS,
        OrderGenerator.BUYERS,
        OrderGenerator.START.toString().substring(0, 10),
        OrderGenerator.END.toString().substring(0, 10),
        files,
        bytes >> 20,
        seconds(began));
    out.println(
        "Bulk loading them through the local MapReduce runner (HFiles for the table and both views)...");
    BulkLoad.of(Order.class)
        .input(
            csv.stream()
                .map(p -> new org.apache.hadoop.fs.Path(p.toUri()))
                .toArray(org.apache.hadoop.fs.Path[]::new))
        .progress(out)
        .run(jobConfiguration());
    delete(workDirectory);
  }

  /** The local job runner, in this process, with two map and two reduce slots. */
  private Configuration jobConfiguration() {
    Configuration conf = hbase.configuration();
    if (hbase.isEmbedded()) {
      conf.set("fs.defaultFS", "file:///");
    }
    if (rowan.namespace() != null) {
      conf.set(BulkLoad.NAMESPACE, rowan.namespace());
    }
    conf.set("mapreduce.framework.name", "local");
    conf.set("hadoop.tmp.dir", workDirectory.resolve("hadoop-tmp").toAbsolutePath().toString());
    conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", 2);
    return conf;
  }

  static double seconds(long beganNanos) {
    return (System.nanoTime() - beganNanos) / 1e9;
  }

  private static long size(Path path) {
    try {
      return Files.size(path);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void delete(Path directory) {
    if (!Files.exists(directory)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(directory)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + directory, e);
    }
  }
}
