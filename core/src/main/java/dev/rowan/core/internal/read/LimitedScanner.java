package dev.rowan.core.internal.read;

import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.observation.RepositoryCallContext;
import java.io.IOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.metrics.ScanMetrics;
import org.jspecify.annotations.Nullable;

/**
 * A scanner for a query that needs about {@code limit} rows of a range (a Top/First N, a page): its
 * scans carry {@link Scan#setLimit(int)}, so the region server returns at most that many rows and
 * closes its scanner itself, without a closing round trip. Not every row a scan returns becomes an
 * entity (a view row found stale is dropped, a condition checked on the client fails), so when a
 * scan has returned all {@code limit} rows and more are asked for, this opens the next scan of the
 * same range after the last row returned: a query reads more only when it needs more.
 */
final class LimitedScanner implements ResultScanner {

  private final Connection connection;
  private final @Nullable TableName name;
  private final Scan scan;
  private final int limit;
  private ResultScanner current;
  private int returned;
  private byte @Nullable [] last;
  private int reopens;

  /** The context of the observed call this scanner reads for, or null. */
  private final @Nullable RepositoryCallContext observed = ObservedCalls.context();

  /** Wraps {@code opened}, the scanner already opened for {@code scan}, which carries the limit. */
  LimitedScanner(Connection connection, @Nullable TableName name, Scan scan, ResultScanner opened) {
    this.connection = connection;
    this.name = name;
    this.scan = scan;
    this.limit = scan.getLimit();
    this.current = opened;
  }

  @Override
  public @Nullable Result next() throws IOException {
    while (true) {
      Result row = current.next();
      if (row != null) {
        returned++;
        last = row.getRow();
        return row;
      }
      if (returned < limit || last == null) {
        return null; // the range ended before the limit
      }
      reopen();
    }
  }

  /**
   * Whether the range was read by more than one scan: a scan after the first reads from a later
   * point.
   */
  boolean reopened() {
    return reopens > 0;
  }

  private void reopen() throws IOException {
    reopens++;
    current.close();
    current =
        ScannerOpener.open(connection, name, new Scan(scan).withStartRow(last, false), observed);
    returned = 0;
  }

  @Override
  public void close() {
    current.close();
  }

  @Override
  public boolean renewLease() {
    return current.renewLease();
  }

  @Override
  public ScanMetrics getScanMetrics() {
    return current.getScanMetrics();
  }
}
