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
}
