package dev.rowan.core.internal.plumbing;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Table;

/**
 * The one place where HBase's checked exceptions become Rowan's {@link DataAccessException}, naming
 * the operation and the table (or, for a connection, the cluster) it was for. Every call of Rowan's
 * to HBase goes through it: table calls, region lookups, admin calls, scanners and the rows they
 * return, and opening and closing a connection.
 */
public final class HBaseCalls {

  private HBaseCalls() {}

  /** A call that may fail as HBase's client does. */
  @FunctionalInterface
  public interface Call<R> {
    R call() throws IOException, InterruptedException;
  }

  /** A call against one table. */
  @FunctionalInterface
  public interface TableCall<R> {
    R call(Table table) throws IOException, InterruptedException;
  }

  /** A call against the region locator of one table. */
  @FunctionalInterface
  public interface LocatorCall<R> {
    R call(RegionLocator locator) throws IOException;
  }

  /** A call against the admin API. */
  @FunctionalInterface
  public interface AdminCall<R> {
    R call(Admin admin) throws IOException;
  }

  /** A call that returns nothing. */
  @FunctionalInterface
  public interface Action {
    void run() throws IOException, InterruptedException;
  }

  /** A call against one table that returns nothing. */
  @FunctionalInterface
  public interface TableAction {
    void run(Table table) throws IOException, InterruptedException;
  }

  /** A call against the admin API that returns nothing. */
  @FunctionalInterface
  public interface AdminAction {
    void run(Admin admin) throws IOException;
  }

  /** Opens a connection to the cluster {@code configuration} names with {@code opener}. */
  @FunctionalInterface
  public interface ConnectionOpener {
    Connection open(Configuration configuration) throws IOException;
  }

  /**
   * {@code call}, {@code operation} on table {@code table}: HBase's exceptions become a {@link
   * DataAccessException} naming both (an interruption also sets the thread's flag).
   */
  public static <R> R call(String operation, TableName table, Call<R> call) {
    try {
      return call.call();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw DataAccessException.of(operation, table.getNameAsString(), e);
    } catch (IOException e) {
      throw translate(operation, table, e);
    }
  }

  /** {@link #call} of an action that returns nothing. */
  public static void run(String operation, TableName table, Action action) {
    call(
        operation,
        table,
        () -> {
          action.run();
          return Boolean.TRUE; // no value: counts no rows
        });
  }

  /** {@link #on} of an action that returns nothing. */
  public static void runOn(
      Connection connection, TableName name, String operation, TableAction action) {
    on(
        connection,
        name,
        operation,
        table -> {
          action.run(table);
          return Boolean.TRUE; // no value: counts no rows
        });
  }

  /**
   * The pool that the tables of {@link #runWithin} send their calls to each region server on,
   * shared as a connection's own tables share one (a table built without a pool would start a pool
   * of its own, threads and all, for each call).
   */
  private static final ExecutorService DEADLINE_TABLES =
      ParallelCalls.daemonPool("rowan-deadline-call-", 256);

  /**
   * {@link #runOn}, with every call to HBase of {@code action} given a deadline {@code
   * timeoutMillis} from now (at least a millisecond): the client gives up then, and a region server
   * drops a call that no handler has taken by its deadline.
   */
  public static void runWithin(
      Connection connection,
      TableName name,
      String operation,
      long timeoutMillis,
      TableAction action) {
    int timeout = (int) Math.max(1, Math.min(Integer.MAX_VALUE, timeoutMillis));
    on(
        name,
        operation,
        () ->
            connection
                .getTableBuilder(name, DEADLINE_TABLES)
                .setOperationTimeout(timeout)
                .setRpcTimeout(timeout)
                .setWriteRpcTimeout(timeout)
                .build(),
        table -> {
          action.run(table);
          return Boolean.TRUE; // no value: counts no rows
        });
  }

  /** {@link #admin} of an action that returns nothing. */
  public static void runAdmin(
      Connection connection, TableName table, String operation, AdminAction action) {
    admin(
        connection,
        table,
        operation,
        admin -> {
          action.run(admin);
          return Boolean.TRUE;
        });
  }

  private static DataAccessException translate(String operation, TableName table, IOException e) {
    if (e instanceof InterruptedIOException) {
      Thread.currentThread().interrupt();
    }
    return DataAccessException.of(operation, table.getNameAsString(), e);
  }

