package dev.rowan.benchmarks.phoenix;

import dev.rowan.benchmarks.Order;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Phoenix side of the comparison: one Phoenix table of orders, with or without the covered
 * global indexes {@code <table>_SELLER} on {@code (SELLER, CREATED)} and {@code <table>_BUYER} on
 * {@code (BUYER, CREATED)}, each including every other column, and the statements the workloads run
 * on it, each prepared once and executed with bound parameters. Writes are upserts with autocommit
 * off and a commit every {@value #BATCH} rows, as Phoenix's documentation advises.
 *
 * <p>Tables and indexes get Phoenix's defaults unless options are given: no salting, column
 * encoding, one cell per column, mutable, strongly consistent global indexes (Phoenix 5.1 and
 * later), table metadata checked with the server at every statement execution ({@code
 * UPDATE_CACHE_FREQUENCY} {@code ALWAYS}).
 *
 * <p>Thread-safety: not thread-safe (it holds a JDBC connection's prepared statements).
 */
public final class PhoenixOrders implements AutoCloseable {

  /** Rows per commit of a batched write. */
  public static final int BATCH = 1000;

  private static final DateTimeFormatter MILLIS =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneOffset.UTC);
  static final String COLUMNS = "ORDER_NO, SELLER, BUYER, CREATED, AMOUNT, STATUS, QUANTITY";

  private final Connection connection;
  private final String table;
  private final boolean indexed;
  private final String options;
  private PreparedStatement upsert;
  private PreparedStatement between;
  private PreparedStatement newest;
  private PreparedStatement byKey;
  private final Map<Integer, PreparedStatement> sellersBetween = new HashMap<>();

  /**
   * The orders of Phoenix table {@code table} through {@code connection}, whose autocommit this
   * turns off; {@code indexed} says whether {@link #create()} makes the two indexes.
   *
   * @throws IllegalStateException when the connection refuses
   */
  public PhoenixOrders(Connection connection, String table, boolean indexed) {
    this(connection, table, indexed, "");
  }

  /**
   * The same with table {@code options} for {@code CREATE TABLE} (such as {@code
   * UPDATE_CACHE_FREQUENCY=60000}); none by default.
   *
   * @throws IllegalStateException when the connection refuses
   */
  public PhoenixOrders(Connection connection, String table, boolean indexed, String options) {
    this.connection = connection;
    this.options = options;
    this.table = table;
    this.indexed = indexed;
    try {
      connection.setAutoCommit(false);
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The Phoenix table's name. */
  public String table() {
    return table;
  }

  /** The HBase tables behind it: the data table, then the indexes' tables, if any. */
  public List<String> hbaseTables() {
    return indexed ? List.of(table, table + "_SELLER", table + "_BUYER") : List.of(table);
  }

  /**
   * Drops the table (and its indexes) if it exists, and creates it, empty.
   *
   * @throws SQLException when Phoenix refuses
   */
  public void create() throws SQLException {
    close();
    try (Statement ddl = connection.createStatement()) {
      ddl.execute("DROP TABLE IF EXISTS " + table);
      ddl.execute(
          "CREATE TABLE "
              + table
              + " (ORDER_NO VARCHAR NOT NULL PRIMARY KEY, SELLER VARCHAR, "
              + "BUYER VARCHAR, CREATED TIMESTAMP, AMOUNT DECIMAL(12, 2), STATUS VARCHAR, QUANTITY BIGINT) "
              + options);
      if (indexed) {
        ddl.execute(
            "CREATE INDEX "
                + table
                + "_SELLER ON "
                + table
                + " (SELLER, CREATED) INCLUDE (BUYER, AMOUNT, STATUS, QUANTITY)");
        ddl.execute(
            "CREATE INDEX "
                + table
                + "_BUYER ON "
                + table
                + " (BUYER, CREATED) INCLUDE (SELLER, AMOUNT, STATUS, QUANTITY)");
      }
    }
    connection.commit();
  }

  /**
   * Upserts {@code orders}, committing every {@value #BATCH} rows and after the last.
   *
   * @throws SQLException when Phoenix refuses
   */
  public void upsertAll(List<TwoViewOrder> orders) throws SQLException {
    upsertAll(connection, upsert(), orders);
  }

  /**
   * Executes {@code upsert}, an {@code UPSERT} of {@link #COLUMNS} through {@code connection}, for
   * each of {@code orders}, committing every {@value #BATCH} rows and after the last.
   */
  static void upsertAll(Connection connection, PreparedStatement upsert, List<TwoViewOrder> orders)
      throws SQLException {
    int pending = 0;
    for (TwoViewOrder order : orders) {
      bind(upsert, order);
      upsert.executeUpdate();
      if (++pending == BATCH) {
        connection.commit();
        pending = 0;
      }
    }
    if (pending > 0) {
      connection.commit();
    }
  }

  /**
   * Upserts one order and commits it.
   *
   * @throws SQLException when Phoenix refuses
   */
  public void upsert(TwoViewOrder order) throws SQLException {
    PreparedStatement statement = upsert();
    bind(statement, order);
    statement.executeUpdate();
    connection.commit();
  }

  /**
   * The seller's orders created in {@code [from, to]}, oldest first (then by order number).
   *
   * @throws SQLException when Phoenix refuses
   */
  public List<TwoViewOrder> sellerBetween(String seller, Instant from, Instant to)
      throws SQLException {
    if (between == null) {
      between = connection.prepareStatement(betweenQuery("?", "?", "?"));
    }
    between.setString(1, seller);
    between.setTimestamp(2, Timestamp.from(from));
    between.setTimestamp(3, Timestamp.from(to));
    return read(between);
  }

  /**
   * The orders of {@code sellers} created in {@code [from, to]}, in no particular order: a
   * statement with as many parameters as sellers, prepared once per count.
   *
   * @throws SQLException when Phoenix refuses
   */
  public List<TwoViewOrder> sellersBetween(List<String> sellers, Instant from, Instant to)
      throws SQLException {
    PreparedStatement statement =
        sellersBetween.computeIfAbsent(
            sellers.size(),
            n -> {
              try {
                return connection.prepareStatement(
                    sellersBetweenQuery(String.join(", ", Collections.nCopies(n, "?")), "?", "?"));
              } catch (SQLException e) {
                throw new IllegalStateException("Phoenix refused an IN of " + n + " sellers", e);
              }
            });
    int at = 1;
    for (String seller : sellers) {
      statement.setString(at++, seller);
    }
    statement.setTimestamp(at++, Timestamp.from(from));
    statement.setTimestamp(at, Timestamp.from(to));
    return read(statement);
  }

  /**
   * Phoenix's plan of {@link #sellersBetween}, for literal values.
   *
   * @throws SQLException when Phoenix refuses
   */
  public String explainSellersBetween(List<String> sellers, Instant from, Instant to)
      throws SQLException {
    String query =
        sellersBetweenQuery(
            String.join(", ", sellers.stream().map(PhoenixOrders::quote).toList()),
            timestamp(from),
            timestamp(to));
    StringBuilder plan =
        new StringBuilder(query.length() > 300 ? query.substring(0, 300) + " ..." : query)
            .append('\n');
    try (Statement explain = connection.createStatement();
        ResultSet rows = explain.executeQuery("EXPLAIN " + query)) {
      while (rows.next()) {
        plan.append("    ").append(rows.getString(1)).append('\n');
      }
    }
    return plan.toString();
  }

  private String sellersBetweenQuery(String sellers, String from, String to) {
    return "SELECT "
        + COLUMNS
        + " FROM "
        + table
        + " WHERE SELLER IN ("
        + sellers
        + ") AND CREATED BETWEEN "
        + from
        + " AND "
        + to;
  }

  /**
   * The seller's ten newest orders, newest first.
   *
   * @throws SQLException when Phoenix refuses
   */
  public List<TwoViewOrder> newest(String seller) throws SQLException {
    if (newest == null) {
      newest = connection.prepareStatement(newestQuery("?"));
    }
    newest.setString(1, seller);
    return read(newest);
  }

  /**
   * The order {@code orderNo}, or null.
   *
   * @throws SQLException when Phoenix refuses
   */
  public TwoViewOrder get(String orderNo) throws SQLException {
    if (byKey == null) {
      byKey = connection.prepareStatement(getQuery("?"));
    }
    byKey.setString(1, orderNo);
    List<TwoViewOrder> found = read(byKey);
    return found.isEmpty() ? null : found.get(0);
  }

  /**
   * Phoenix's plans of the three queries, for literal values of a seller, a range and an order.
   *
   * @throws SQLException when Phoenix refuses
   */
  public List<String> explain(String seller, Instant from, Instant to, String orderNo)
      throws SQLException {
    List<String> plans = new ArrayList<>();
    for (String query :
        List.of(
            betweenQuery(quote(seller), timestamp(from), timestamp(to)),
            newestQuery(quote(seller)),
            getQuery(quote(orderNo)))) {
      StringBuilder plan = new StringBuilder(query).append('\n');
      try (Statement statement = connection.createStatement();
          ResultSet rows = statement.executeQuery("EXPLAIN " + query)) {
        while (rows.next()) {
          plan.append("    ").append(rows.getString(1)).append('\n');
        }
      }
      plans.add(plan.toString());
    }
    return plans;
  }

  private String betweenQuery(String seller, String from, String to) {
    return "SELECT "
        + COLUMNS
        + " FROM "
        + table
        + " WHERE SELLER = "
        + seller
        + " AND CREATED BETWEEN "
        + from
        + " AND "
        + to
        + " ORDER BY CREATED";
  }

  private String newestQuery(String seller) {
    return "SELECT "
        + COLUMNS
        + " FROM "
        + table
        + " WHERE SELLER = "
        + seller
        + " ORDER BY CREATED DESC LIMIT 10";
  }

  private String getQuery(String orderNo) {
    return "SELECT " + COLUMNS + " FROM " + table + " WHERE ORDER_NO = " + orderNo;
  }

  private static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  static String timestamp(Instant at) {
    return "TO_TIMESTAMP('" + MILLIS.format(at) + "')";
  }

  private PreparedStatement upsert() throws SQLException {
    if (upsert == null) {
      upsert =
          connection.prepareStatement(
              "UPSERT INTO " + table + " (" + COLUMNS + ") VALUES (?, ?, ?, ?, ?, ?, ?)");
    }
    return upsert;
  }

  private static void bind(PreparedStatement statement, TwoViewOrder order) throws SQLException {
    statement.setString(1, order.orderNo());
    statement.setString(2, order.sellerId());
    statement.setString(3, order.buyerId());
    statement.setTimestamp(4, Timestamp.from(order.createdAt()));
    statement.setBigDecimal(5, order.amount());
    statement.setString(6, order.status().name());
    statement.setLong(7, order.quantity());
  }

  static List<TwoViewOrder> read(PreparedStatement statement) throws SQLException {
    List<TwoViewOrder> found = new ArrayList<>();
    try (ResultSet rows = statement.executeQuery()) {
      while (rows.next()) {
        // Phoenix drops the trailing zeros of a DECIMAL(12, 2); BigDecimal.equals would see another
        // value
        found.add(
            new TwoViewOrder(
                rows.getString(1),
                rows.getString(2),
                rows.getString(3),
                rows.getTimestamp(4).toInstant(),
                rows.getBigDecimal(5).setScale(2),
                Order.Status.valueOf(rows.getString(6)),
                rows.getLong(7)));
      }
    }
    return found;
  }

  /** Closes the prepared statements, not the connection. */
  @Override
  public void close() throws SQLException {
    for (PreparedStatement statement : new PreparedStatement[] {upsert, between, newest, byKey}) {
      if (statement != null) {
        statement.close();
      }
    }
    for (PreparedStatement statement : sellersBetween.values()) {
      statement.close();
    }
    sellersBetween.clear();
    upsert = null;
    between = null;
    newest = null;
    byKey = null;
  }
}
