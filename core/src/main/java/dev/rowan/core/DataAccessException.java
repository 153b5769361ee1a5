package dev.rowan.core;

import dev.rowan.RowanException;

/**
 * HBase failed: an {@link java.io.IOException} from the client, translated at the boundary,
 * with the table and operation that failed.
 *
 * <p>Thread-safety: immutable.
 */
public final class DataAccessException extends RowanException {

  private static final long serialVersionUID = 1L;

  private DataAccessException(String message, Throwable cause) {
    super(message, cause);
  }

  /** {@code operation} on {@code table} failed with {@code cause}. */
  public static DataAccessException of(String operation, String table, Throwable cause) {
    return new DataAccessException(operation + " on table " + table + " failed: " + cause.getMessage(), cause);
  }

  /**
   * {@code operation} with the cluster {@code cluster} (as its client finds it, e.g.
   * {@code at ZooKeeper zk1,zk2:2181/hbase}) failed with {@code cause}.
   */
  public static DataAccessException ofCluster(String operation, String cluster, Throwable cause) {
    return new DataAccessException(operation + " to the HBase cluster " + cluster + " failed: " + cause.getMessage(),
        cause);
  }
}
