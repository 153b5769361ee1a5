package dev.rowan.core.internal.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.write.PresenceCell.Role;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.RowWrite;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.time.Instant;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Which cell the insert of an entity without views checks, and what its check-and-mutate writes. */
class PresenceCellTest {

  private static final byte[] D = Bytes.toBytes("d");
  /** A tall entity's row marker, as the mapping writes it. */
  private static final byte[] TALL_MARKER = {0, 'm'};

  @Table(name = "notes")
  record Note(@RowKey String id, @Column(name = "t") String text, @Column(name = "a") String author) {}

  @Table(name = "counters")
  record Counter(@RowKey String id, @Column(name = "l") String label, @Column(name = "n") long count) {}

  @Table(name = "versioned")
  record Versioned(@RowKey String id, @Column(name = "n") int count, @Version long version) {}

  @Table(name = "lines")
  record Line(@RowKey String orderNo, @ColumnKey int line, @Column(name = "s") String sku) {}

  @Table(name = "readings")
  record Reading(@RowKey String sensor, @Column(name = "v") String value, @CellTimestamp Instant at) {}

  @Test
  void aVersionedEntityIsCheckedByItsVersionCell() {
    EntityModel<Versioned> model = EntityModel.of(Versioned.class);
    PresenceCell cell = PresenceCell.of(model, model.values(new Versioned("v-1", 3, 0)));
    assertEquals(new PresenceCell(Role.VERSION, D, model.version().qualifier()), cell);
    assertFalse(cell.readFirst(), "every save writes the version cell");
  }

  @Test
  void anEntityWithAPrimitiveColumnIsCheckedByThatColumnWhichIsNeverNull() {
    EntityModel<Counter> model = EntityModel.of(Counter.class);
    PresenceCell cell = PresenceCell.of(model, model.values(new Counter("c-1", null, 0)));
    assertEquals(new PresenceCell(Role.ALWAYS_SET, D, Bytes.toBytes("n")), cell);
    assertFalse(cell.readFirst());
  }

  @Test
  void anEntityOfNullableColumnsIsCheckedByItsRowMarkerWhichTheInsertWritesAndReadFirst() {
    EntityModel<Note> model = EntityModel.of(Note.class);
    Note note = new Note("n-1", "hello", null);
    PresenceCell cell = PresenceCell.of(model, model.values(note));
    assertEquals(new PresenceCell(Role.MARKER, D, TALL_MARKER), cell);
    assertTrue(cell.readFirst(), "a save with a value writes no marker");

    CheckAndMutate insert = cell.insert(model.write(model.values(note)));
    assertArrayEquals(model.rowKeyOf("n-1"), insert.getRow());
    assertArrayEquals(TALL_MARKER, insert.getQualifier());
    assertEquals(CompareOperator.EQUAL, insert.getCompareOp());
    assertNull(insert.getValue(), "only if the marker does not exist");
    RowMutations mutations = assertInstanceOf(RowMutations.class, insert.getAction(), "the null column is deleted");
    Put put = (Put) mutations.getMutations().get(0);
    assertEquals(List.of("t", "\\x00m"), qualifiers(put), "the value and the marker");
    assertArrayEquals(PresenceCell.INSERTED, CellUtil.cloneValue(put.get(D, TALL_MARKER).get(0)));
  }

  @Test
  void theMarkerIsTheCellASaveOfAnEntityWithoutValuesWritesButWithAValue() {
    EntityModel<Note> model = EntityModel.of(Note.class);
    RowWrite empty = model.write(model.values(new Note("n-1", null, null)));
    assertEquals(List.of("\\x00m"), qualifiers(empty.put()));
    assertArrayEquals(new byte[0], CellUtil.cloneValue(empty.put().get(D, TALL_MARKER).get(0)));
    CheckAndMutate insert = PresenceCell.of(model, model.values(new Note("n-1", null, null))).insert(empty);
    Put put = (Put) ((RowMutations) insert.getAction()).getMutations().get(0);
    assertEquals(List.of("\\x00m"), qualifiers(put), "the marker is not written twice");
    assertArrayEquals(PresenceCell.INSERTED, CellUtil.cloneValue(put.get(D, TALL_MARKER).get(0)),
        "a check-and-mutate takes a cell with an empty value for an absent one");
  }

  @Test
  void aWideEntityIsCheckedByItsBareColumnKeySoThatTheRowsOtherEntitiesDoNotCount() {
    EntityModel<Line> model = EntityModel.of(Line.class);
    Object[] values = model.values(new Line("o-1", 7, "sku-1"));
    PresenceCell cell = PresenceCell.of(model, values);
    assertEquals(new PresenceCell(Role.MARKER, D, model.columnKey().encode(values)), cell);
    Put put = (Put) cell.insert(model.write(values)).getAction();
    assertTrue(put.has(D, model.columnKey().encode(values)), "the insert writes the entity's marker");
  }

  @Test
  void anEntityWithCellTimestampsWritesItsMarkerAtTheEntitysTimestamp() {
    EntityModel<Reading> model = EntityModel.of(Reading.class);
    Instant at = Instant.ofEpochMilli(1_700_000_000_000L);
    Put put = (Put) PresenceCell.of(model, model.values(new Reading("s-1", "7", at)))
        .insert(model.write(model.values(new Reading("s-1", "7", at)))).getAction();
    for (Cell cell : put.getFamilyCellMap().get(D)) {
      assertEquals(at.toEpochMilli(), cell.getTimestamp(), Bytes.toStringBinary(CellUtil.cloneQualifier(cell)));
    }
    assertTrue(put.has(D, TALL_MARKER));
  }

  private static List<String> qualifiers(org.apache.hadoop.hbase.client.Mutation mutation) {
    return mutation.getFamilyCellMap().values().stream().flatMap(List::stream)
        .map(cell -> Bytes.toStringBinary(CellUtil.cloneQualifier(cell))).toList();
  }
}
