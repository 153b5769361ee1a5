package dev.rowan.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.io.Writable;

/**
 * The cells one load writes to one row, in HFile order: the map output value of the bulk load and
 * of the view rebuild. One record per row rather than per cell keeps the row's table and key out of
 * every cell's record and leaves the shuffle a few records per entity to sort, not one per cell.
 *
 * <p>Thread-safety: not thread-safe (a Hadoop {@link Writable}).
 *
 * @since 0.1
 */
public final class RowCells implements Writable {

  private List<KeyValue> cells;

  /** An empty record, for Hadoop to read into. */
  public RowCells() {
    this.cells = List.of();
  }

  /** A record of one row's {@code cells}, in the order they are written. */
  public RowCells(List<KeyValue> cells) {
    this.cells = cells;
  }

  /** The cells, in the order they were written; each read gets a new list of new cells. */
  public List<KeyValue> cells() {
    return cells;
  }

  @Override
  public void write(DataOutput out) throws IOException {
    out.writeInt(cells.size());
    for (KeyValue cell : cells) {
      KeyValue.write(cell, out);
    }
  }

  @Override
  public void readFields(DataInput in) throws IOException {
    int count = in.readInt();
    List<KeyValue> read = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      read.add(KeyValue.create(in));
    }
    cells = read;
  }
}
