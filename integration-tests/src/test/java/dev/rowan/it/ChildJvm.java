package dev.rowan.it;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Starts a class's {@code main} in a JVM of its own, on this JVM's class path and with the flags
 * HBase's client needs on Java 17, pointed at the shared test cluster: its first arguments are
 * the ZooKeeper quorum, client port and znode parent of {@code cluster}.
 */
public final class ChildJvm {

  private ChildJvm() {}

  public static Process start(Class<?> main, String heap, Configuration cluster, String... args) throws IOException {
    List<String> command = new ArrayList<>(List.of(new File(System.getProperty("java.home"), "bin/java").getPath(),
        "-Xmx" + heap));
    for (String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (flag.startsWith("--add-") || flag.startsWith("-Dio.netty")) {
        command.add(flag);
      }
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName(),
        cluster.get("hbase.zookeeper.quorum"), cluster.get("hbase.zookeeper.property.clientPort"),
        cluster.get("zookeeper.znode.parent", "/hbase")));
    command.addAll(List.of(args));
    return new ProcessBuilder(command).redirectErrorStream(true).start();
  }

  /** The configuration of a client of the cluster named by the first three arguments of a child's main. */
  public static Configuration cluster(String[] args) {
    Configuration configuration = org.apache.hadoop.hbase.HBaseConfiguration.create();
    configuration.set("hbase.zookeeper.quorum", args[0]);
    configuration.set("hbase.zookeeper.property.clientPort", args[1]);
    configuration.set("zookeeper.znode.parent", args[2]);
    return configuration;
  }
}
