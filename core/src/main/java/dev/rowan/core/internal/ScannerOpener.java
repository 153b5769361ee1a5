package dev.rowan.core.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * Opens the scanners of one query at once: opening a scanner fetches its first rows, so the
 * scanners of a salted table's buckets are opened in parallel, on a bounded pool of daemon
 * threads shared by every query of the JVM. When the pool is busy, the caller opens the
 * scanner itself, so a query never waits for a thread. Each scanner gets its own {@link Table}
 * (tables are not thread-safe; they are cheap views of the connection).
 */
final class ScannerOpener {

  /** Threads that open scanners for all queries of this JVM. */
  static final int THREADS = 16;

  private static final ExecutorService POOL = pool();

  private ScannerOpener() {}

  /**
   * Opens a scanner for each of {@code scans} on table {@code name}, in the order of the scans.
   *
   * @throws IOException when a scanner cannot be opened; those opened are closed then
   */
  static List<ResultScanner> open(Connection connection, TableName name, List<Scan> scans) throws IOException {
    if (scans.size() <= 1) {
      List<ResultScanner> one = new ArrayList<>(1);
      for (Scan scan : scans) {
        one.add(openOne(connection, name, scan));
      }
      return one;
    }
    List<CompletableFuture<ResultScanner>> opening = new ArrayList<>(scans.size());
    for (Scan scan : scans) {
      opening.add(CompletableFuture.supplyAsync(() -> {
        try {
          return openOne(connection, name, scan);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }, POOL));
    }
    List<ResultScanner> open = new ArrayList<>(scans.size());
    IOException failure = null;
    for (CompletableFuture<ResultScanner> scanner : opening) {
      try {
        open.add(scanner.join());
      } catch (CompletionException e) {
        Throwable cause = e.getCause() instanceof UncheckedIOException unchecked ? unchecked.getCause() : e.getCause();
        if (failure == null) {
          failure = cause instanceof IOException io ? io : new IOException(cause);
        }
      }
    }
    if (failure != null) {
      open.forEach(ResultScanner::close);
      throw failure;
    }
    return open;
  }

  private static ResultScanner openOne(Connection connection, TableName name, Scan scan) throws IOException {
    Table table = connection.getTable(name);
    return table.getScanner(scan);
  }

  private static ExecutorService pool() {
    AtomicInteger count = new AtomicInteger();
    ThreadPoolExecutor pool = new ThreadPoolExecutor(0, THREADS, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
        task -> {
          Thread thread = new Thread(task, "rowan-scan-open-" + count.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        }, new ThreadPoolExecutor.CallerRunsPolicy());
    return pool;
  }
}
