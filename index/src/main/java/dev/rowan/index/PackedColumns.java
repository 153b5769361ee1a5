package dev.rowan.index;

import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.ValueCodec;
import java.io.ByteArrayOutputStream;
import java.util.Objects;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * The carried columns of a packed view row ({@code Index.Format.PACKED}), as the bytes that follow
 * the status in its status cell: a marker byte {@code 0}, then one entry per column that is not
 * null, each the column's name ({@code [family length: 1][family][qualifier length: 2][qualifier]},
 * as the null columns of a row of the other format are named, {@link ColumnCells#names}) followed
 * by the length of the value as an unsigned varint and the value's bytes as the column's {@link
 * ValueCodec} encodes them. A column without entry is null.
 *
 * <p>Columns are named, not numbered, so that adding, removing or reordering an entity's columns
 * never makes a row name the wrong ones: an entry of a column the view no longer carries is passed
 * over. The marker tells a packed row from a row of the other format, whose status is followed by
 * nothing or by names of null columns, which start with a family's length, never 0.
 *
 * <p>Thread-safety: immutable.
 */
final class PackedColumns implements ViewRowFormat {

  /** The byte after the status that marks a packed row. */
  static final byte MARKER = 0;

  private final PropertyModel[] columns;

  /** Per column, its name as an entry starts with it. */
  private final byte[][] names;

  /** The packing of {@code columns}, each named by the entry {@code names} gives at its index. */
  PackedColumns(PropertyModel[] columns, byte[][] names) {
    this.columns = columns.clone();
    this.names = names.clone();
  }

  /**
   * Whether the status cell's value in {@code bytes}, from {@code at} to {@code end}, is packed.
   */
  static boolean isPacked(byte[] bytes, int at, int end) {
    return at < end && bytes[at] == MARKER;
  }

  /** {@code status}, then the marker and the entries of {@code values}. */
  @Override
  public byte[] statusValue(byte[] status, @Nullable Object[] values) {
    ByteArrayOutputStream value = new ByteArrayOutputStream(status.length + 16 * columns.length);
    value.write(status, 0, status.length);
    write(values, value);
    return value.toByteArray();
  }

  /** None: a packed row's columns are in its status cell. */
  @Override
  public void addCells(Put put, long timestamp, @Nullable Object[] values) {}

  /** The entries of the status cell, as {@link #read(byte[], int, int, Object[])} reads them. */
  @Override
  public void read(Result row, byte[] bytes, int at, int end, @Nullable Object[] values) {
    read(bytes, at, end, values);
  }

  /** Appends the marker and the entries of {@code values} to {@code out}. */
  private void write(@Nullable Object[] values, ByteArrayOutputStream out) {
    out.write(MARKER);
    for (int i = 0; i < columns.length; i++) {
      Object value = values[columns[i].index()];
      if (value == null) {
        continue;
      }
      ValueCodec<Object> codec =
          Objects.requireNonNull(columns[i].valueCodec(), "a carried column has a value codec");
      byte[] encoded = codec.encode(value);
      out.write(names[i], 0, names[i].length);
      int length = encoded.length;
      while ((length & ~0x7F) != 0) {
        out.write((length & 0x7F) | 0x80);
        length >>>= 7;
      }
      out.write(length);
      out.write(encoded, 0, encoded.length);
    }
  }

  /**
   * Sets the columns the entries in {@code bytes} from {@code at} (the marker) to {@code end} name
   * in {@code values}, leaving the others as they are.
   *
   * @throws IllegalArgumentException when the entries are damaged
   */
  void read(byte[] bytes, int at, int end, @Nullable Object[] values) {
    int position = at + 1;
    int expected = 0;
    while (position < end) {
      int nameLength = nameLength(bytes, position, end);
      int column = column(bytes, position, nameLength, expected);
      position += nameLength;
      int length = 0;
      int shift = 0;
      int next;
      do {
        if (position >= end || shift > 28) {
          throw new IllegalArgumentException("a packed view row's value length is damaged");
        }
        next = bytes[position++];
        length |= (next & 0x7F) << shift;
        shift += 7;
      } while ((next & 0x80) != 0);
      if (length < 0 || length > end - position) {
        throw new IllegalArgumentException("a packed view row's value runs past its cell");
      }
      if (column >= 0) {
        values[columns[column].index()] =
            Objects.requireNonNull(columns[column].valueCodec(), "a carried column has a codec")
                .decode(bytes, position, length);
        expected = column + 1;
      }
      position += length;
    }
  }

  /** The length of the name that starts at {@code at}. */
  private static int nameLength(byte[] bytes, int at, int end) {
    int qualifierAt = at + 1 + (bytes[at] & 0xFF);
    if (qualifierAt + 2 > end) {
      throw new IllegalArgumentException("a packed view row's column name is damaged");
    }
    int length =
        3
            + (bytes[at] & 0xFF)
            + (((bytes[qualifierAt] & 0xFF) << 8) | (bytes[qualifierAt + 1] & 0xFF));
    if (at + length > end) {
      throw new IllegalArgumentException("a packed view row's column name runs past its cell");
    }
    return length;
  }

  /**
   * The index of the column named by the {@code length} bytes at {@code at}, trying {@code
   * expected} first (entries follow the columns' order), or -1 for a column the view does not
   * carry.
   */
  private int column(byte[] bytes, int at, int length, int expected) {
    if (expected < names.length && matches(expected, bytes, at, length)) {
      return expected;
    }
    for (int i = 0; i < names.length; i++) {
      if (matches(i, bytes, at, length)) {
        return i;
      }
    }
    return -1;
  }

  private boolean matches(int column, byte[] bytes, int at, int length) {
    return Bytes.equals(names[column], 0, names[column].length, bytes, at, length);
  }
}
