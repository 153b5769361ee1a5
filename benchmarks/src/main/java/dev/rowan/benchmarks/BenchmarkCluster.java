package dev.rowan.benchmarks;

import dev.rowan.test.LocalClusterSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.MetricsConnection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;

/**
 * The one HBase the benchmarks run on: ZooKeeper, one master and one region server on the local
 * file system, no mini HDFS, no web UIs, started as the tests start theirs (test-support's {@code
 * SharedCluster}). System property {@value #MODE} says where it runs:
 *
 * <ul>
 *   <li>{@code inprocess} (the default): in the benchmark's JVM, where client and region server
 *       share a heap, a garbage collector and the JIT;
 *   <li>{@code process}: in a JVM of its own ({@link HBaseProcess}), which the clients reach over
 *       the loopback network as an application reaches a cluster.
 * </ul>
 *
 * Either way the benchmark sees it through a client configuration only: its connections, and the
 * flushes and compactions it asks of it, are an application's. Its data lives under {@code
 * target/test-data} of the directory the JVM runs in, and is deleted on {@link #close()}.
 *
 * <p>Thread-safety: thread-safe.
 */
final class BenchmarkCluster implements AutoCloseable {

  /**
   * The system property that chooses the region server's WAL provider ({@code hbase.wal.provider}):
   * {@code asyncfs} (HBase's default, as the tests run) unless set; {@code filesystem} is FSHLog,
   * under which Rowan does not group commits.
   */
  static final String WAL_PROVIDER = "rowan.bench.walProvider";

  /**
   * The system property that chooses where HBase runs: {@code inprocess} (the default) or {@code
   * process}.
   */
  static final String MODE = "rowan.bench.cluster";

  private final Configuration client;
  private final String description;
  private final Runnable stop;

  private BenchmarkCluster(Configuration client, String description, Runnable stop) {
    this.client = client;
    this.description = description;
    this.stop = stop;
  }

  /**
   * Starts ZooKeeper and HBase.
   *
   * @throws IllegalStateException when they do not start
   * @throws IllegalArgumentException when {@value #MODE} is neither {@code inprocess} nor {@code
   *     process}
   */
  static BenchmarkCluster start() {
    return start(settings -> {});
  }

  /**
   * Starts ZooKeeper and HBase after {@code settings} has changed their configuration (the Phoenix
   * comparison sets the WAL codec Phoenix's indexes need).
   *
   * @throws IllegalStateException when they do not start
   * @throws IllegalArgumentException when {@value #MODE} is neither {@code inprocess} nor {@code
   *     process}
   */
  static BenchmarkCluster start(Consumer<Configuration> settings) {
    Configuration configuration = LocalClusterSettings.create(1);
    String walProvider = System.getProperty(WAL_PROVIDER);
    if (walProvider != null) {
      configuration.set("hbase.wal.provider", walProvider);
    }
    settings.accept(configuration);
    String mode = System.getProperty(MODE, "inprocess");
    switch (mode) {
      case "inprocess":
        return inProcess(configuration);
      case "process":
        HBaseProcess process = HBaseProcess.start(configuration);
        return new BenchmarkCluster(
            process.clientConfiguration(), process.description(), process::close);
      default:
        throw new IllegalArgumentException(
            MODE + " is " + mode + "; it must be inprocess (the default) or process");
    }
  }

  private static BenchmarkCluster inProcess(Configuration configuration) {
    HBaseTestingUtility utility = new HBaseTestingUtility(configuration);
    try {
      utility.startMiniZKCluster();
      utility.startMiniHBaseCluster(
          StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
    } catch (Exception e) {
      try {
        utility.shutdownMiniCluster();
      } catch (IOException | RuntimeException second) {
        e.addSuppressed(second);
      }
      throw new IllegalStateException("Cannot start the in-process HBase", e);
    }
    return new BenchmarkCluster(
        utility.getConfiguration(),
        "HBase in the benchmark's JVM (in-process)",
        () -> {
          try {
            utility.shutdownMiniCluster();
            utility.cleanupTestDir();
          } catch (IOException e) {
            throw new UncheckedIOException("Cannot stop the in-process HBase", e);
          }
        });
  }

  /** Where HBase runs, for the report's first line. */
  String description() {
    return description;
  }

  /** The region server's WAL provider, as configured ({@code hbase.wal.provider}). */
  String walProvider() {
    return client.get("hbase.wal.provider", "asyncfs (HBase's default)");
  }

  /** A new connection; with {@code metrics}, one that counts its RPCs (see {@link RpcCounter}). */
  Connection connect(boolean metrics) {
    Configuration conf = new Configuration(client);
    conf.setBoolean(MetricsConnection.CLIENT_SIDE_METRICS_ENABLED_KEY, metrics);
    try {
      return ConnectionFactory.createConnection(conf);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot connect to HBase", e);
    }
  }

  /**
   * Flushes the tables and compacts each into one file per region, waiting until done, so that
   * reads measure a table at rest rather than a memstore.
   */
  void compact(Connection connection, List<TableName> tables)
      throws IOException, InterruptedException {
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : tables) {
        // region by region: HBase 2.6's flush of a table is a procedure of the master that, when a
        // region is already flushing, can retry until it loses its event and never ends
        for (RegionInfo region : admin.getRegions(table)) {
          admin.flushRegion(region.getRegionName());
        }
        admin.majorCompact(table);
      }
      for (TableName table : tables) {
        Thread.sleep(500); // a requested compaction is not always visible at once
        while (admin.getCompactionState(table) != CompactionState.NONE) {
          Thread.sleep(200);
        }
      }
    }
  }

  /**
   * Forgets and fetches again the region locations of {@code tables}, after they were recreated.
   */
  static void relocate(Connection connection, List<TableName> tables) throws IOException {
    for (TableName table : tables) {
      try (RegionLocator locator = connection.getRegionLocator(table)) {
        locator.clearRegionLocationCache();
        locator.getAllRegionLocations();
      }
    }
  }

  @Override
  public void close() {
    stop.run();
  }
}
