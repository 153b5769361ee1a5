package dev.rowan.index;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;

/**
 * The size of a cell as HBase's client counts it against {@code hbase.client.keyvalue.maxsize}, the
 * largest cell a client sends: a put with a larger cell fails before it leaves the client. Saves
 * are checked against it before anything is written; a repair that converts a row of a cell per
 * column into one packed cell can be larger, and is then left undone.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.2
 */
public final class CellSize {

  /** The configuration key of the largest cell a client sends. */
  public static final String MAX_KEY = "hbase.client.keyvalue.maxsize";

  /** HBase's default of {@value #MAX_KEY}: 10 MB. */
  public static final long DEFAULT_MAX = 10_485_760L;

  /** What a cell adds to its row, family, qualifier and value in HBase's size check. */
  public static final int OVERHEAD = 20;

  private CellSize() {}

  /** The largest cell a client of {@code conf} sends; 0 or less: no limit. */
  public static long max(Configuration conf) {
    return conf.getLong(MAX_KEY, DEFAULT_MAX);
  }

  /** The size HBase's client counts for {@code cell} against its limit, less its row key. */
  public static long withoutRow(Cell cell) {
    return (long) cell.getFamilyLength()
        + cell.getQualifierLength()
        + cell.getValueLength()
        + OVERHEAD;
  }

  /**
   * Whether HBase's client would send {@code action}, a mutation or the mutations of one row: false
   * when a cell of a put is larger than {@code max} ({@link #max}; 0 or less: no limit).
   */
  public static boolean fits(Row action, long max) {
    if (max <= 0) {
      return true;
    }
    List<Mutation> mutations =
        action instanceof RowMutations row ? row.getMutations() : List.of((Mutation) action);
    for (Mutation mutation : mutations) {
      if (!(mutation instanceof Put)) {
        continue;
      }
      for (List<Cell> cells : mutation.getFamilyCellMap().values()) {
        for (Cell cell : cells) {
          if (cell.getRowLength() + withoutRow(cell) > max) {
            return false;
          }
        }
      }
    }
    return true;
  }
}
