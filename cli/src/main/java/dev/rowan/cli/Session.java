package dev.rowan.cli;

import dev.rowan.core.Rowan;
import dev.rowan.embedded.HBaseEndpoint;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import picocli.CommandLine.ParameterException;

/**
 * The HBase a command talks to, as the global options name it: the cluster of {@code --zk} or
 * {@code --config} (or of the site files on the class path, with {@code --principal} and {@code
 * --keytab}), or else the environment's cluster or the embedded HBase on {@code --data}.
 *
 * <p>Thread-safety: used by one command.
 */
final class Session implements AutoCloseable {

  private final HBaseEndpoint endpoint;
  private final Rowan rowan;

  private Session(HBaseEndpoint endpoint, Rowan rowan) {
    this.endpoint = endpoint;
    this.rowan = rowan;
  }

  static Session open(RowanCli options) {
    return open(options, Rowan.DEFAULT_VIEW_REFRESH);
  }

  /**
   * A session whose Rowan reads the views' states every {@code viewRefresh} ({@code
   * Rowan.Builder.viewRefresh}).
   */
  static Session open(RowanCli options, Duration viewRefresh) {
    HBaseEndpoint endpoint;
    if (options.zookeeper != null
        || !options.configFiles.isEmpty()
        || KerberosLogin.requested(options)) {
      endpoint = HBaseEndpoint.cluster(clusterConfiguration(options));
    } else {
      options.err.println(
          "Starting the embedded HBase on "
              + options.dataDirectory
              + " and opening its regions (10 to 30 s; --zk or --config for a cluster)...");
      endpoint = HBaseEndpoint.fromEnvironment(options.dataDirectory);
    }
    try {
      Rowan.Builder builder = Rowan.builder(endpoint.connection()).viewRefresh(viewRefresh);
      if (options.namespace != null) {
        builder.namespace(options.namespace);
      }
      return new Session(endpoint, builder.build());
    } catch (RuntimeException e) {
      endpoint.close();
      throw e;
    }
  }

  /**
   * The configuration of {@code --config} files and directories and {@code --zk}, over HBase's
   * defaults (and the site files on the class path), with the Kerberos login of {@code --principal}
   * and {@code --keytab} or of the ticket cache ({@link KerberosLogin#configure}).
   *
   * @throws ParameterException as {@link #configurationFiles} and {@link KerberosLogin#configure}
   */
  static Configuration clusterConfiguration(RowanCli options) {
    Configuration conf = HBaseConfiguration.create();
    for (Path file : configurationFiles(options)) {
      conf.addResource(new org.apache.hadoop.fs.Path(file.toAbsolutePath().toUri()));
    }
    if (options.zookeeper != null) {
      conf.set(HConstants.ZOOKEEPER_QUORUM, options.zookeeper);
    }
    KerberosLogin.configure(options, conf);
    return conf;
  }

  /**
   * The files that {@code --config} names: each file given, and every {@code *-site.xml} of each
   * directory given ({@code core-site.xml}, {@code hdfs-site.xml}, {@code hbase-site.xml}, {@code
   * yarn-site.xml}, {@code mapred-site.xml}), in name order.
   *
   * @throws ParameterException when a file does not exist or a directory holds no site file
   */
  static List<Path> configurationFiles(RowanCli options) {
    List<Path> files = new ArrayList<>();
    for (Path given : options.configFiles) {
      if (Files.isDirectory(given)) {
        List<Path> sites;
        try (Stream<Path> listing = Files.list(given)) {
          sites =
              listing
                  .filter(
                      f ->
                          f.getFileName().toString().endsWith("-site.xml")
                              && Files.isRegularFile(f))
                  .sorted()
                  .toList();
        } catch (IOException e) {
          throw new ParameterException(
              options.spec.commandLine(), "--config " + given + ": cannot list it: " + e);
        }
        if (sites.isEmpty()) {
          throw new ParameterException(
              options.spec.commandLine(),
              "--config "
                  + given
                  + ": the directory holds no *-site.xml file (hbase-site.xml, core-site.xml, ...)");
        }
        files.addAll(sites);
      } else if (Files.isRegularFile(given)) {
        files.add(given);
      } else {
        throw new ParameterException(
            options.spec.commandLine(), "--config " + given + ": no such file or directory");
      }
    }
    return files;
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
