package dev.rowan.examples;

import dev.rowan.core.Rowan;
import dev.rowan.embedded.HBaseEndpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The Orders demo: runs Rowan against an embedded HBase whose data lives in {@code rowan-data/} (or
 * the directory that {@code -Drowan.data=...} names), or against the cluster that {@code
 * -Dhbase.zookeeper.quorum=...} or {@code HBASE_ZOOKEEPER_QUORUM} names (see {@link
 * HBaseEndpoint}).
 *
 * <ol>
 *   <li>creates the {@code orders} table and its {@code seller} and {@code buyer} views, pre-split
 *       by the salt ({@link Order});
 *   <li>bulk loads {@code -Drowan.demo.orders} generated orders (200,000 by default) into them
 *       ({@link OrderGenerator}, {@link OrderLoader});
 *   <li>asks the questions a shop asks, showing each plan, answer and time ({@link ShopQueries});
 *   <li>run again, finds the orders loaded and goes straight to the questions;
 *   <li>ends with the hotspot lesson: rows per region of a salted and an unsalted table keyed by
 *       time ({@link RegionBalance}).
 * </ol>
 *
 * <p>Thread-safety: a program run on the main thread; nothing in it is shared.
 */
public final class OrdersDemo {

  /** The system property that sets how many orders the demo loads. */
  public static final String ORDERS_PROPERTY = "rowan.demo.orders";

  static final int DEFAULT_ORDERS = 200_000;
  private static final long SEED = 20_240_101L;

  private OrdersDemo() {}

  /**
   * Runs the demo on the data directory that {@code -Drowan.data} names ({@code rowan-data} by
   * default) and exits with status 0, or 1 when it fails.
   */
  public static void main(String[] args) {
    Path dataDirectory = Path.of(System.getProperty("rowan.data", "rowan-data"));
    int orders = Integer.getInteger(ORDERS_PROPERTY, DEFAULT_ORDERS);
    int status = 0;
    try {
      run(
          () -> HBaseEndpoint.fromEnvironment(dataDirectory),
          orders,
          dataDirectory.resolve("demo-work"),
          System.out);
    } catch (IllegalStateException e) {
      System.err.println("The demo stopped: " + e.getMessage());
      status = 1;
    } catch (IOException | RuntimeException e) {
      System.err.println("The demo failed: " + e);
      e.printStackTrace();
      status = 1;
    }
    // HBase leaves non-daemon threads behind even after a clean shutdown.
    System.exit(status);
  }

  /**
   * Runs the demo with {@code orders} orders against the HBase that {@code startHBase} starts or
   * connects to, closes it, and reports each step on {@code out}.
   *
   * @param workDirectory where the CSV files and the load's HFiles go; deleted after the load
   * @throws IOException when HBase fails a request
   */
  static void run(
      Supplier<HBaseEndpoint> startHBase, int orders, Path workDirectory, PrintStream out)
      throws IOException {
    long began = System.nanoTime();
    out.println("Starting HBase (a few seconds)...");
    try (HBaseEndpoint hbase = startHBase.get();
        Rowan rowan = Rowan.connect(hbase.connection())) {
      out.println(
          "HBase is up: "
              + hbase.description()
              + hbase
                  .embeddedHBase()
                  .map(
                      e ->
                          String.format(
                              " (started in %.1f s)", e.startupTime().toMillis() / 1000.0))
                  .orElse(""));
      OrderGenerator generator = new OrderGenerator(SEED, orders);
      DataSetFacts facts = DataSetFacts.of(generator);
      new OrderLoader(hbase, rowan, workDirectory, out).createAndLoad(generator, facts);
      new ShopQueries(rowan.repository(OrderRepository.class), out).run(facts);
      new RegionBalance(rowan, out).run(generator.orders());
      out.println();
      out.println("Stopping HBase...");
    }
    out.printf("Done in %.1f s.%n", OrderLoader.seconds(began));
  }
}
