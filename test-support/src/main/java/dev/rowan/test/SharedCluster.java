package dev.rowan.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.util.ShutdownHookManager;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The in-process HBase that all {@link HBaseTest} classes of a test JVM share: ZooKeeper, one
 * master and one region server on the local file system (no mini HDFS), and one connection. Held by
 * the JVM, not by JUnit's root store: Surefire and Failsafe with {@code forkCount} above one run
 * each test class of a JVM as a test run of its own, whose root store closes at the class's end,
 * and the cluster would start and stop again for every class (two seconds each). It stops when the
 * JVM exits, before Hadoop closes its file systems.
 */
final class SharedCluster {

  private static final Logger LOG = LoggerFactory.getLogger(SharedCluster.class);
  private static final AtomicInteger STARTS = new AtomicInteger();
  private static final int MAX_NAMESPACE_LENGTH = 64;
  private static @Nullable SharedCluster instance; // guarded by SharedCluster.class

  private final HBaseTestingUtility utility;
  private final Connection connection;
  private final Connection sharedView;
  private final AtomicLong namespaces = new AtomicLong();

  private SharedCluster(HBaseTestingUtility utility, Connection connection) {
    this.utility = utility;
    this.connection = connection;
    this.sharedView = UnclosableConnection.of(connection);
  }

  /** The JVM's cluster, started by the first test that asks for it. */
  static synchronized SharedCluster get() {
    SharedCluster cluster = instance;
    if (cluster == null) {
      cluster = start();
      // before FileSystem's own hook, which closes the file systems HBase still writes to
      ShutdownHookManager.get()
          .addShutdownHook(cluster::close, FileSystem.SHUTDOWN_HOOK_PRIORITY + 1);
      instance = cluster;
    }
    return cluster;
  }

  /** Starts ZooKeeper and HBase; called once per JVM, by {@link #get}. */
  private static SharedCluster start() {
    long began = System.nanoTime();
    Configuration conf = LocalClusterSettings.create(1);
    // The region server shares the test JVM's heap, which every test class fills with regions of
    // its own
    // namespace: bound what HBase may hold (by default 40% for memstores and 40% for the block
    // cache), so
    // that it flushes instead of starving the tests.
    conf.setFloat("hbase.regionserver.global.memstore.size", 0.2f);
    conf.setFloat("hfile.block.cache.size", 0.1f);
    // Without MSLAB: each memstore written takes a 2 MB chunk of heap, however little it holds, and
    // a
    // module's tests write hundreds of regions (the salt buckets and views of every test's tables).
    conf.setBoolean("hbase.hregion.memstore.mslab.enabled", false);
    HBaseTestingUtility utility = new HBaseTestingUtility(conf);
    try {
      utility.startMiniZKCluster();
      utility.startMiniHBaseCluster(
          StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
      Connection connection = utility.getConnection();
      Duration took = Duration.ofNanos(System.nanoTime() - began);
      STARTS.incrementAndGet();
      LOG.info(
          "Started the shared test HBase in {} ms (ZooKeeper port {})",
          took.toMillis(),
          utility.getZkCluster().getClientPort());
      return new SharedCluster(utility, connection);
    } catch (Exception e) {
      shutDownQuietly(utility);
      throw new IllegalStateException("Cannot start the in-process HBase for tests", e);
    }
  }

  /** How many shared clusters this JVM has started; one, once any test has used HBase. */
  static int starts() {
    return STARTS.get();
  }

  /** The shared connection; its {@code close()} does nothing. */
  Connection connection() {
    return sharedView;
  }

  /** A copy of the client configuration, which names this cluster's ZooKeeper. */
  Configuration configuration() {
    return new Configuration(utility.getConfiguration());
  }

  /**
   * Creates a fresh namespace named after a counter and the test that will own it.
   *
   * @throws UncheckedIOException when HBase refuses to create it
   */
  TestNamespace createNamespace(String owner) {
    String name = namespaceName(namespaces.incrementAndGet(), owner);
    try (Admin admin = connection.getAdmin()) {
      admin.createNamespace(NamespaceDescriptor.create(name).build());
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot create the test namespace " + name, e);
    }
    return new TestNamespace(name);
  }

  static String namespaceName(long number, String owner) {
    String name = "t" + number + "_" + owner.replaceAll("[^A-Za-z0-9_]", "_");
    return name.length() <= MAX_NAMESPACE_LENGTH ? name : name.substring(0, MAX_NAMESPACE_LENGTH);
  }

  /** Stops HBase and ZooKeeper; run when the JVM exits. */
  void close() {
    long began = System.nanoTime();
    shutDownQuietly(utility);
    LOG.info(
        "Stopped the shared test HBase in {} ms",
        Duration.ofNanos(System.nanoTime() - began).toMillis());
  }

  private static void shutDownQuietly(HBaseTestingUtility utility) {
    try {
      utility.shutdownMiniCluster(); // closes the connection, stops HBase and ZooKeeper
    } catch (IOException | RuntimeException e) {
      LOG.warn("Could not shut down the shared test HBase cleanly", e);
    }
  }
}
