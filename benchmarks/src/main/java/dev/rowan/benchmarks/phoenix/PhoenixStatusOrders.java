package dev.rowan.benchmarks.phoenix;

import dev.rowan.benchmarks.Order;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Phoenix's side of {@link StatusOrder}: table {@code PSTATUS} with primary key {@code (STATUS,
 * CREATED, ORDER_NO)} and no index, and the question of a time range with the states named in an
 * {@code IN}, which Phoenix plans as a skip scan over five ranges (a {@code SkipScanFilter} seeks
 * from each state's range to the next). Without them, Phoenix reads the whole table, also with the
 * {@code SKIP_SCAN} hint: it does not know the states, which Rowan reads off the enum.
 *
 * <p>Thread-safety: not thread-safe (it holds a JDBC connection's prepared statements).
 */
public final class PhoenixStatusOrders implements AutoCloseable {

  /** The table's name. */
  public static final String TABLE = "PSTATUS";

  private final Connection connection;
  private PreparedStatement between;

  /**
   * The table through {@code connection}, whose autocommit this turns off.
   *
   * @throws IllegalStateException when the connection refuses
   */
  public PhoenixStatusOrders(Connection connection) {
    this.connection = connection;
    try {
      connection.setAutoCommit(false);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * Drops the table if it exists and creates it, empty, with the run's table options.
   *
   * @throws SQLException when Phoenix refuses
   */
  public void create() throws SQLException {
    close();
    try (Statement ddl = connection.createStatement()) {
      ddl.execute("DROP TABLE IF EXISTS " + TABLE);
      ddl.execute(
          "CREATE TABLE "
              + TABLE
              + " (STATUS VARCHAR NOT NULL, CREATED TIMESTAMP NOT NULL, ORDER_NO VARCHAR NOT NULL,"
              + " SELLER VARCHAR, BUYER VARCHAR, AMOUNT DECIMAL(12, 2), QUANTITY BIGINT"
              + " CONSTRAINT PK PRIMARY KEY (STATUS, CREATED, ORDER_NO)) "
              + Phoenix.tableOptions(""));
    }
    connection.commit();
  }

  /**
   * Upserts {@code orders}, committing every {@value PhoenixOrders#BATCH} rows and after the last.
   *
   * @throws SQLException when Phoenix refuses
   */
  public void upsertAll(List<TwoViewOrder> orders) throws SQLException {
    try (PreparedStatement upsert =
        connection.prepareStatement(
            "UPSERT INTO "
                + TABLE
                + " ("
                + PhoenixOrders.COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?)")) {
      PhoenixOrders.upsertAll(connection, upsert, orders);
    }
  }

  /**
   * The orders created in {@code [from, to]}, in no particular order.
   *
   * @throws SQLException when Phoenix refuses
   */
  public List<TwoViewOrder> createdBetween(Instant from, Instant to) throws SQLException {
    if (between == null) {
      between = connection.prepareStatement(query("?", "?"));
    }
    between.setTimestamp(1, Timestamp.from(from));
    between.setTimestamp(2, Timestamp.from(to));
    return PhoenixOrders.read(between);
  }

  /**
   * Phoenix's plan of {@link #createdBetween}, for literal values.
   *
   * @throws SQLException when Phoenix refuses
   */
  public String explain(Instant from, Instant to) throws SQLException {
    String query = query(PhoenixOrders.timestamp(from), PhoenixOrders.timestamp(to));
    StringBuilder plan = new StringBuilder(query).append('\n');
    try (Statement explain = connection.createStatement();
        ResultSet rows = explain.executeQuery("EXPLAIN " + query)) {
      while (rows.next()) {
        plan.append("    ").append(rows.getString(1)).append('\n');
      }
    }
    return plan.toString();
  }

  private static String query(String from, String to) {
    return "SELECT "
        + PhoenixOrders.COLUMNS
        + " FROM "
        + TABLE
        + " WHERE STATUS IN ("
        + Arrays.stream(Order.Status.values())
            .map(status -> "'" + status.name() + "'")
            .collect(Collectors.joining(", "))
        + ") AND CREATED BETWEEN "
        + from
        + " AND "
        + to;
  }

  /** Closes the prepared statement, not the connection. */
  @Override
  public void close() throws SQLException {
    if (between != null) {
      between.close();
      between = null;
    }
  }
}