  public static <R> R locate(
      Connection connection, TableName name, String operation, LocatorCall<R> call) {
    return call(
        operation,
        name,
        () -> {
          try (RegionLocator locator = connection.getRegionLocator(name)) {
            return call.call(locator);
          }
        });
  }

  /**
   * {@code call} on table {@code name}; for an observed call ({@link ObservedCalls}), counted as
   * one call to HBase, and the rows it returned as read.
   */
  public static <R> R on(
      Connection connection, TableName name, String operation, TableCall<R> call) {
    return on(name, operation, () -> connection.getTable(name), call);
  }

  /** Opens a table for one call. */
  @FunctionalInterface
  private interface TableOpener {
    Table open() throws IOException;
  }

  private static <R> R on(TableName name, String operation, TableOpener opener, TableCall<R> call) {
    RepositoryCallContext observed = ObservedCalls.context();
    R result =
        call(
            operation,
            name,
            () -> {
              try (Table table = opener.open()) {
                return call.call(table);
              }
            });
    ObservedCalls.called(observed, result);
    return result;
  }

  /** {@code call} with an admin of {@code connection}, {@code operation} on table {@code table}. */
  public static <R> R admin(
      Connection connection, TableName table, String operation, AdminCall<R> call) {
    return call(
        operation,
        table,
        () -> {
          try (Admin admin = connection.getAdmin()) {
            return call.call(admin);
          }
        });
  }

  /**
   * The rows of {@code scanner}, read as they are asked for; a failed read becomes a {@link
   * DataAccessException} naming {@code operation} and {@code table}. For an observed call ({@link
   * ObservedCalls}), each row is counted as read.
   */
  public static Iterator<Result> rows(ResultScanner scanner, String operation, TableName table) {
    Iterator<Result> rows = scanner.iterator(); // HBase's iterator throws UncheckedIOException
    RepositoryCallContext observed = ObservedCalls.context();
    if (observed != null) {
      return new Iterator<>() {
        private final Iterator<Result> translated = translated(rows, operation, table);

        @Override
        public boolean hasNext() {
          return translated.hasNext();
        }

        @Override
        public Result next() {
          Result row = translated.next();
          observed.add(Cost.ROWS_READ, 1);
          return row;
        }
      };
    }
    return translated(rows, operation, table);
  }

  private static Iterator<Result> translated(
      Iterator<Result> rows, String operation, TableName table) {
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        try {
          return rows.hasNext();
        } catch (UncheckedIOException e) {
          throw translate(
              operation,
              table,
              Objects.requireNonNull(e.getCause(), "an unchecked I/O exception has a cause"));
        }
      }

      @Override
      public Result next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        return rows.next();
      }
    };
  }

  /**
   * Opens a connection with {@code opener}; a failure becomes a {@link DataAccessException} naming
   * the cluster that {@code configuration} points at ({@link #cluster}).
   */
  public static Connection connect(Configuration configuration, ConnectionOpener opener) {
    try {
      return opener.open(configuration);
    } catch (InterruptedIOException e) {
      Thread.currentThread().interrupt();
      throw DataAccessException.ofCluster("connect", cluster(configuration), e);
    } catch (IOException e) {
      throw DataAccessException.ofCluster("connect", cluster(configuration), e);
    }
  }

  /**
   * Closes {@code connection}; a failure becomes a {@link DataAccessException} naming its cluster.
   */
  public static void close(Connection connection) {
    try {
      connection.close();
    } catch (IOException e) {
      throw DataAccessException.ofCluster(
          "close the connection", cluster(connection.getConfiguration()), e);
    }
  }

  /**
   * The cluster {@code configuration} points at, as its client finds it: the masters it names
   * ({@code hbase.masters}, for the RPC registry), or else its ZooKeeper quorum, client port and
   * parent znode ({@code zk1,zk2:2181/hbase}).
   */
  static String cluster(Configuration configuration) {
    String masters = configuration.get("hbase.masters");
    if (masters != null && !masters.isBlank()) {
      return "with masters " + masters;
    }
    return "at ZooKeeper "
        + configuration.get(HConstants.ZOOKEEPER_QUORUM, HConstants.LOCALHOST)
        + ":"
        + configuration.getInt(
            HConstants.ZOOKEEPER_CLIENT_PORT, HConstants.DEFAULT_ZOOKEEPER_CLIENT_PORT)
        + configuration.get(
            HConstants.ZOOKEEPER_ZNODE_PARENT, HConstants.DEFAULT_ZOOKEEPER_ZNODE_PARENT);
  }
}
