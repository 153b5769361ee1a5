package dev.rowan.core.internal.read;

import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.internal.plumbing.ParallelCalls;
import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.metrics.ScanMetrics;
import org.jspecify.annotations.Nullable;

/**
 * Opens the scanners of one query at once: opening a scanner fetches its first rows, so the
 * scanners of a salted table's buckets are opened in parallel ({@link ParallelCalls}). Each scanner
 * gets its own {@link Table} (tables are not thread-safe; they are cheap views of the connection).
 */
final class ScannerOpener {

  private ScannerOpener() {}

  /** A scanner, or why it could not be opened. */
  private record Opened(@Nullable ResultScanner scanner, @Nullable IOException failure) {}

  /**
   * Opens a scanner for each of {@code scans} on table {@code name}, in the order of the scans.
   *
   * @throws IOException when a scanner cannot be opened; those opened are closed then
   */
  static List<ResultScanner> open(Connection connection, @Nullable TableName name, List<Scan> scans)
      throws IOException {
    RepositoryCallContext observed = ObservedCalls.context();
    List<Supplier<Opened>> opening = new ArrayList<>(scans.size());
    for (Scan scan : scans) {
      opening.add(
          () -> {
            try {
              return new Opened(open(connection, name, scan, observed), null);
            } catch (IOException e) {
              return new Opened(null, e);
            }
          });
    }
    List<Opened> opened = opening.isEmpty() ? List.of() : ParallelCalls.all(opening);
    List<ResultScanner> scanners = new ArrayList<>(scans.size());
    IOException failure = null;
    for (Opened one : opened) {
      if (one.failure() != null) {
        failure = failure == null ? one.failure() : failure;
      } else {
        scanners.add(one.scanner());
      }
    }
    if (failure != null) {
      scanners.forEach(ResultScanner::close);
      throw failure;
    }
    return scanners;
  }

  /**
   * Opens a scanner for {@code scan} on table {@code name}, counted for an observed call ({@code
   * observed}, else null): as the RPCs its scan metrics saw when it is closed, where the scan has
   * them on for a reason of its own, else as one RPC. Scan metrics are not switched on to count:
   * they cost about 12 KB of allocation per scan, client and region server together.
   */
  static ResultScanner open(
      Connection connection,
      @Nullable TableName name,
      Scan scan,
      @Nullable RepositoryCallContext observed)
      throws IOException {
    ResultScanner scanner = connection.getTable(name).getScanner(scan);
    if (observed == null) {
      return scanner;
    }
    if (scan.isScanMetricsEnabled()) {
      return new CountedScanner(scanner, observed);
    }
    observed.add(Cost.RPCS, 1);
    return scanner;
  }

  /**
   * A scanner of an observed call with scan metrics, which counts the RPCs it made when it closes.
   */
  private static final class CountedScanner implements ResultScanner {

    private final ResultScanner scanner;
    private final RepositoryCallContext observed;
    private boolean counted;

    CountedScanner(ResultScanner scanner, RepositoryCallContext observed) {
      this.scanner = scanner;
      this.observed = observed;
    }

    @Override
    public Result next() throws IOException {
      return scanner.next();
    }

    @Override
    public void close() {
      scanner.close();
      ScanMetrics metrics = scanner.getScanMetrics();
      if (!counted && metrics != null) {
        counted = true;
        observed.add(Cost.RPCS, metrics.countOfRPCcalls.get());
      }
    }

    @Override
    public boolean renewLease() {
      return scanner.renewLease();
    }

    @Override
    public ScanMetrics getScanMetrics() {
      return scanner.getScanMetrics();
    }
  }
}
