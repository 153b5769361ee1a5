package dev.rowan.core.internal.read;

import dev.rowan.core.internal.plumbing.HBaseCalls;
import java.io.Closeable;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Merges the scanners of the buckets of a salted table into one iterator in key order, the salt
 * byte ignored; with one scanner, passes it through. A scanner is read for its next row only when
 * the merge is asked for a row after taking one from it, so a query that stops after its N-th row
 * makes no round trip for an (N+1)-th.
 */
final class BucketMerge implements Iterator<Result>, Closeable {

  private final List<ResultScanner> scanners;
  private final TableName table;

  /** The rows of the one scanner, passed through; null when there are several. */
  private final @Nullable Iterator<Result> single;

  private final PriorityQueue<Head> heads;
  private final int saltLength;

  /** The scanner the last row came from, read again only when a row is asked for. */
  private @Nullable Iterator<Result> taken;

  private record Head(Result result, Iterator<Result> source) {}

  BucketMerge(List<ResultScanner> scanners, TableName table, int saltLength) {
    this(scanners, table, saltLength, false);
  }

  /**
   * Merges the scanners of {@code table}, which each return rows in descending key order when
   * {@code descending}.
   */
  BucketMerge(List<ResultScanner> scanners, TableName table, int saltLength, boolean descending) {
    this.scanners = scanners;
    this.table = table;
    this.saltLength = saltLength;
    this.single = scanners.size() == 1 ? rows(scanners.get(0)) : null;
    this.heads =
        new PriorityQueue<>(
            Math.max(1, scanners.size()),
            (a, b) -> {
              byte[] x = a.result.getRow();
              byte[] y = b.result.getRow();
              int order =
                  Bytes.compareTo(
                      x, saltLength, x.length - saltLength, y, saltLength, y.length - saltLength);
              return descending ? -order : order;
            });
    if (single == null) {
      for (ResultScanner scanner : scanners) {
        advance(rows(scanner));
      }
    }
  }

  private Iterator<Result> rows(ResultScanner scanner) {
    return HBaseCalls.rows(scanner, "scan", table);
  }

  private void advance(Iterator<Result> source) {
    if (source.hasNext()) {
      heads.add(new Head(source.next(), source));
    }
  }

  @Override
  public boolean hasNext() {
    if (single != null) {
      return single.hasNext();
    }
    if (taken != null) {
      advance(taken);
      taken = null;
    }
    return !heads.isEmpty();
  }

  @Override
  public Result next() {
    if (single != null) {
      if (!single.hasNext()) { // a ResultScanner's own iterator returns null at the end
        throw new NoSuchElementException();
      }
      return single.next();
    }
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    Head head = heads.poll();
    taken = head.source;
    return head.result;
  }

  @Override
  public void close() {
    for (ResultScanner scanner : scanners) {
      scanner.close();
    }
  }
}
