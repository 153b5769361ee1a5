package dev.rowan.mapping;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Turns the cells of a row back into entity values. Cells of unknown columns are skipped, so that
 * code reads rows written by a newer version of the entity; of several versions of a cell, the
 * newest wins.
 */
final class RowDecoder<T> {

  private final EntityModel<T> model;
  private final int width;
  private final KeyLayout rowKey;
  private final @Nullable KeyLayout columnKey;
  private final @Nullable PropertyModel cellTimestamp;

  /** Columns sorted as HBase sorts cells: by family, then qualifier. */
  private final PropertyModel[] sorted;

  /** Columns of a wide entity by family and name, as ISO-8859-1 text. */
  private final Map<String, PropertyModel> byColumn = new HashMap<>();

  RowDecoder(EntityModel<T> model) {
    this.model = model;
    this.width = model.properties().size();
    this.rowKey = model.rowKey();
    this.columnKey = model.columnKey();
    this.cellTimestamp = model.cellTimestamp();
    this.sorted =
        model.columns().stream()
            .sorted(
                Comparator.comparing(PropertyModel::familyBytes, Bytes.BYTES_COMPARATOR)
                    .thenComparing(PropertyModel::qualifierBytes, Bytes.BYTES_COMPARATOR))
            .toArray(PropertyModel[]::new);
    for (PropertyModel column : sorted) {
      byColumn.put(
          columnName(
              column.familyBytes(),
              0,
              column.familyBytes().length,
              column.qualifierBytes(),
              0,
              column.qualifierBytes().length),
          column);
    }
  }

  @Nullable T readTall(@Nullable Result result) {
    @Nullable Object[] values = readTallValues(result);
    return values == null ? null : model.instantiate(values);
  }

  @Nullable Object @Nullable [] readTallValues(@Nullable Result result) {
    if (result == null || result.isEmpty()) {
      return null;
    }
    @Nullable Object[] values = new Object[width];
    byte[] row = result.getRow();
    rowKey.decode(row, 0, row.length, values);
    readColumns(result, values);
    return values;
  }

  void readColumns(Result result, @Nullable Object[] values) {
    long newest = Long.MIN_VALUE;
    int cursor = 0;
    for (Cell cell : result.rawCells()) {
      newest = Math.max(newest, cell.getTimestamp());
      while (cursor < sorted.length) {
        int order = compare(sorted[cursor], cell);
        if (order < 0) {
          cursor++;
          continue;
        }
        if (order == 0) {
          values[sorted[cursor].index()] = decode(sorted[cursor], cell);
          cursor++; // older versions of the same cell follow; they must not match
        }
        break;
      }
    }
    setTimestamp(values, newest);
  }

  List<T> readWide(@Nullable Result result) {
    if (result == null || result.isEmpty()) {
      return List.of();
    }
    KeyLayout columnKey = Objects.requireNonNull(this.columnKey, "only a wide entity is read wide");
    byte[] row = result.getRow();
    @Nullable Object[] rowValues = new Object[width];
    rowKey.decode(row, 0, row.length, rowValues);
    Map<byte[], @Nullable Object[]> entities = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    Map<byte[], long[]> newest = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    for (Cell cell : result.rawCells()) {
      byte[] qualifiers = cell.getQualifierArray();
      int offset = cell.getQualifierOffset();
      int length = cell.getQualifierLength();
      @Nullable Object[] keyValues = rowValues.clone();
      int end;
      try {
        end = columnKey.decode(qualifiers, offset, length, keyValues);
      } catch (IllegalArgumentException e) {
        continue; // a qualifier some other writer put in this row
      }
      byte[] key = Arrays.copyOfRange(qualifiers, offset, end);
      @Nullable Object[] values = entities.computeIfAbsent(key, k -> keyValues);
      long[] time = newest.computeIfAbsent(key, k -> new long[] {Long.MIN_VALUE});
      time[0] = Math.max(time[0], cell.getTimestamp());
      if (end == offset + length) {
        continue; // the row marker of an entity without non-null columns
      }
      PropertyModel column =
          byColumn.get(
              columnName(
                  cell.getFamilyArray(),
                  cell.getFamilyOffset(),
                  cell.getFamilyLength(),
                  qualifiers,
                  end,
                  offset + length - end));
      if (column != null && values[column.index()] == null) {
        values[column.index()] = decode(column, cell);
      }
    }
    List<T> all = new ArrayList<>(entities.size());
    entities.forEach(
        (key, values) -> {
          setTimestamp(
              values,
              Objects.requireNonNull(newest.get(key), "each entity of the row has its newest time")[
                  0]);
          all.add(model.instantiate(values));
        });
    return all;
  }

  private void setTimestamp(@Nullable Object[] values, long newest) {
    if (cellTimestamp != null && newest != Long.MIN_VALUE) {
      values[cellTimestamp.index()] =
          cellTimestamp.type() == Instant.class ? Instant.ofEpochMilli(newest) : newest;
    }
  }

  private static Object decode(PropertyModel column, Cell cell) {
    try {
      return column
          .columnCodec()
          .decode(cell.getValueArray(), cell.getValueOffset(), cell.getValueLength());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          column.qualifiedName() + ": cannot read the stored cell: " + e.getMessage(), e);
    }
  }

  private static int compare(PropertyModel column, Cell cell) {
    int order =
        compare(
            column.familyBytes(),
            cell.getFamilyArray(),
            cell.getFamilyOffset(),
            cell.getFamilyLength());
    return order != 0
        ? order
        : compare(
            column.qualifierBytes(),
            cell.getQualifierArray(),
            cell.getQualifierOffset(),
            cell.getQualifierLength());
  }

  /**
   * Unsigned byte order of {@code name} and a slice of {@code bytes}: families and qualifiers are a
   * few bytes long, where a plain loop beats {@code Bytes.compareTo}'s set-up.
   */
  private static int compare(byte[] name, byte[] bytes, int offset, int length) {
    int common = Math.min(name.length, length);
    for (int i = 0; i < common; i++) {
      int difference = (name[i] & 0xFF) - (bytes[offset + i] & 0xFF);
      if (difference != 0) {
        return difference;
      }
    }
    return name.length - length;
  }

  private static String columnName(
      byte[] family,
      int familyOffset,
      int familyLength,
      byte[] qualifier,
      int qualifierOffset,
      int qualifierLength) {
    StringBuilder name = new StringBuilder(familyLength + qualifierLength + 1);
    for (int i = 0; i < familyLength; i++) {
      name.append((char) (family[familyOffset + i] & 0xFF));
    }
    name.append(':');
    for (int i = 0; i < qualifierLength; i++) {
      name.append((char) (qualifier[qualifierOffset + i] & 0xFF));
    }
    return name.toString();
  }
}
