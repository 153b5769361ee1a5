package dev.rowan.mapreduce.internal.hfile;

import dev.rowan.mapreduce.RowCells;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class RowGrouperTest {

  private record Written(int table, String row, List<KeyValue> cells) {}

  private static KeyValue cell(String row, String qualifier, long timestamp) {
    return new KeyValue(Bytes.toBytes(row), Bytes.toBytes("d"), Bytes.toBytes(qualifier), timestamp,
        Bytes.toBytes(qualifier + "@" + timestamp));
  }

  @Test
  void writesOneSortedRecordPerTableAndRow() throws Exception {
    List<Written> written = new ArrayList<>();
    RowGrouper grouper = new RowGrouper((table, row, cells) -> written.add(new Written(table, Bytes.toString(row),
        cells.cells())));
    grouper.accept(0, cell("a", "z", 5));
    grouper.accept(0, cell("a", "b", 5));
    grouper.accept(1, cell("a", "b", 5)); // the same row key in another table
    grouper.accept(1, cell("c", "b", 5));
    grouper.accept(1, cell("c", "b", 7));
    grouper.flush();
    grouper.flush();

    assertEquals(List.of(
        new Written(0, "a", List.of(cell("a", "b", 5), cell("a", "z", 5))),
        new Written(1, "a", List.of(cell("a", "b", 5))),
        new Written(1, "c", List.of(cell("c", "b", 7), cell("c", "b", 5)))), written);
  }

  @Test
  void aDiscardedRowIsNotWritten() throws Exception {
    List<Written> written = new ArrayList<>();
    RowGrouper grouper = new RowGrouper((table, row, cells) -> written.add(new Written(table, Bytes.toString(row),
        cells.cells())));
    grouper.accept(0, cell("a", "q", 1));
    grouper.discard();
    grouper.flush();
    assertEquals(List.of(), written);
  }

  @Test
  void rowCellsReadBackWhatWasWritten() throws Exception {
    List<KeyValue> cells = List.of(cell("r", "a", 3), cell("r", "b", 3),
        new KeyValue(Bytes.toBytes("r"), Bytes.toBytes("d"), null, 2, KeyValue.Type.DeleteFamily));
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    new RowCells(cells).write(new DataOutputStream(bytes));
    RowCells read = new RowCells();
    read.readFields(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
    assertEquals(cells, read.cells());
  }
}
