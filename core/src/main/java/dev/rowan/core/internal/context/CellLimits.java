package dev.rowan.core.internal.context;

import dev.rowan.index.CellSize;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.KeyLayout;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.RowWrite;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Refuses what HBase would refuse, before anything is written: row keys of the main table and of
 * every view longer than HBase can locate, and cells larger than {@code
 * hbase.client.keyvalue.maxsize}, naming the entity, key parts or column.
 */
public final class CellLimits {

  /**
   * What the row of {@code hbase:meta} that locates a row adds to the row key besides the table
   * name: HBase's client looks a row up by {@code <table>,<row>,99999999999999}.
   */
  static final int META_ROW_OVERHEAD = 2 + 14;

  private CellLimits() {}

  /**
   * The longest row key HBase can store and find in {@code table}: a row is located through a row
   * of {@code hbase:meta} made of the table's full name (with its namespace), the row key and
   * {@value #META_ROW_OVERHEAD} more bytes, and no row may exceed {@link HConstants#MAX_ROW_LENGTH}
   * bytes.
   */
  public static int maxRowKey(TableName table) {
    return HConstants.MAX_ROW_LENGTH - table.getName().length - META_ROW_OVERHEAD;
  }

  /**
   * Whether {@code table} can hold a row of key {@code row}: false when the key is over {@link
   * #maxRowKey}, and then no entity is stored under it (a read finds none, a delete or update has
   * nothing to do), since no row this long can be stored and HBase could not even locate it.
   */
  public static boolean canHold(TableName table, byte[] row) {
    return row.length <= maxRowKey(table);
  }

  /**
   * Checks everything a save of the entity whose values are {@code values} writes: the main row key
   * and cells of {@code write}, and the row key and cells of its row in every view.
   *
   * @throws InvalidValueException naming the key parts or column at fault
   */
  public static void check(StoreContext<?> context, Object[] values, RowWrite write) {
    checkKey(
        context.model().rowKey(),
        context.model().entityName() + " row key",
        write.row(),
        context.mainTable());
    long largestCell = checkCells(context, write);
    for (ViewModel view : context.views().views()) {
      view.requireCompleteKey(values);
      byte[] key = view.rowKey(values);
      if (key == null) {
        continue;
      }
      checkKey(
          view.key(),
          context.model().entityName() + " view '" + view.name() + "' key",
          key,
          context.viewTable(view));
      // a packed view row holds every carried column in one cell, larger than any of the main row's
      if (context.maxCellSize() > 0
          && (view.isPacked() || key.length + largestCell > context.maxCellSize())) {
        checkViewCells(context, view, key, values);
      }
    }
  }

  private static void checkKey(KeyLayout layout, String description, byte[] key, TableName table) {
    int limit = maxRowKey(table);
    if (key.length > limit) {
      String parts =
          layout.parts().stream()
              .map(PropertyModel::qualifiedName)
              .collect(Collectors.joining(", "));
      throw InvalidValueException.of(
          description + " (" + parts + ")",
          "the key is "
              + key.length
              + " bytes long, over the limit of "
              + limit
              + " bytes for table "
              + table.getNameAsString()
              + " (HBase locates a row through a row of hbase:meta that holds the table name, the key and "
              + META_ROW_OVERHEAD
              + " more bytes, in at most "
              + HConstants.MAX_ROW_LENGTH
              + " bytes)");
    }
  }

  /** Checks the cells of the main row; returns the largest size of a cell without its row key. */
  private static long checkCells(StoreContext<?> context, RowWrite write) {
    long largest = 0;
    for (List<Cell> cells : write.put().getFamilyCellMap().values()) {
      for (Cell cell : cells) {
        long size = CellSize.withoutRow(cell);
        largest = Math.max(largest, size);
        if (context.maxCellSize() > 0 && write.row().length + size > context.maxCellSize()) {
          throw InvalidValueException.of(
              columnOf(context, cell),
              "the cell is "
                  + (write.row().length + size)
                  + " bytes, over hbase.client.keyvalue.maxsize ("
                  + context.maxCellSize()
                  + ")");
        }
      }
    }
    return largest;
  }

  /** Checks the cells the view row of {@code values} carries, under the longer key of the view. */
  private static void checkViewCells(
      StoreContext<?> context, ViewModel view, byte[] key, Object[] values) {
    if (view.isPacked()) {
      // one cell, the status with every carried column packed: named by its largest column
      long size =
          (long) key.length
              + view.statusFamily().length
              + 2
              + view.statusValue(new RowStatus(RowStatus.State.VERIFIED, 0, 0), values).length
              + CellSize.OVERHEAD;
      if (size > context.maxCellSize()) {
        PropertyModel largest = null;
        int largestLength = -1;
        for (PropertyModel column : view.carried()) {
          Object value = values[column.index()];
          int length =
              value == null
                  ? -1
                  : Objects.requireNonNull(column.valueCodec(), "a column has a value codec")
                      .encode(value)
                      .length;
          if (length > largestLength) {
            largest = column;
            largestLength = length;
          }
        }
        throw InvalidValueException.of(
            largest == null ? context.model().entityName() : largest.qualifiedName(),
            "its cell in view '"
                + view.name()
                + "' is "
                + size
                + " bytes with the columns packed beside it, over hbase.client.keyvalue.maxsize ("
                + context.maxCellSize()
                + ")");
      }
      return;
    }
    for (PropertyModel column : view.carried()) {
      Object value = values[column.index()];
      if (value == null) {
        continue;
      }
      long size =
          (long) key.length
              + Objects.requireNonNull(column.family(), "a column has a family").length
              + Objects.requireNonNull(column.qualifier(), "a column has a qualifier").length
              + Objects.requireNonNull(column.valueCodec(), "a column has a value codec")
                  .encode(value)
                  .length
              + CellSize.OVERHEAD;
      if (size > context.maxCellSize()) {
        throw InvalidValueException.of(
            column.qualifiedName(),
            "its cell in view '"
                + view.name()
                + "' is "
                + size
                + " bytes, over hbase.client.keyvalue.maxsize ("
                + context.maxCellSize()
                + ")");
      }
    }
  }

  private static String columnOf(StoreContext<?> context, Cell cell) {
    for (PropertyModel column : context.model().columns()) {
      byte[] qualifier = column.qualifier();
      if (Bytes.equals(
          qualifier,
          0,
          Objects.requireNonNull(qualifier, "a column has a qualifier").length,
          cell.getQualifierArray(),
          cell.getQualifierOffset() + cell.getQualifierLength() - qualifier.length,
          qualifier.length)) {
        return column.qualifiedName();
      }
    }
    return context.model().entityName();
  }
}
