package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Loads the tables of the read workloads fast ({@link HandWritten#insertSettled}) and checks, once
 * per entity type, that this writes what Rowan's {@code saveAll} leaves: the same orders written
 * both ways, both compacted, must hold the same rows with the same cells, status cells compared by
 * state and null bitmap (their timestamps and nonces differ by nature).
 *
 * <p>Thread-safety: not thread-safe.
 */
final class SettledLoad {

  private static final int CHUNK = 10_000;

  private SettledLoad() {}

  /**
   * Whether loads use {@code saveAll} ({@code -Drowan.bench.load=saveAll}) instead of {@link
   * HandWritten#insertSettled}.
   */
  static boolean bySaveAll() {
    return "saveAll".equals(System.getProperty("rowan.bench.load"));
  }

  /**
   * Writes {@code count} orders made by {@code orders} (from an index and a count) into {@code
   * type}'s tables in {@code namespace}, which it first recreates, {@value #CHUNK} at a time:
   * settled by {@link HandWritten#insertSettled}, as written {@code ageMillis} before now (as
   * stored a while ago: a write that moves one of them then retires the view row it leaves at once,
   * its write before being out of the settle window), or by {@code saveAll}, now, when {@link
   * #bySaveAll()}.
   */
  static <T> void load(
      Clients clients,
      String namespace,
      Class<T> type,
      Class<? extends HBaseRepository<T>> repository,
      int count,
      java.util.function.BiFunction<Integer, Integer, List<T>> orders,
      long ageMillis)
      throws Exception {
    clients.recreate(namespace, type);
    for (int from = 0; from < count; from += CHUNK) {
      List<T> chunk = orders.apply(from, Math.min(CHUNK, count - from));
      if (bySaveAll()) {
        clients.repository(namespace, repository).saveAll(chunk);
      } else {
        clients.hand(namespace, type).insertSettled(chunk, System.currentTimeMillis() - ageMillis);
      }
    }
  }

  /**
   * Checks that {@link HandWritten#insertSettled} and {@code saveAll} store {@code orders} alike.
   *
   * @throws IllegalStateException naming the first difference
   */
  static <T> void check(
      BenchmarkCluster cluster,
      Clients clients,
      Class<T> type,
      Class<? extends HBaseRepository<T>> repository,
      List<T> orders)
      throws Exception {
    clients.recreate("check_rowan", type);
    clients.repository("check_rowan", repository).saveAll(orders);
    clients.recreate("check_settled", type);
    clients.hand("check_settled", type).insertSettled(orders);
    List<TableName> saved = clients.tables("check_rowan", type);
    List<TableName> loaded = clients.tables("check_settled", type);
    List<TableName> all = new ArrayList<>(saved);
    all.addAll(loaded);
    cluster.compact(clients.connection(), all);
    for (int t = 0; t < saved.size(); t++) {
      List<Result> expected = scan(clients, saved.get(t));
      List<Result> actual = scan(clients, loaded.get(t));
      Workload.check(
          expected.size() == actual.size(),
          loaded.get(t) + ": " + actual.size() + " rows, not " + expected.size());
      for (int r = 0; r < expected.size(); r++) {
        sameRow(loaded.get(t), expected.get(r), actual.get(r));
      }
    }
    clients.rowan("check_rowan").schema().drop(type);
    clients.rowan("check_settled").schema().drop(type);
  }

  private static List<Result> scan(Clients clients, TableName name) throws Exception {
    List<Result> rows = new ArrayList<>();
    try (Table table = clients.connection().getTable(name);
        ResultScanner scanner = table.getScanner(new Scan())) {
      scanner.forEach(rows::add);
    }
    return rows;
  }

  private static void sameRow(TableName table, Result expected, Result actual) {
    String where = table + " row " + Bytes.toStringBinary(expected.getRow());
    Workload.check(
        Bytes.equals(expected.getRow(), actual.getRow()),
        where + ": found " + Bytes.toStringBinary(actual.getRow()));
    Cell[] want = content(expected);
    Cell[] got = content(actual);
    Workload.check(
        want.length == got.length, where + ": " + got.length + " cells, not " + want.length);
    for (int c = 0; c < want.length; c++) {
      byte[] qualifier = CellUtil.cloneQualifier(want[c]);
      Workload.check(
          CellUtil.matchingFamily(want[c], got[c]) && CellUtil.matchingQualifier(want[c], got[c]),
          where + ": cell " + got[c] + " instead of " + want[c]);
      byte[] a = CellUtil.cloneValue(want[c]);
      byte[] b = CellUtil.cloneValue(got[c]);
      if (Qualifier.MAIN_STATUS.matches(qualifier)
          || Qualifier.VIEW_STATUS.matches(qualifier)
          || Qualifier.VIEW_WRITE.matches(qualifier)) {
        // [state][timestamp][nonce][null bitmap]
        a = status(a);
        b = status(b);
      }
      Workload.check(
          Arrays.equals(a, b),
          where
              + ": "
              + Bytes.toStringBinary(qualifier)
              + " = "
              + Bytes.toStringBinary(b)
              + " instead of "
              + Bytes.toStringBinary(a));
    }
  }

  /**
   * The cells of {@code row} but the sync marks a group commit leaves, which say nothing of the
   * content.
   */
  private static Cell[] content(Result row) {
    return Arrays.stream(row.rawCells())
        .filter(c -> !Qualifier.COMMIT_SYNC.matches(c))
        .toArray(Cell[]::new);
  }

  private static byte[] status(byte[] value) {
    byte[] kept = new byte[1 + value.length - RowStatus.LENGTH];
    kept[0] = value[0];
    System.arraycopy(value, RowStatus.LENGTH, kept, 1, value.length - RowStatus.LENGTH);
    return kept;
  }
}
