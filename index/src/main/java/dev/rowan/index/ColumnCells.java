package dev.rowan.index;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.ValueCodec;
import java.util.Arrays;
import java.util.Objects;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * The carried columns of a view row of a cell per column ({@code Index.Format.COLUMNS}, the format
 * of every view before 0.2): a cell per carried column that is not null, under the family and
 * qualifier the main row holds it in and with its value as the column's {@link ValueCodec} encodes
 * it, and in the status cell, after the status, the names of the carried columns that are null:
 *
 * <pre>
 * [state: 1][timestamp: 8][nonce: 8] ([family length: 1][family][qualifier length: 2][qualifier])*
 * </pre>
 *
 * <p>Readers ignore the cells of the columns the status cell names, so that a stray cell left by a
 * writer that lost a race at the same timestamp can never show through. Columns are named rather
 * than numbered so that adding, removing or reordering the entity's columns never makes a row name
 * the wrong ones: a name of a column the view no longer carries is passed over. A packed row
 * ({@link PackedColumns}) names its columns the same way ({@link #names}); a family's length is
 * never 0, so the names never start with its marker.
 *
 * <p>Thread-safety: immutable.
 */
final class ColumnCells implements ViewRowFormat {

  private final EntityModel<?> entity;
  private final PropertyModel[] columns;

  /** Per column, how the status cell names it when it is null. */
  private final byte[][] names;

  /**
   * The cells of {@code columns}, columns of {@code entity}, each named by the entry {@code names}
   * gives at its index.
   */
  ColumnCells(EntityModel<?> entity, PropertyModel[] columns, byte[][] names) {
    this.entity = entity;
    this.columns = columns.clone();
    this.names = names.clone();
  }

  /**
   * The names of {@code columns}, each {@code [family length: 1][family][qualifier length:
   * 2][qualifier]}.
   *
   * @throws IllegalArgumentException when a column's family is over 255 bytes or its qualifier over
   *     65,535 bytes long
   */
  static byte[][] names(PropertyModel[] columns) {
    byte[][] names = new byte[columns.length][];
    for (int i = 0; i < columns.length; i++) {
      names[i] = name(columns[i]);
    }
    return names;
  }

  private static byte[] name(PropertyModel column) {
    byte[] family = Objects.requireNonNull(column.family(), "a carried column has a family");
    byte[] qualifier =
        Objects.requireNonNull(column.qualifier(), "a carried column has a qualifier");
    if (family.length > 0xFF || qualifier.length > 0xFFFF) {
      throw new IllegalArgumentException(
          column.qualifiedName()
              + ": a view cannot carry a column whose family is"
              + " over 255 bytes or whose qualifier is over 65,535 bytes long");
    }
    byte[] entry = new byte[3 + family.length + qualifier.length];
    entry[0] = (byte) family.length;
    System.arraycopy(family, 0, entry, 1, family.length);
    entry[1 + family.length] = (byte) (qualifier.length >>> 8);
    entry[2 + family.length] = (byte) qualifier.length;
    System.arraycopy(qualifier, 0, entry, 3 + family.length, qualifier.length);
    return entry;
  }

  /** {@code status}, then the names of the columns that are null in {@code values}. */
  @Override
  public byte[] statusValue(byte[] status, @Nullable Object[] values) {
    int length = status.length;
    for (int i = 0; i < columns.length; i++) {
      if (values[columns[i].index()] == null) {
        length += names[i].length;
      }
    }
    byte[] value = Arrays.copyOf(status, length);
    int at = status.length;
    for (int i = 0; i < columns.length; i++) {
      if (values[columns[i].index()] == null) {
        System.arraycopy(names[i], 0, value, at, names[i].length);
        at += names[i].length;
      }
    }
    return value;
  }

  /** A cell per column that is not null in {@code values}. */
  @Override
  public void addCells(Put put, long timestamp, @Nullable Object[] values) {
    for (PropertyModel column : columns) {
      Object value = values[column.index()];
      if (value != null) {
        ValueCodec<Object> codec =
            Objects.requireNonNull(column.valueCodec(), "a carried column has a value codec");
        put.addColumn(column.family(), column.qualifier(), timestamp, codec.encode(value));
      }
    }
  }

  /** The row's column cells, less the columns the status cell names. */
  @Override
  public void read(Result row, byte[] bytes, int at, int end, @Nullable Object[] values) {
    entity.readColumns(row, values);
    clearNamedNulls(bytes, at, end, values);
  }

  /**
   * Sets to null the carried columns that the status cell's value names, from {@code at} to {@code
   * end}.
   */
  private void clearNamedNulls(byte[] bytes, int at, int end, @Nullable Object[] values) {
    while (at + 3 <= end) {
      int familyLength = bytes[at] & 0xFF;
      int qualifierAt = at + 1 + familyLength;
      if (qualifierAt + 2 > end) {
        return;
      }
      int entryLength =
          3 + familyLength + (((bytes[qualifierAt] & 0xFF) << 8) | (bytes[qualifierAt + 1] & 0xFF));
      if (at + entryLength > end) {
        return; // a damaged status: the row is checked against its main row anyway
      }
      for (int i = 0; i < names.length; i++) {
        if (Bytes.equals(names[i], 0, names[i].length, bytes, at, entryLength)) {
          values[columns[i].index()] = null;
          break;
        }
      }
      at += entryLength;
    }
  }
}
