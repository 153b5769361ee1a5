package dev.rowan.mapreduce;

import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Every visible cell of a table as text, {@code row family:qualifier = value}, in key order;
 * status cells (and write marks) show their state and null bitmap but not the timestamp and nonce of the write. Commit
 * sync marks and retired cells are left out.
 */
final class TableCells {

  private TableCells() {}

  static List<String> of(Connection connection, TableName table) {
    List<String> cells = new ArrayList<>();
    try (Table t = connection.getTable(table); ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result row : scanner) {
        for (Cell cell : row.rawCells()) {
          // where a commit was synced, and a row a save moved an entity away from, retired for a
          // few minutes where a load deletes it: not content
          if (!Qualifier.COMMIT_SYNC.matches(cell) && !Qualifier.VIEW_RETIRED.matches(cell)) {
            cells.add(describe(cell));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return cells;
  }

  static String describe(Cell cell) {
    byte[] qualifier = CellUtil.cloneQualifier(cell);
    byte[] value = CellUtil.cloneValue(cell);
    String shown;
    if (Qualifier.MAIN_STATUS.matches(qualifier) || Qualifier.VIEW_STATUS.matches(qualifier)
        || Qualifier.VIEW_WRITE.matches(qualifier)) {
      RowStatus status = RowStatus.decode(value, 0, value.length);
      shown = status.state() + " bitmap " + Bytes.toHex(Arrays.copyOfRange(value, RowStatus.LENGTH, value.length));
    } else {
      shown = Bytes.toStringBinary(value);
    }
    return Bytes.toStringBinary(CellUtil.cloneRow(cell)) + " " + Bytes.toStringBinary(CellUtil.cloneFamily(cell))
        + ":" + Bytes.toStringBinary(qualifier) + " = " + shown;
  }
}
