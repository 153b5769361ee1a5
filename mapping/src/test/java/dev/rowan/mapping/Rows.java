package dev.rowan.mapping;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/** What a get would return after the given puts, built without a cluster. */
final class Rows {

  private Rows() {}

  static Result resultOf(Put... puts) {
    List<Cell> cells = new ArrayList<>();
    for (Put put : puts) {
      put.getFamilyCellMap().values().forEach(cells::addAll);
    }
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }
}
