package dev.rowan.mapping;

import java.time.Instant;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.jspecify.annotations.Nullable;

/**
 * Turns entity values into the cells of their row. Null columns are deleted rather than left alone
 * (except for an entity that keeps history, whose readers take the cells of its last write alone:
 * {@link EntityModel#keepsHistory}), and an entity with no non-null column still gets one cell, the
 * row marker (qualifier {@code \x00m}, or the bare column key of a wide entity, in the first
 * family), so that it exists.
 */
final class RowEncoder<T> {

  private static final byte[] EMPTY = new byte[0];

  /**
   * The qualifier of a tall entity's row marker: {@code \x00m}, in the zero-prefixed space that
   * mapped columns never use. Not the empty qualifier: with the new version behavior, HBase 2.6
   * neither masks an empty-qualifier cell with a family delete nor survives (a region server
   * NullPointerException) a family delete beside a delete of that cell (docs/row-keys.md).
   */
  static final byte[] TALL_MARKER = {0, 'm'};

  /** The greatest timestamp a delete can name ({@code LATEST_TIMESTAMP} means "now"). */
  private static final long EVERY_TIMESTAMP = HConstants.LATEST_TIMESTAMP - 1;

  private final KeyLayout rowKey;
  private final @Nullable KeyLayout columnKey;
  private final PropertyModel[] columns;
  private final @Nullable PropertyModel cellTimestamp;
  private final byte[] markerFamily;
  private final byte[][] families;

  /**
   * Whether writes delete no cell, so that each version keeps its cells ({@link
   * EntityModel#keepsHistory}).
   */
  private final boolean keepsHistory;

  RowEncoder(EntityModel<T> model) {
    this.rowKey = model.rowKey();
    this.columnKey = model.columnKey();
    this.columns = model.columns().toArray(new PropertyModel[0]);
    this.cellTimestamp = model.cellTimestamp();
    this.markerFamily = model.families().get(0).nameBytes();
    this.families = model.families().stream().map(FamilyModel::nameBytes).toArray(byte[][]::new);
    this.keepsHistory = model.keepsHistory();
  }

  RowWrite write(@Nullable Object[] values) {
    return write(values, HConstants.LATEST_TIMESTAMP);
  }

  /** The row write with cells at {@code writeTimestamp} unless the entity maps its own. */
  RowWrite write(@Nullable Object[] values, long writeTimestamp) {
    byte[] row = rowKey.encode(values);
    byte[] prefix = columnKey == null ? null : columnKey.encode(values);
    long timestamp = cellTimestamp == null ? writeTimestamp : timestamp(values);
    // Null columns are deleted up to the cells' own timestamp when the entity maps it (a later put
    // at that timestamp still shows: every family has HBase's new version behavior), and up to
    // just before the write's timestamp otherwise.
    long deletedUpTo =
        timestamp == HConstants.LATEST_TIMESTAMP || cellTimestamp != null
            ? timestamp
            : timestamp - 1;
    Put put = new Put(row, timestamp);
    Delete delete = null;
    for (PropertyModel column : columns) {
      Object value = values[column.index()];
      byte[] qualifier = qualifier(prefix, column);
      if (value == null) {
        if (keepsHistory) {
          continue; // no cell at this write's timestamp: null in this version, and older versions
          // keep theirs
        }
        if (delete == null) {
          delete = new Delete(row);
        }
        delete.addColumns(column.familyBytes(), qualifier, deletedUpTo);
      } else {
        put.addColumn(column.familyBytes(), qualifier, timestamp, encode(column, value));
      }
    }
    if (put.isEmpty()) {
      put.addColumn(markerFamily, prefix == null ? TALL_MARKER : prefix, timestamp, EMPTY);
    }
    return new RowWrite(row, put, delete);
  }

  /** The family of the row marker. */
  byte[] markerFamily() {
    return markerFamily.clone();
  }

  /** The qualifier of the row marker of the entity whose key parts are in {@code values}. */
  byte[] markerQualifier(@Nullable Object[] values) {
    return columnKey == null ? TALL_MARKER.clone() : columnKey.encode(values);
  }

  /**
   * The delete of every cell of the entity whose key parts are in {@code values}, whatever their
   * timestamps (cell timestamps may lie in the future): every family of a tall entity's row, cells
   * of columns it does not map included; a wide entity's columns and its marker, column by column,
   * so that the row's other entities stay.
   */
  Delete deletion(@Nullable Object[] values) {
    byte[] row = rowKey.encode(values);
    Delete delete = new Delete(row);
    if (columnKey == null) {
      for (byte[] family : families) {
        delete.addFamily(family, EVERY_TIMESTAMP);
      }
      return delete;
    }
    byte[] prefix = columnKey.encode(values);
    for (PropertyModel column : columns) {
      delete.addColumns(column.familyBytes(), qualifier(prefix, column), EVERY_TIMESTAMP);
    }
    delete.addColumns(markerFamily, prefix, EVERY_TIMESTAMP);
    return delete;
  }

  /** The qualifier of {@code column} in the row of the entity whose values are {@code values}. */
  byte[] qualifier(@Nullable Object[] values, PropertyModel column) {
    return qualifier(columnKey == null ? null : columnKey.encode(values), column);
  }

  private static byte[] qualifier(byte @Nullable [] prefix, PropertyModel column) {
    return prefix == null ? column.qualifierBytes() : concat(prefix, column.qualifierBytes());
  }

  private static byte[] encode(PropertyModel column, Object value) {
    try {
      return column.columnCodec().encode(value);
    } catch (IllegalArgumentException | ClassCastException e) {
      throw InvalidValueException.of(column.qualifiedName(), String.valueOf(e.getMessage()));
    }
  }

  private long timestamp(@Nullable Object[] values) {
    if (cellTimestamp == null) {
      return HConstants.LATEST_TIMESTAMP;
    }
    Object value = values[cellTimestamp.index()];
    if (value == null) {
      return HConstants.LATEST_TIMESTAMP;
    }
    long timestamp = value instanceof Instant instant ? instant.toEpochMilli() : (Long) value;
    if (timestamp < 0) {
      throw InvalidValueException.of(
          cellTimestamp.qualifiedName(), "a cell timestamp cannot be negative (" + timestamp + ")");
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
