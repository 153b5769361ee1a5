package dev.rowan.embedded;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.jspecify.annotations.Nullable;

/**
 * The HBase an application talks to: a real cluster when one is configured, otherwise an {@link
 * EmbeddedHBase} started in a local directory. Lets the same program run against a cluster in
 * production and on a laptop with nothing installed.
 *
 * <p>{@link #fromEnvironment(Path)} picks the cluster named, in this order, by the system property
 * {@value #QUORUM_PROPERTY}, the environment variable {@value #QUORUM_VARIABLE}, or an {@code
 * hbase-site.xml} on the class path whose {@code hbase.zookeeper.quorum} names a host other than
 * localhost. A quorum is a comma-separated list of {@code host} or {@code host:port}.
 *
 * <pre>{@code
 * try (HBaseEndpoint hbase = HBaseEndpoint.fromEnvironment(Path.of("rowan-data"));
 *      Rowan rowan = Rowan.connect(hbase.connection())) {
 *   ...
 * }
 * }</pre>
 *
 * <p>Thread-safety: the endpoint and its connection are thread-safe; {@link #close()} must not race
 * with its own use.
 *
 * @since 0.1
 */
public final class HBaseEndpoint implements AutoCloseable {

  /** The system property that names the ZooKeeper quorum of a cluster to connect to. */
  public static final String QUORUM_PROPERTY = HConstants.ZOOKEEPER_QUORUM;

  /** The environment variable that names the ZooKeeper quorum of a cluster to connect to. */
  public static final String QUORUM_VARIABLE = "HBASE_ZOOKEEPER_QUORUM";

  private static final Set<String> LOCAL_HOSTS = Set.of("localhost", "127.0.0.1", "::1", "");

  private final Connection connection;
  private final @Nullable EmbeddedHBase embedded;

  private HBaseEndpoint(Connection connection, @Nullable EmbeddedHBase embedded) {
    this.connection = connection;
    this.embedded = embedded;
  }

  /**
   * Connects to the cluster that the environment names, or starts an embedded HBase on the data in
   * {@code embeddedDataDirectory} when it names none.
   *
   * @throws UncheckedIOException when the connection cannot be opened or HBase cannot start
   */
  public static HBaseEndpoint fromEnvironment(Path embeddedDataDirectory) {
    Objects.requireNonNull(embeddedDataDirectory, "embeddedDataDirectory");
    Configuration site = HBaseConfiguration.create();
    Optional<String> quorum = externalQuorum(site, System::getProperty, System::getenv);
    if (quorum.isEmpty()) {
      return embedded(embeddedDataDirectory);
    }
    site.set(HConstants.ZOOKEEPER_QUORUM, quorum.get());
    return cluster(site);
  }

  /**
   * Connects to the cluster that {@code configuration} names.
   *
   * @throws UncheckedIOException when the connection cannot be opened
   */
  public static HBaseEndpoint cluster(Configuration configuration) {
    try {
      return new HBaseEndpoint(ConnectionFactory.createConnection(configuration), null);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot connect to HBase at " + configuration.get(HConstants.ZOOKEEPER_QUORUM), e);
    }
  }

  /**
   * Starts an embedded HBase on the data in {@code dataDirectory}.
   *
   * @throws UncheckedIOException when HBase cannot start
   * @see EmbeddedHBase#start(Path)
   */
  public static HBaseEndpoint embedded(Path dataDirectory) {
    EmbeddedHBase hbase = EmbeddedHBase.start(dataDirectory);
    return new HBaseEndpoint(hbase.connection(), hbase);
  }

  /**
   * The quorum of the cluster to connect to, or empty when the embedded HBase should run: the first
   * of the system property, the environment variable and the site configuration that names one,
   * where the site configuration counts only if it names a host that is not local.
   */
  static Optional<String> externalQuorum(
      Configuration site, UnaryOperator<String> properties, UnaryOperator<String> environment) {
    for (String named :
        new String[] {properties.apply(QUORUM_PROPERTY), environment.apply(QUORUM_VARIABLE)}) {
      if (named != null && !named.isBlank()) {
        return Optional.of(named.strip());
      }
    }
    String configured = site.get(HConstants.ZOOKEEPER_QUORUM, "localhost");
    boolean local =
        Arrays.stream(configured.split(","))
            .map(server -> server.strip().replaceFirst(":\\d+$", "").toLowerCase())
            .allMatch(LOCAL_HOSTS::contains);
    return local ? Optional.empty() : Optional.of(configured);
  }

  /** Whether this endpoint runs an embedded HBase rather than connecting to a cluster. */
  public boolean isEmbedded() {
    return embedded != null;
  }

  /** The embedded HBase, when this endpoint runs one. */
  public Optional<EmbeddedHBase> embeddedHBase() {
    return Optional.ofNullable(embedded);
  }

  /** A copy of the client configuration of the HBase this endpoint talks to. */
  public Configuration configuration() {
    return new Configuration(connection.getConfiguration());
  }

  /** The connection to HBase, open until {@link #close()}; callers do not close it. */
  public Connection connection() {
    return connection;
  }

  /** One line that says which HBase this is, for logs and demos. */
  public String description() {
    if (embedded != null) {
      return "embedded HBase, data in " + embedded.dataDirectory();
    }
    return "HBase cluster at ZooKeeper "
        + connection.getConfiguration().get(HConstants.ZOOKEEPER_QUORUM);
  }

  /**
   * Closes the connection, and stops the embedded HBase cleanly when this endpoint runs one.
   *
   * @throws UncheckedIOException when the connection cannot be closed
   */
  @Override
  public void close() {
    if (embedded != null) {
      embedded.close();
      return;
    }
    try {
      connection.close();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot close the connection to HBase", e);
    }
  }

  @Override
  public String toString() {
    return "HBaseEndpoint[" + description() + "]";
  }
}
