package dev.rowan.cluster;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;

/**
 * The main class of the cluster's own JVM: a mini HDFS, ZooKeeper, HBase with two region servers
 * whose root directory and WALs are on that HDFS, and a mini YARN cluster whose containers are
 * JVMs of their own. Its class path is HBase's and Hadoop's, without Rowan: a task that needs
 * Rowan must get it from its job. It writes the cluster's client configuration as the usual
 * {@code *-site.xml} files into the directory given as its argument, prints {@link #READY} and
 * runs until its standard input closes.
 */
public final class ClusterProcess {

  /** The line printed when the cluster is up and its configuration written. */
  public static final String READY = "cluster ready";

  /** The logging of the cluster's client commands, as a Hadoop installation's conf directory has it. */
  private static final String CLIENT_LOGGING = """
      status = warn
      appender.console.type = Console
      appender.console.name = console
      appender.console.target = SYSTEM_ERR
      appender.console.layout.type = PatternLayout
      appender.console.layout.pattern = %d{HH:mm:ss} %-5p %c{1}: %m%n
      rootLogger.level = warn
      rootLogger.appenderRef.console.ref = console
      logger.job.name = org.apache.hadoop.mapreduce.Job
      logger.job.level = info
      logger.hadoop.name = org.apache.hadoop
      logger.hadoop.level = error
      logger.hbase.name = org.apache.hbase
      logger.hbase.level = error
      logger.zookeeper.name = org.apache.zookeeper
      logger.zookeeper.level = error
      """;

  private static final Map<String, List<String>> FILES = new LinkedHashMap<>();

  static {
    FILES.put("core-site.xml", List.of("fs.", "hadoop.", "io.", "ipc.", "net."));
    FILES.put("hdfs-site.xml", List.of("dfs."));
    FILES.put("yarn-site.xml", List.of("yarn."));
    FILES.put("mapred-site.xml", List.of("mapreduce.", "mapred."));
    FILES.put("hbase-site.xml", List.of("hbase.", "zookeeper."));
  }

  private ClusterProcess() {}

  public static void main(String[] args) throws Exception {
    Path configDir = Path.of(args[0]);
    Files.createDirectories(configDir);
    Configuration conf = clusterSettings();
    HBaseTestingUtility utility = new HBaseTestingUtility(conf);
    utility.startMiniCluster(StartMiniClusterOption.builder()
        .numMasters(1).numRegionServers(2).numDataNodes(1).build());
    utility.startMiniMapReduceCluster();
    Configuration client = new Configuration(utility.getConfiguration());
    // As on a real cluster, containers get the node's Hadoop class path: no HBase, no Rowan (the
    // mini cluster would otherwise hand them the class path of the JVM that submits the job).
    client.setBoolean("yarn.is.minicluster", false);
    client.set("mapreduce.application.classpath", hadoopClassPath());
    writeSiteFiles(client, configDir);
    Files.writeString(configDir.resolve("log4j2.properties"), CLIENT_LOGGING);
    System.out.println(READY + " " + utility.getConfiguration().get("fs.defaultFS"));
    System.out.flush();
    while (System.in.read() >= 0) {
      // runs until the test closes our standard input (or dies)
    }
    utility.shutdownMiniMapReduceCluster();
    utility.shutdownMiniCluster();
    System.exit(0);
  }

  /** This JVM's class path without HBase's jars and this class's own directory: a node's Hadoop. */
  static String hadoopClassPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> entry.endsWith(".jar") && !isHBase(entry))
        .collect(Collectors.joining(","));
  }

  /** Whether a class path entry is one of HBase's jars (HBase's own, and its shaded third parties). */
  static boolean isHBase(String entry) {
    return entry.replace(File.separatorChar, '/').contains("/org/apache/hbase/");
  }

  private static Configuration clusterSettings() {
    Configuration conf = org.apache.hadoop.hbase.HBaseConfiguration.create();
    conf.setInt("hbase.master.info.port", -1);
    conf.setInt("hbase.regionserver.info.port", -1);
    conf.setInt("hbase.regionserver.handler.count", 10);
    conf.setInt("hbase.regionserver.msginterval", 250);
    conf.setBoolean("yarn.nodemanager.vmem-check-enabled", false);
    conf.setBoolean("yarn.nodemanager.pmem-check-enabled", false);
    // A 2-core machine runs every container JVM: small ones that start fast, and quick heartbeats.
    conf.setInt("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", 200);
    conf.setInt("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", 200);
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 200);
    conf.setInt("mapreduce.client.completion.pollinterval", 500);
    String smallJvm = "-Xmx384m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData";
    for (String task : List.of("map", "reduce")) {
      conf.setInt("mapreduce." + task + ".memory.mb", 512);
      conf.set("mapreduce." + task + ".java.opts", smallJvm);
    }
    conf.setInt("yarn.app.mapreduce.am.resource.mb", 512);
    conf.set("yarn.app.mapreduce.am.command-opts", smallJvm);
    conf.setInt("yarn.scheduler.minimum-allocation-mb", 256);
    return conf;
  }

  private static void writeSiteFiles(Configuration conf, Path dir) throws IOException {
    for (Map.Entry<String, List<String>> file : FILES.entrySet()) {
      Configuration part = new Configuration(false);
      for (Map.Entry<String, String> setting : conf) {
        if (file.getValue().stream().anyMatch(setting.getKey()::startsWith)) {
          part.set(setting.getKey(), conf.get(setting.getKey()));
        }
      }
      try (OutputStream out = Files.newOutputStream(dir.resolve(file.getKey()))) {
        part.writeXml(out);
      }
    }
  }
}
