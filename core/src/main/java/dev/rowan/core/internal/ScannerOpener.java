package dev.rowan.core.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * Opens the scanners of one query at once: opening a scanner fetches its first rows, so the
 * scanners of a salted table's buckets are opened in parallel ({@link ParallelCalls}). Each
 * scanner gets its own {@link Table} (tables are not thread-safe; they are cheap views of the
 * connection).
 */
final class ScannerOpener {

  private ScannerOpener() {}

  /** A scanner, or why it could not be opened. */
  private record Opened(ResultScanner scanner, IOException failure) {}

  /**
   * Opens a scanner for each of {@code scans} on table {@code name}, in the order of the scans.
   *
   * @throws IOException when a scanner cannot be opened; those opened are closed then
   */
  static List<ResultScanner> open(Connection connection, TableName name, List<Scan> scans) throws IOException {
    List<Supplier<Opened>> opening = new ArrayList<>(scans.size());
    for (Scan scan : scans) {
      opening.add(() -> {
        try {
          return new Opened(connection.getTable(name).getScanner(scan), null);
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
}
