package dev.rowan.core;

import dev.rowan.RowanException;
import dev.rowan.core.internal.plumbing.AccessRefusal;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * HBase failed: an {@link java.io.IOException} from the client, translated at the boundary, with
 * the table and operation that failed. A refusal of HBase's access control is the subclass {@link
 * PermissionDeniedException}.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public class DataAccessException extends RowanException {

  private static final long serialVersionUID = 1L;

  /** A failure described by {@code message}, caused by {@code cause}. */
  protected DataAccessException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }

  /**
   * {@code operation} on {@code table} failed with {@code cause}; the message gives the first line
   * of the cause's (a remote error's next lines are the region server's stack trace, kept in the
   * cause). A refusal of HBase's access control among the causes gives a {@link
   * PermissionDeniedException}.
   */
  public static DataAccessException of(String operation, String table, Throwable cause) {
    Optional<AccessRefusal> refusal = AccessRefusal.in(cause);
    if (refusal.isPresent()) {
      return refusal.get().exception(operation, table);
    }
    return new DataAccessException(
        onTable(operation, table) + " failed: " + firstLine(cause), cause);
  }

  /**
   * {@code operation} on {@code table} as a message says it: {@code "read rows on table t"}, or
   * {@code "list the period tables of table t"} for an operation that ends in a preposition.
   */
  static String onTable(String operation, String table) {
    boolean preposition =
        operation.endsWith(" of")
            || operation.endsWith(" in")
            || operation.endsWith(" from")
            || operation.endsWith(" to")
            || operation.endsWith(" on");
    return operation + (preposition ? " table " : " on table ") + table;
  }

  /** The first line of {@code cause}'s message. */
  static String firstLine(Throwable cause) {
    String message = cause.getMessage();
    return message == null ? cause.getClass().getName() : message.lines().findFirst().orElse("");
  }

  /**
   * {@code operation} with the cluster {@code cluster} (as its client finds it, e.g. {@code at
   * ZooKeeper zk1,zk2:2181/hbase}) failed with {@code cause}.
   */
  public static DataAccessException ofCluster(String operation, String cluster, Throwable cause) {
    return new DataAccessException(
        operation + " to the HBase cluster " + cluster + " failed: " + firstLine(cause), cause);
  }
}
