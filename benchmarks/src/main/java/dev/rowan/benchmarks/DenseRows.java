package dev.rowan.benchmarks;

import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.ValueCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * A prototype of dense view rows, for measuring them before building them: a view row of Rowan's
 * format (a cell per carried column, a status cell naming the null columns, a write mark) rewritten
 * with every carried column packed into one value (each a length, 0 for null, then the value's
 * bytes) and the write mark as it was; the packed values either follow the status in the status
 * cell (two cells a row) or stand in a cell of their own, {@link #VALUES}, beside a status cell of
 * the status alone (three cells), or follow the status and the write mark's value, folded into the
 * status cell (one cell). Decoding reads the key and the one cell, no copy of the values.
 *
 * <p>Thread-safety: stateless.
 */
final class DenseRows {

  /** The qualifier of the packed values when they have a cell of their own. */
  static final byte[] VALUES = {0, 'v'};

  private DenseRows() {}

  /** Where a dense row keeps its packed values and its write mark. */
  enum Layout {
    /** The values after the status, in the status cell, beside the write mark: two cells. */
    AFTER_STATUS,
    /**
     * The values in a cell of their own, beside the status cell and the write mark: three cells.
     */
    SEPARATE,
    /**
     * The write mark's value (a length byte, then its bytes) and the values after the status, in
     * the status cell, and no write mark cell: one cell.
     */
    MARK_FOLDED
  }

  /**
   * The dense form of {@code row}, a row of {@code view} in Rowan's format, same timestamps, laid
   * out as {@code layout} says.
   */
  static Put dense(ViewModel view, Result row, Layout layout) throws IOException {
    boolean separate = layout == Layout.SEPARATE;
    Cell status =
        Objects.requireNonNull(
            ProtocolCells.cell(row, view.statusFamily(), ProtocolCells.Qualifier.VIEW_STATUS),
            "a view row has a status");
    Object[] values = view.decode(row);
    ByteArrayOutputStream packed = new ByteArrayOutputStream(64);
    if (!separate) {
      packed.write(status.getValueArray(), status.getValueOffset(), RowStatus.LENGTH);
    }
    Cell mark = ProtocolCells.cell(row, view.statusFamily(), ProtocolCells.Qualifier.VIEW_WRITE);
    if (layout == Layout.MARK_FOLDED) {
      byte[] folded = mark == null ? new byte[0] : CellUtil.cloneValue(mark);
      packed.write(folded.length);
      packed.write(folded, 0, folded.length);
    }
    for (PropertyModel column : view.carried()) {
      Object value = values[column.index()];
      if (value == null) {
        writeLength(packed, 0);
      } else {
        @SuppressWarnings("unchecked")
        ValueCodec<Object> codec = (ValueCodec<Object>) column.valueCodec();
        byte[] bytes = codec.encode(value);
        writeLength(packed, bytes.length + 1);
        packed.write(bytes, 0, bytes.length);
      }
    }
    Put put = new Put(row.getRow());
    if (separate) {
      byte[] alone = new byte[RowStatus.LENGTH];
      System.arraycopy(status.getValueArray(), status.getValueOffset(), alone, 0, alone.length);
      put.addColumn(
          view.statusFamily(), CellUtil.cloneQualifier(status), status.getTimestamp(), alone);
      put.addColumn(view.statusFamily(), VALUES, status.getTimestamp(), packed.toByteArray());
    } else {
      put.addColumn(
          view.statusFamily(),
          CellUtil.cloneQualifier(status),
          status.getTimestamp(),
          packed.toByteArray());
    }
    if (mark != null && layout != Layout.MARK_FOLDED) {
      put.add(mark);
    }
    return put;
  }

  /**
   * The entity values {@code row}, a dense row of {@code view} laid out as {@code layout}, holds.
   */
  static Object[] decode(
      ViewModel view, List<PropertyModel> carried, int width, Result row, Layout layout) {
    boolean separate = layout == Layout.SEPARATE;
    Object[] values = new Object[width];
    byte[] key = row.getRow();
    view.key().decode(key, 0, key.length, values);
    Cell cell =
        Objects.requireNonNull(
            separate
                ? row.getColumnLatestCell(view.statusFamily(), VALUES)
                : ProtocolCells.cell(row, view.statusFamily(), ProtocolCells.Qualifier.VIEW_STATUS),
            "a dense view row has its values");
    byte[] bytes = cell.getValueArray();
    int at = cell.getValueOffset() + (separate ? 0 : RowStatus.LENGTH);
    if (layout == Layout.MARK_FOLDED) {
      at += 1 + bytes[at];
    }
    for (PropertyModel column : carried) {
      int length = 0;
      int shift = 0;
      int b;
      do {
        b = bytes[at++];
        length |= (b & 0x7F) << shift;
        shift += 7;
      } while ((b & 0x80) != 0);
      if (length > 0) {
        values[column.index()] =
            Objects.requireNonNull(column.valueCodec(), "a carried column has a codec")
                .decode(bytes, at, length - 1);
        at += length - 1;
      }
    }
    return values;
  }

  private static void writeLength(ByteArrayOutputStream out, int length) {
    int rest = length;
    while (rest >= 0x80) {
      out.write((rest & 0x7F) | 0x80);
      rest >>>= 7;
    }
    out.write(rest);
  }
}
