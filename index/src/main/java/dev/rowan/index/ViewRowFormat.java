package dev.rowan.index;

import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.jspecify.annotations.Nullable;

/**
 * How a view row holds the columns its view carries: packed after the status in the status cell
 * ({@link PackedColumns}, {@code Index.Format.PACKED}) or a cell per column ({@link ColumnCells},
 * {@code Index.Format.COLUMNS}). A {@link ViewModel} writes its rows in one format and reads rows
 * of either, which the byte after the status tells apart ({@link PackedColumns#isPacked}).
 *
 * <p>Thread-safety: implementations are immutable.
 */
sealed interface ViewRowFormat permits PackedColumns, ColumnCells {

  /**
   * The value of the status cell of the view row of {@code values}: {@code status}, encoded, then
   * what this format holds of the carried columns after it.
   */
  byte[] statusValue(byte[] status, @Nullable Object[] values);

  /**
   * Adds to {@code put}, at {@code timestamp}, the cells of the carried columns of {@code values}
   * that this format holds apart from the status cell.
   */
  void addCells(Put put, long timestamp, @Nullable Object[] values);

  /**
   * Sets in {@code values} the carried columns that the view row {@code row} holds, whose status
   * cell's value has, after the status, the bytes of {@code bytes} from {@code at} to {@code end}
   * (none when the row has no status cell).
   *
   * @throws IllegalArgumentException when the row's values are damaged
   */
  void read(Result row, byte[] bytes, int at, int end, @Nullable Object[] values);
}
