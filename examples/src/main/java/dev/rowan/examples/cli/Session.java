package dev.rowan.examples.cli;

import dev.rowan.core.Rowan;
import dev.rowan.embedded.HBaseEndpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import picocli.CommandLine.ParameterException;

/**
 * The HBase a command talks to, as the global options name it: the cluster of {@code --zk} or
 * {@code --config}, or else the environment's cluster or the embedded HBase on {@code --data}.
 *
 * <p>Thread-safety: used by one command.
 */
final class Session implements AutoCloseable {

  /** How long to wait for the regions of an embedded HBase to open before going on anyway. */

  private final HBaseEndpoint endpoint;
  private final Rowan rowan;

  private Session(HBaseEndpoint endpoint, Rowan rowan) {
    this.endpoint = endpoint;
    this.rowan = rowan;
  }

  static Session open(RowanCli options) {
    HBaseEndpoint endpoint;
    if (options.zookeeper != null || !options.configFiles.isEmpty()) {
      endpoint = HBaseEndpoint.cluster(clusterConfiguration(options));
    } else {
      options.err.println("Starting the embedded HBase on " + options.dataDirectory
          + " and opening its regions (10 to 30 s; --zk or --config for a cluster)...");
      endpoint = HBaseEndpoint.fromEnvironment(options.dataDirectory);
    }
    try {
      Rowan.Builder builder = Rowan.builder(endpoint.connection());
      if (options.namespace != null) {
        builder.namespace(options.namespace);
      }
      return new Session(endpoint, builder.build());
    } catch (RuntimeException e) {
      endpoint.close();
      throw e;
    }
  }

  /** The configuration of {@code --config} files and {@code --zk}, over HBase's defaults. */
  static Configuration clusterConfiguration(RowanCli options) {
    Configuration conf = HBaseConfiguration.create();
    for (Path file : options.configFiles) {
      if (!Files.isRegularFile(file)) {
        throw new ParameterException(options.spec.commandLine(), "--config " + file + ": no such file");
      }
      conf.addResource(new org.apache.hadoop.fs.Path(file.toAbsolutePath().toUri()));
    }
    if (options.zookeeper != null) {
      conf.set(HConstants.ZOOKEEPER_QUORUM, options.zookeeper);
    }
    return conf;
  }

  Rowan rowan() {
    return rowan;
  }

  HBaseEndpoint endpoint() {
    return endpoint;
  }

  @Override
  public void close() {
    rowan.close();
    endpoint.close();
  }
}
