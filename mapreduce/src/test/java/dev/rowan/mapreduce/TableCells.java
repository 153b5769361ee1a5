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
 * status cells show their state and null bitmap but not the timestamp and nonce of the write. Commit
 * sync marks, retired cells and the rows saves left to readers are left out.
 */
final class TableCells {

  private TableCells() {}

  static List<String> of(Connection connection, TableName table) {
    List<String> cells = new ArrayList<>();
    try (Table t = connection.getTable(table); ResultScanner scanner = t.getScanner(new Scan())) {
      for (Result row : scanner) {
        if (leftToReaders(row)) {
          continue;
        }
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

  /**
   * Whether {@code row} is a view row a save left unverified for readers to retire: a save that
   * moves an entity within the settle window of its write before does not retire the row it left,
   * where a load deletes it (docs/view-consistency.md, "The settle window"). A row the entity maps to
   * is never unverified once its save has settled, so such rows are not content.
   */
  private static boolean leftToReaders(Result row) {
    for (Cell cell : row.rawCells()) {
      if (Qualifier.VIEW_STATUS.matches(cell)) {
        byte[] value = CellUtil.cloneValue(cell);
        return RowStatus.decode(value, 0, value.length).state() == RowStatus.State.UNVERIFIED;
      }
    }
    return false;
  }

  static String describe(Cell cell) {
    byte[] qualifier = CellUtil.cloneQualifier(cell);
    byte[] value = CellUtil.cloneValue(cell);
    String shown;
    if (Qualifier.MAIN_STATUS.matches(qualifier) || Qualifier.VIEW_STATUS.matches(qualifier)) {
      RowStatus status = RowStatus.decode(value, 0, value.length);
      shown = status.state() + " bitmap " + Bytes.toHex(Arrays.copyOfRange(value, RowStatus.LENGTH, value.length));
    } else {
      shown = Bytes.toStringBinary(value);
    }
    return Bytes.toStringBinary(CellUtil.cloneRow(cell)) + " " + Bytes.toStringBinary(CellUtil.cloneFamily(cell))
        + ":" + Bytes.toStringBinary(qualifier) + " = " + shown;
  }
}
