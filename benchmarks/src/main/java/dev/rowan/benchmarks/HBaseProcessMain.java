package dev.rowan.benchmarks;

import dev.rowan.test.LocalClusterSettings;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;

/**
 * The main class of the JVM that {@link HBaseProcess} starts: ZooKeeper, one master and one region
 * server on the local file system, configured as the in-process HBase is ({@link
 * LocalClusterSettings} for one region server) plus the settings the benchmark changed, which it
 * reads from {@code server-settings.xml} in the directory given as its argument. Once HBase is up
 * it writes the client configuration there as {@code hbase-site.xml} (HBase's and ZooKeeper's
 * settings, the quorum and client port among them), prints {@link #READY} to standard output, and
 * runs until its standard input closes; then it stops HBase, deletes its data and exits. Everything
 * else it prints goes to standard error.
 *
 * <p>Thread-safety: a main class, run once per JVM.
 */
public final class HBaseProcessMain {

  /** The start of the line printed when HBase is up and its client configuration written. */
  static final String READY = "HBase ready";

  /** The settings, in the directory given as argument, that differ from LocalClusterSettings. */
  static final String SERVER_SETTINGS = "server-settings.xml";

  /** The client configuration, in the same directory. */
  static final String CLIENT_SETTINGS = "hbase-site.xml";

  private HBaseProcessMain() {}

  public static void main(String[] args) throws Exception {
    PrintStream ready = System.out;
    System.setOut(System.err); // standard output carries the ready line only
    Path directory = Path.of(args[0]);
    Configuration configuration = LocalClusterSettings.create(1);
    Configuration changes = new Configuration(false);
    changes.addResource(new org.apache.hadoop.fs.Path(directory.resolve(SERVER_SETTINGS).toUri()));
    for (Map.Entry<String, String> setting : changes) {
      configuration.set(setting.getKey(), setting.getValue());
    }
    HBaseTestingUtility utility = new HBaseTestingUtility(configuration);
    int status = 1;
    try {
      utility.startMiniZKCluster();
      utility.startMiniHBaseCluster(
          StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
      writeClientSettings(utility.getConfiguration(), directory.resolve(CLIENT_SETTINGS));
      ready.println(
          READY
              + ", ZooKeeper on "
              + utility.getConfiguration().get("hbase.zookeeper.quorum")
              + ":"
              + utility.getConfiguration().get("hbase.zookeeper.property.clientPort"));
      ready.flush();
      while (System.in.read() >= 0) {
        // runs until the benchmark closes our standard input, or ends
      }
      status = 0;
    } finally {
      try {
        utility.shutdownMiniCluster();
        utility.cleanupTestDir();
      } finally {
        System.exit(status); // HBase leaves non-daemon threads
      }
    }
  }

  /**
   * Writes HBase's and ZooKeeper's settings of {@code configuration} to {@code file}, whole or not
   * at all.
   */
  private static void writeClientSettings(Configuration configuration, Path file) throws Exception {
    Configuration client = new Configuration(false);
    for (Map.Entry<String, String> setting : configuration) {
      if (setting.getKey().startsWith("hbase.") || setting.getKey().startsWith("zookeeper.")) {
        client.set(setting.getKey(), setting.getValue());
      }
    }
    Path written = file.resolveSibling(file.getFileName() + ".tmp");
    try (OutputStream out = Files.newOutputStream(written)) {
      client.writeXml(out);
    }
    Files.move(written, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
