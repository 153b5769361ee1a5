package dev.rowan.benchmarks.phoenix;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Phoenix in the JVM of the in-process HBase: the one setting the cluster needs before it starts,
 * and one JDBC connection with the {@link PhoenixOrders} tables the workloads use.
 *
 * <p>Thread-safety: not thread-safe.
 */
public final class Phoenix implements AutoCloseable {

  /** The region servers' WAL codec: Phoenix refuses mutable global indexes without its own. */
  public static final String WAL_CODEC_KEY = "hbase.regionserver.wal.codec";

  /** Phoenix's WAL codec, set for the whole region server: every side's writes go through it. */
  public static final String WAL_CODEC =
      "org.apache.hadoop.hbase.regionserver.wal.IndexedWALEditCodec";

  private final Connection connection;
  private final Map<String, PhoenixOrders> tables = new HashMap<>();
  private PhoenixStatusOrders statusOrders;

  private Phoenix(Connection connection) {
    this.connection = connection;
  }

  /**
   * Sets on a cluster's configuration, before it starts, what Phoenix needs: {@link #WAL_CODEC}.
   */
  public static void configure(Configuration configuration) {
    configuration.set(WAL_CODEC_KEY, WAL_CODEC);
  }

  /**
   * Connects to the HBase whose ZooKeeper listens on {@code localhost:zooKeeperPort}; the first
   * connection to a cluster creates Phoenix's system tables, which takes seconds.
   *
   * @throws SQLException when Phoenix cannot connect
   */
  public static Phoenix connect(int zooKeeperPort) throws SQLException {
    return new Phoenix(
        DriverManager.getConnection("jdbc:phoenix:localhost:" + zooKeeperPort + ":/hbase"));
  }

  /**
   * The orders of table {@code table}, with the two indexes when {@code indexed}; one per name. The
   * table is created with the options in system property {@code rowan.bench.phoenix.tableOptions}
   * (none by default: Phoenix's defaults).
   */
  public PhoenixOrders orders(String table, boolean indexed) {
    return orders(table, indexed, "");
  }

  /**
   * The same, the table created with {@code options} (such as {@code SALT_BUCKETS=16}) besides
   * those of {@code rowan.bench.phoenix.tableOptions}.
   */
  public PhoenixOrders orders(String table, boolean indexed, String options) {
    return tables.computeIfAbsent(
        table, name -> new PhoenixOrders(connection, name, indexed, tableOptions(options)));
  }

  /**
   * The orders keyed by state of the skip scan workload, table {@link PhoenixStatusOrders#TABLE}.
   */
  public PhoenixStatusOrders statusOrders() {
    if (statusOrders == null) {
      statusOrders = new PhoenixStatusOrders(connection);
    }
    return statusOrders;
  }

  /** The table options of the run, then {@code more}, comma-separated. */
  public static String tableOptions(String more) {
    String common = System.getProperty("rowan.bench.phoenix.tableOptions", "");
    return common.isEmpty() || more.isEmpty() ? common + more : common + ", " + more;
  }

  @Override
  public void close() throws SQLException {
    for (PhoenixOrders orders : tables.values()) {
      orders.close();
    }
    if (statusOrders != null) {
      statusOrders.close();
    }
    connection.close();
  }
}
