package dev.rowan.examples;

import dev.rowan.core.Rowan;
import dev.rowan.embedded.HBaseEndpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The Orders demo: runs Rowan against an embedded HBase whose data lives in {@code rowan-data/}
 * (or the directory that {@code -Drowan.data=...} names), or against the cluster that
 * {@code -Dhbase.zookeeper.quorum=...} or {@code HBASE_ZOOKEEPER_QUORUM} names (see
 * {@link HBaseEndpoint}). Run it again and it finds the data of earlier runs still there.
 *
 * <p>For now it creates a table, writes an order and reads it back with the plain HBase client
 * through the connection of a {@link Rowan}; it grows with Rowan's repositories.
 *
 * <p>Thread-safety: a program run on the main thread; nothing in it is shared.
 */
public final class OrdersDemo {

  private static final String TABLE = "demo_orders";
  private static final byte[] FAMILY = Bytes.toBytes("d");
  private static final byte[] RUNS_ROW = Bytes.toBytes("#runs");

  private final PrintStream out;

  private OrdersDemo(PrintStream out) {
    this.out = out;
  }

  /**
   * Runs the demo on the data directory that {@code -Drowan.data} names ({@code rowan-data} by
   * default) and exits with status 0, or 1 when it fails.
   */
  public static void main(String[] args) {
    Path dataDirectory = Path.of(System.getProperty("rowan.data", "rowan-data"));
    int status = 0;
    try {
      run(() -> HBaseEndpoint.fromEnvironment(dataDirectory), System.out);
    } catch (IOException | RuntimeException e) {
      System.err.println("The demo failed: " + e);
      e.printStackTrace();
      status = 1;
    }
    // HBase leaves non-daemon threads behind even after a clean shutdown.
    System.exit(status);
  }

  /**
   * Runs the demo against the HBase that {@code startHBase} starts or connects to, closes it,
   * and reports each step on {@code out}.
   *
   * @throws IOException when HBase fails a request
   */
  static void run(Supplier<HBaseEndpoint> startHBase, PrintStream out) throws IOException {
    out.println("Starting HBase (a few seconds)...");
    try (HBaseEndpoint hbase = startHBase.get();
        Rowan rowan = Rowan.connect(hbase.connection())) {
      out.println("HBase is up: " + hbase.description()
          + hbase.embeddedHBase().map(e -> String.format(" (started in %.1f s)",
              e.startupTime().toMillis() / 1000.0)).orElse(""));
      new OrdersDemo(out).writeAndReadAnOrder(rowan);
      out.println("Stopping HBase...");
    }
    out.println("Done.");
  }

  private void writeAndReadAnOrder(Rowan rowan) throws IOException {
    TableName tableName = rowan.tableName(TABLE);
    try (Admin admin = rowan.connection().getAdmin()) {
      if (admin.tableExists(tableName)) {
        out.println("Table " + tableName + " already exists");
      } else {
        admin.createTable(TableDescriptorBuilder.newBuilder(tableName)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
        out.println("Created table " + tableName);
      }
    }
    try (Table table = rowan.connection().getTable(tableName)) {
      long run = table.incrementColumnValue(RUNS_ROW, FAMILY, Bytes.toBytes("n"), 1);
      String orderNo = String.format("order-%04d", run);
      table.put(new Put(Bytes.toBytes(orderNo))
          .addColumn(FAMILY, Bytes.toBytes("buyer"), Bytes.toBytes("alice"))
          .addColumn(FAMILY, Bytes.toBytes("amount"), Bytes.toBytes("19.99"))
          .addColumn(FAMILY, Bytes.toBytes("createdAt"), Bytes.toBytes(Instant.now().toString())));
      out.println("Wrote " + orderNo);

      Result read = table.get(new Get(Bytes.toBytes(orderNo)));
      out.printf("Read %s: buyer=%s amount=%s createdAt=%s%n", orderNo,
          text(read, "buyer"), text(read, "amount"), text(read, "createdAt"));
      out.printf("The table holds %d order(s), one per run on this data directory%n",
          countOrders(table));
    }
  }

  private static long countOrders(Table table) throws IOException {
    long count = 0;
    try (ResultScanner orders = table.getScanner(
        new Scan().setStartStopRowForPrefixScan(Bytes.toBytes("order-")))) {
      for (Result ignored : orders) {
        count++;
      }
    }
    return count;
  }

  private static String text(Result result, String qualifier) {
    return Bytes.toString(result.getValue(FAMILY, Bytes.toBytes(qualifier)));
  }
}
