package dev.rowan.mapreduce.internal.hfile;

import dev.rowan.mapreduce.RowCells;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;

/**
 * Internal, not API: gathers the cells {@link EntityCells} emits, which come a row at a time, into
 * one {@link RowCells} per table and row, sorted as HFiles need them.
 *
 * <p>Thread-safety: not thread-safe; one per map task.
 */
public final class RowGrouper implements EntityCells.Sink {

  /** Where the rows go: the map task's output. */
  @FunctionalInterface
  public interface Output {
    void write(int table, byte[] row, RowCells cells) throws IOException, InterruptedException;
  }

  private final Output output;
  private final List<KeyValue> cells = new ArrayList<>();
  private int table = -1;

  public RowGrouper(Output output) {
    this.output = output;
  }

  @Override
  public void accept(int table, KeyValue cell) throws IOException, InterruptedException {
    if (!cells.isEmpty() && (table != this.table || !CellUtil.matchingRows(cells.get(0), cell))) {
      flush();
    }
    this.table = table;
    cells.add(cell);
  }

  /** Drops the cells of the row gathered so far (an entity that failed half way). */
  public void discard() {
    cells.clear();
  }

  /** Writes the row gathered so far, if any. */
  public void flush() throws IOException, InterruptedException {
    if (cells.isEmpty()) {
      return;
    }
    List<KeyValue> row = new ArrayList<>(cells);
    row.sort(CellComparator.getInstance());
    output.write(table, CellUtil.cloneRow(row.get(0)), new RowCells(row));
    cells.clear();
  }
}
