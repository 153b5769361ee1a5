package dev.rowan.security;

import dev.rowan.core.Rowan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;

/**
 * A user of the cluster as HBase's simple authentication knows it, with a connection of its own,
 * made inside {@link User#runAs}: every call through it, and through the Rowans built on it, is
 * checked against this principal's grants. {@link #call} runs code as the principal, for what
 * makes connections of its own (jobs, the command line).
 *
 * <p>Thread-safety: thread-safe.
 */
final class Principal implements AutoCloseable {

  /** A view refresh short enough for a test to see a schema change: one notice is 4 s. */
  static final Duration VIEW_REFRESH = Duration.ofSeconds(1);

  private final User user;
  private final Configuration configuration;
  private Connection connection;

  Principal(User user, Configuration configuration) {
    this.user = user;
    this.configuration = configuration;
  }

  String name() {
    return user.getShortName();
  }

  User user() {
    return user;
  }

  /** A copy of the client configuration. */
  Configuration configuration() {
    return new Configuration(configuration);
  }

  /** This principal's connection, made on first use inside {@code runAs}. */
  synchronized Connection connection() {
    if (connection == null) {
      connection = call(() -> ConnectionFactory.createConnection(configuration()));
    }
    return connection;
  }

  /** A Rowan on this principal's connection, for the tables of {@code namespace}; the caller closes it. */
  Rowan rowan(String namespace) {
    return Rowan.builder(connection()).namespace(namespace).viewRefresh(VIEW_REFRESH).build();
  }

  /**
   * Runs {@code body} as this principal and returns what it returns; a runtime exception or error
   * of the body reaches the caller as it was thrown.
   */
  <T> T call(Callable<T> body) {
    try {
      return user.runAs((PrivilegedExceptionAction<T>) body::call);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    } catch (Exception e) {
      Throwable cause = e.getCause() != null && e.getClass().getName().endsWith("UndeclaredThrowableException")
          ? e.getCause() : e;
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(cause);
    }
  }

  /** Runs {@code body} as this principal. */
  void run(Runnable body) {
    call(() -> {
      body.run();
      return null;
    });
  }

  @Override
  public synchronized void close() {
    if (connection != null) {
      try {
        connection.close();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      connection = null;
    }
  }

  @Override
  public String toString() {
    return "principal " + name();
  }
}
