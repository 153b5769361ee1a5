package dev.rowan.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The benchmark's data, made from a fixed seed, and the checks that every mapper agrees with Rowan
 * before anything is measured.
 *
 * <p>Thread-safety: stateless and thread-safe.
 */
final class Fixtures {

  /** The timestamp the region server would have given the cells of every stored row. */
  static final long STORED_AT = 1_700_000_000_000L;

  private static final String[] SELLERS = {
    "acme", "globex", "initech", "umbrella", "müller-gmbh", "żabka"
  };

  private Fixtures() {}

  /**
   * {@code count} distinct orders with every field set. Every 100th order number holds a zero byte,
   * so that the checks cover the escape in the row key.
   */
  static Order[] orders(int count, long seed) {
    Random random = new Random(seed);
    Order.Status[] statuses = Order.Status.values();
    Order[] orders = new Order[count];
    for (int i = 0; i < count; i++) {
      String orderNo =
          String.format("ORD-%010d", random.nextInt(Integer.MAX_VALUE))
              + (i % 100 == 0 ? "\0" + i : "-" + i);
      orders[i] =
          new Order(
              orderNo,
              SELLERS[random.nextInt(SELLERS.length)] + "-" + random.nextInt(10_000),
              "buyer-" + random.nextInt(1_000_000),
              Instant.ofEpochSecond(
                  1_600_000_000L + random.nextInt(100_000_000), random.nextInt(1_000_000_000)),
              BigDecimal.valueOf(random.nextInt(10_000_000), 2),
              statuses[random.nextInt(statuses.length)],
              1 + random.nextInt(100));
    }
    return orders;
  }

  /**
   * What a get of the row {@code put} wrote returns: its cells, sorted, stored at {@link
   * #STORED_AT}.
   */
  static Result toResult(Put put) {
    List<Cell> cells = new ArrayList<>();
    for (Cell cell : cells(put)) {
      cells.add(
          new KeyValue(
              CellUtil.cloneRow(cell),
              CellUtil.cloneFamily(cell),
              CellUtil.cloneQualifier(cell),
              STORED_AT,
              KeyValue.Type.Put,
              CellUtil.cloneValue(cell)));
    }
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }

  /**
   * Checks that two puts write the same cells: row, family, qualifier, timestamp, type and value.
   *
   * @throws IllegalStateException naming {@code what} and the first difference
   */
  static void checkSameCells(String what, Put expected, Put actual) {
    if (!Bytes.equals(expected.getRow(), actual.getRow())) {
      throw new IllegalStateException(
          what
              + ": row "
              + Bytes.toStringBinary(actual.getRow())
              + " instead of "
              + Bytes.toStringBinary(expected.getRow()));
    }
    List<Cell> want = cells(expected);
    List<Cell> got = cells(actual);
    if (want.size() != got.size()) {
      throw new IllegalStateException(what + ": " + got + " instead of " + want);
    }
    for (int i = 0; i < want.size(); i++) {
      Cell a = want.get(i);
      Cell b = got.get(i);
      if (!CellUtil.equals(a, b) || !CellUtil.matchingValue(a, b)) {
        throw new IllegalStateException(
            what
                + ": cell "
                + b
                + " = "
                + Bytes.toStringBinary(CellUtil.cloneValue(b))
                + " instead of "
                + a
                + " = "
                + Bytes.toStringBinary(CellUtil.cloneValue(a)));
      }
    }
  }

  /**
   * Checks that {@code actual} equals {@code expected}.
   *
   * @throws IllegalStateException naming {@code what} and both values
   */
  static void checkEqual(String what, Object expected, Object actual) {
    if (!Objects.equals(expected, actual)) {
      throw new IllegalStateException(what + ": " + actual + " instead of " + expected);
    }
  }

  private static List<Cell> cells(Put put) {
    List<Cell> cells = new ArrayList<>();
    try {
      CellScanner scanner = put.cellScanner();
      while (scanner.advance()) {
        cells.add(scanner.current());
      }
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    cells.sort(CellComparator.getInstance());
    return cells;
  }
}
