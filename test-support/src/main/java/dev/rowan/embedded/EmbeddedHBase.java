package dev.rowan.embedded;

import java.io.File;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.LocalHBaseCluster;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.zookeeper.MiniZooKeeperCluster;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.jspecify.annotations.Nullable;

/**
 * A standalone HBase running inside this JVM — ZooKeeper, a master and a region server, as {@code
 * hbase master start} runs them in standalone mode — whose data lives in a directory of the local
 * file system and survives a {@link #close()} and a new {@link #start(Path)} on the same directory.
 * Meant for trying Rowan and for demos, not for production.
 *
 * <pre>{@code
 * try (EmbeddedHBase hbase = EmbeddedHBase.start(Path.of("rowan-data"));
 *      Rowan rowan = Rowan.connect(hbase.connection())) {
 *   ...
 * }
 * }</pre>
 *
 * <p>The directory holds {@code hbase/} (the HBase root directory), {@code zookeeper/}, and a lock
 * file that keeps a second instance off the directory. ZooKeeper listens on a free port picked at
 * each start; region server and master listen on ephemeral ports and run no web UI.
 *
 * <p>Thread-safety: the handle and its connection are thread-safe; {@link #close()} must not race
 * with its own use.
 *
 * @since 0.1
 */
public final class EmbeddedHBase implements AutoCloseable {

  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

  private final Path dataDirectory;
  private final FileLock lock;
  private final Configuration configuration;
  private final MiniZooKeeperCluster zooKeeper;
  private final LocalHBaseCluster cluster;
  private final Connection connection;
  private final Duration startupTime;
  private boolean closed;

  private EmbeddedHBase(
      Path dataDirectory,
      FileLock lock,
      Configuration configuration,
      MiniZooKeeperCluster zooKeeper,
      LocalHBaseCluster cluster,
      Connection connection,
      Duration startupTime) {
    this.dataDirectory = dataDirectory;
    this.lock = lock;
    this.configuration = configuration;
    this.zooKeeper = zooKeeper;
    this.cluster = cluster;
    this.connection = connection;
    this.startupTime = startupTime;
  }

  /**
   * Starts HBase on the data in {@code dataDirectory}, creating the directory when it is absent,
   * and returns once the master is initialized and the returned handle's connection is open.
   *
   * @throws UncheckedIOException when ZooKeeper or HBase cannot start, or the directory cannot be
   *     created
   * @throws IllegalStateException when another embedded HBase uses the directory, or HBase does not
   *     come up within three minutes
   */
  public static EmbeddedHBase start(Path dataDirectory) {
    long began = System.nanoTime();
    Path dir = Objects.requireNonNull(dataDirectory, "dataDirectory").toAbsolutePath().normalize();
    Configuration conf = standaloneSettings(dir);
    FileLock lock = null;
    MiniZooKeeperCluster zooKeeper = null;
    LocalHBaseCluster cluster = null;
    try {
      lock = lock(dir);
      DefaultMetricsSystem.setMiniClusterMode(true);
      zooKeeper = new MiniZooKeeperCluster(conf);
      zooKeeper.setDefaultClientPort(freePort());
      int port = zooKeeper.startup(new File(conf.get(HConstants.ZOOKEEPER_DATA_DIR)));
      conf.setInt(HConstants.ZOOKEEPER_CLIENT_PORT, port);

      cluster = new LocalHBaseCluster(conf, 1, 1, HMaster.class, HRegionServer.class);
      cluster.startup();
      awaitInitializedMaster(cluster);
      Connection connection = ConnectionFactory.createConnection(conf);
      RegionsOnline.await(connection, Duration.ofMinutes(1));
      return new EmbeddedHBase(
          dir,
          lock,
          conf,
          zooKeeper,
          cluster,
          connection,
          Duration.ofNanos(System.nanoTime() - began));
    } catch (IOException | RuntimeException | InterruptedException e) {
      try {
        stop(cluster, zooKeeper, lock);
      } catch (RuntimeException second) {
        e.addSuppressed(second);
      }
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      if (e instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new UncheckedIOException(
          "Cannot start the embedded HBase in " + dir,
          e instanceof IOException io ? io : new InterruptedIOException(e.getMessage()));
    }
  }

  private static Configuration standaloneSettings(Path dir) {
    Configuration conf = HBaseConfiguration.create();
    conf.setBoolean(HConstants.CLUSTER_DISTRIBUTED, false);
    conf.set(HConstants.HBASE_DIR, dir.resolve("hbase").toUri().toString());
    conf.set("hbase.tmp.dir", dir.resolve("tmp").toString());
    conf.set(HConstants.ZOOKEEPER_DATA_DIR, dir.resolve("zookeeper").toString());
    conf.set(HConstants.ZOOKEEPER_QUORUM, "localhost");
    conf.setInt(HConstants.ZK_SESSION_TIMEOUT, 10_000);
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false); // local FS has no hflush
    conf.set("hbase.wal.provider", "filesystem");
    conf.setInt(HConstants.MASTER_PORT, 0);
    conf.setInt(HConstants.REGIONSERVER_PORT, 0);
    conf.setInt(HConstants.MASTER_INFO_PORT, -1);
    conf.setInt(HConstants.REGIONSERVER_INFO_PORT, -1);
    conf.setInt("hbase.master.wait.on.regionservers.mintostart", 1);
    conf.setInt("hbase.master.wait.on.regionservers.maxtostart", 1);
    conf.setInt("hbase.regionserver.msginterval", 250); // region server retries to report sooner
    return conf;
  }

