package dev.rowan.mapping;

import java.time.Instant;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;

/**
 * Turns entity values into the cells of their row. Null columns are deleted rather than left
 * alone, and an entity with no non-null column still gets one cell, the row marker (an empty
 * qualifier, or the bare column key of a wide entity, in the first family), so that it exists.
 */
final class RowEncoder<T> {

  private static final byte[] EMPTY = new byte[0];

  private final KeyLayout rowKey;
  private final KeyLayout columnKey;
  private final PropertyModel[] columns;
  private final PropertyModel cellTimestamp;
  private final byte[] markerFamily;

  RowEncoder(EntityModel<T> model) {
    this.rowKey = model.rowKey();
    this.columnKey = model.columnKey();
    this.columns = model.columns().toArray(new PropertyModel[0]);
    this.cellTimestamp = model.cellTimestamp();
    this.markerFamily = model.families().get(0).nameBytes();
  }

  RowWrite write(Object[] values) {
    return write(values, HConstants.LATEST_TIMESTAMP);
  }

  /** The row write with cells at {@code writeTimestamp} unless the entity maps its own. */
  RowWrite write(Object[] values, long writeTimestamp) {
    byte[] row = rowKey.encode(values);
    byte[] prefix = columnKey == null ? null : columnKey.encode(values);
    long timestamp = cellTimestamp == null ? writeTimestamp : timestamp(values);
    Put put = new Put(row, timestamp);
    Delete delete = null;
    for (PropertyModel column : columns) {
      Object value = values[column.index()];
      byte[] qualifier = prefix == null ? column.qualifierBytes() : concat(prefix, column.qualifierBytes());
      if (value == null) {
        if (delete == null) {
          delete = new Delete(row);
        }
        if (timestamp == HConstants.LATEST_TIMESTAMP) {
          delete.addColumns(column.familyBytes(), qualifier);
        } else {
          delete.addColumns(column.familyBytes(), qualifier, timestamp - 1);
        }
      } else {
        put.addColumn(column.familyBytes(), qualifier, timestamp, encode(column, value));
      }
    }
    if (put.isEmpty()) {
      put.addColumn(markerFamily, prefix == null ? EMPTY : prefix, timestamp, EMPTY);
    }
    return new RowWrite(row, put, delete);
  }

  private static byte[] encode(PropertyModel column, Object value) {
    try {
      return column.valueCodec().encode(value);
    } catch (IllegalArgumentException | ClassCastException e) {
      throw InvalidValueException.of(column.qualifiedName(), e.getMessage());
    }
  }

  private long timestamp(Object[] values) {
    if (cellTimestamp == null) {
      return HConstants.LATEST_TIMESTAMP;
    }
    Object value = values[cellTimestamp.index()];
    if (value == null) {
      return HConstants.LATEST_TIMESTAMP;
    }
    long timestamp = value instanceof Instant instant ? instant.toEpochMilli() : (Long) value;
    if (timestamp < 0) {
      throw InvalidValueException.of(cellTimestamp.qualifiedName(), "a cell timestamp cannot be negative (" + timestamp + ")");
    }
    return timestamp;
  }

  private static byte[] concat(byte[] a, byte[] b) {
    byte[] out = new byte[a.length + b.length];
    System.arraycopy(a, 0, out, 0, a.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }
}
