package dev.rowan.core.internal;

import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.RowWrite;
import java.util.List;
import org.apache.hadoop.hbase.Cell;

/** Refuses cells HBase would refuse, before anything is written, naming the column. */
final class CellLimits {

  private CellLimits() {}

  static void check(StoreContext<?> context, RowWrite write) {
    if (context.maxCellSize <= 0) {
      return;
    }
    for (List<Cell> cells : write.put().getFamilyCellMap().values()) {
      for (Cell cell : cells) {
        long size = (long) write.row().length + cell.getFamilyLength() + cell.getQualifierLength()
            + cell.getValueLength() + 20;
        if (size > context.maxCellSize) {
          throw InvalidValueException.of(columnOf(context, cell), "the cell is " + size
              + " bytes, over hbase.client.keyvalue.maxsize (" + context.maxCellSize + ")");
        }
      }
    }
  }

  private static String columnOf(StoreContext<?> context, Cell cell) {
    for (PropertyModel column : context.model.columns()) {
      byte[] qualifier = column.qualifier();
      if (org.apache.hadoop.hbase.util.Bytes.equals(qualifier, 0, qualifier.length, cell.getQualifierArray(),
          cell.getQualifierOffset() + cell.getQualifierLength() - qualifier.length, qualifier.length)) {
        return column.qualifiedName();
      }
    }
    return context.model.entityName();
  }
}