  /** Claims the directory for this process, so that two HBases never write the same files. */
  private static FileLock lock(Path dir) throws IOException {
    Files.createDirectories(dir);
    FileChannel channel =
        FileChannel.open(
            dir.resolve("embedded-hbase.lock"),
            StandardOpenOption.CREATE,
            StandardOpenOption.WRITE);
    FileLock lock;
    try {
      lock = channel.tryLock();
    } catch (OverlappingFileLockException e) {
      lock = null;
    }
    if (lock == null) {
      channel.close();
      throw new IllegalStateException(
          "The directory "
              + dir
              + " is in use by another embedded HBase; stop that one or choose another directory");
    }
    return lock;
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    }
  }

  private static void awaitInitializedMaster(LocalHBaseCluster cluster)
      throws InterruptedException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      HMaster master = cluster.getActiveMaster();
      if (master != null && master.isInitialized()) {
        return;
      }
      if (cluster.getLiveMasters().isEmpty()) {
        throw new IllegalStateException("The embedded HBase master stopped while starting");
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException(
        "The embedded HBase master did not start within " + START_TIMEOUT.toSeconds() + " s");
  }

  /** The directory that holds this HBase's data, as an absolute path. */
  public Path dataDirectory() {
    return dataDirectory;
  }

  /** A copy of the client configuration: ZooKeeper quorum and port of this HBase. */
  public Configuration configuration() {
    return new Configuration(configuration);
  }

  /** A connection to this HBase, open until {@link #close()}; callers do not close it. */
  public Connection connection() {
    return connection;
  }

  /** How long {@link #start(Path)} took. */
  public Duration startupTime() {
    return startupTime;
  }

  /**
   * Closes the connection and shuts HBase down cleanly: every region is closed, which flushes its
   * memstore to the data directory, then ZooKeeper stops. Calling it again does nothing.
   *
   * @throws UncheckedIOException when the connection cannot be closed
   */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      connection.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close the connection to the embedded HBase", e);
    } finally {
      stop(cluster, zooKeeper, lock);
    }
  }

  private static void stop(
      @Nullable LocalHBaseCluster cluster,
      @Nullable MiniZooKeeperCluster zooKeeper,
      @Nullable FileLock lock) {
    try {
      if (cluster != null) {
        cluster.shutdown();
        cluster.join();
      }
      if (zooKeeper != null) {
        zooKeeper.shutdown();
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot stop the embedded ZooKeeper", e);
    } finally {
      release(lock);
    }
  }

  private static void release(@Nullable FileLock lock) {
    if (lock != null) {
      try {
        lock.channel().close(); // releases the lock
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot release the lock on the data directory", e);
      }
    }
  }

  @Override
  public String toString() {
    return "EmbeddedHBase["
        + dataDirectory
        + ", ZooKeeper port "
        + configuration.get(HConstants.ZOOKEEPER_CLIENT_PORT)
        + "]";
  }
}
