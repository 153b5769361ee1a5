package dev.rowan.core.internal;

import java.io.Closeable;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Merges the scanners of the buckets of a salted table into one iterator in key order, the
 * salt byte ignored; with one scanner, passes it through.
 */
final class BucketMerge implements Iterator<Result>, Closeable {

  private final List<ResultScanner> scanners;
  private final PriorityQueue<Head> heads;
  private final int saltLength;

  private record Head(Result result, Iterator<Result> source) {}

  BucketMerge(List<ResultScanner> scanners, int saltLength) {
    this(scanners, saltLength, false);
  }

  /** Merges scanners that each return rows in descending key order when {@code descending}. */
  BucketMerge(List<ResultScanner> scanners, int saltLength, boolean descending) {
    this.scanners = scanners;
    this.saltLength = saltLength;
    this.heads = new PriorityQueue<>(Math.max(1, scanners.size()), (a, b) -> {
      byte[] x = a.result.getRow();
      byte[] y = b.result.getRow();
      int order = Bytes.compareTo(x, saltLength, x.length - saltLength, y, saltLength, y.length - saltLength);
      return descending ? -order : order;
    });
    for (ResultScanner scanner : scanners) {
      advance(scanner.iterator());
    }
  }

  private void advance(Iterator<Result> source) {
    if (source.hasNext()) {
      heads.add(new Head(source.next(), source));
    }
  }

  @Override
  public boolean hasNext() {
    return !heads.isEmpty();
  }

  @Override
  public Result next() {
    Head head = heads.poll();
    if (head == null) {
      throw new NoSuchElementException();
    }
    advance(head.source);
    return head.result;
  }

  @Override
  public void close() {
    for (ResultScanner scanner : scanners) {
      scanner.close();
    }
  }
}
