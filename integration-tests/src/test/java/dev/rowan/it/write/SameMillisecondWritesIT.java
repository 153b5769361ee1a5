package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.OptimisticLockException;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import dev.rowan.test.HBaseTest;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Writes of one entity back to back, as fast as the client sends them: a null column, a delete
 * or a row marker written just before must never mask the write that follows it, even when both
 * land on the region server in the same millisecond.
 */
@HBaseTest
class SameMillisecondWritesIT {

  private static final int ROUNDS = 300;

  @Table(name = "notes")
  record Note(@RowKey String id, @Column String text, @Column Integer stars) {}

  interface NoteRepository extends HBaseRepository<Note> {}

  @Table(name = "lines")
  record Line(@RowKey String order, @ColumnKey int line, @Column String sku, @Column Integer quantity) {}

  interface LineRepository extends HBaseRepository<Line> {}

  @Test
  void aValueSavedRightAfterANullIsKept(Rowan rowan) {
    rowan.schema().create(Note.class);
    NoteRepository notes = rowan.repository(NoteRepository.class);
    int lost = 0;
    for (int i = 0; i < ROUNDS; i++) {
      String id = "n-" + i;
      notes.save(new Note(id, null, 1));
      notes.save(new Note(id, "text " + i, 2));
      if (!Optional.of(new Note(id, "text " + i, 2)).equals(notes.findByKey(id))) {
        lost++;
      }
    }
    assertEquals(0, lost, "saves whose value was masked by the null column written just before");
  }

  @Test
  void anEntitySavedRightAfterItsDeleteExists(Rowan rowan) {
    rowan.schema().create(Note.class);
    NoteRepository notes = rowan.repository(NoteRepository.class);
    int lost = 0;
    for (int i = 0; i < ROUNDS; i++) {
      Note note = new Note("n-" + i, "text", i);
      notes.save(note);
      notes.delete(note);
      notes.save(note);
      if (notes.findByKey(note.id()).isEmpty()) {
        lost++;
      }
    }
    assertEquals(0, lost, "saves masked by the delete written just before");
  }

  @Test
  void aWideEntitySavedRightAfterANullOrADeleteIsKept(Rowan rowan) {
    rowan.schema().create(Line.class);
    LineRepository lines = rowan.repository(LineRepository.class);
    int lost = 0;
    for (int i = 0; i < ROUNDS; i++) {
      String order = "o-" + i;
      lines.save(new Line(order, 1, null, null));
      lines.save(new Line(order, 1, "sku", 3));
      lines.delete(new Line(order, 1, "sku", 3));
      lines.save(new Line(order, 1, "sku", 4));
      lines.save(new Line(order, 2, null, null));
      lines.save(new Line(order, 2, "other", 1));
    }
    try (var all = lines.scanAll()) {
      for (Line line : all.toList()) {
        if (!line.equals(new Line(line.order(), 1, "sku", 4)) && !line.equals(new Line(line.order(), 2, "other", 1))) {
          lost++;
        }
      }
    }
    try (var all = lines.scanAll()) {
      lost += 2 * ROUNDS - (int) all.count();
    }
    assertEquals(0, lost, "wide saves masked by a null column or a delete written just before");
  }

  @Test
  void aTallEntityOnceSavedWithEveryColumnNullStaysDeleted(Rowan rowan) {
    rowan.schema().create(Note.class);
    NoteRepository notes = rowan.repository(NoteRepository.class);
    notes.save(new Note("n-1", null, null));
    notes.save(new Note("n-1", "text", 1));
    notes.delete(new Note("n-1", "text", 1));
    assertEquals(Optional.empty(), notes.findByKey("n-1"), "the row marker, an empty qualifier, is deleted too");
    notes.save(new Note("n-2", null, null));
    notes.deleteByKey("n-2");
    assertEquals(Optional.empty(), notes.findByKey("n-2"));
  }

  @Test
  void aDeleteRemovesCellsOfColumnsTheEntityDoesNotMap(Rowan rowan) throws Exception {
    rowan.schema().create(Note.class);
    NoteRepository notes = rowan.repository(NoteRepository.class);
    notes.save(new Note("n-1", "text", 1));
    try (var table = rowan.connection().getTable(rowan.tableName("notes"))) { // as a newer version would
      table.put(new org.apache.hadoop.hbase.client.Put(org.apache.hadoop.hbase.util.Bytes.toBytes("n-1"))
          .addColumn(org.apache.hadoop.hbase.util.Bytes.toBytes("d"), org.apache.hadoop.hbase.util.Bytes.toBytes("new"),
              org.apache.hadoop.hbase.util.Bytes.toBytes("x")));
    }
    notes.deleteByKey("n-1");
    assertEquals(Optional.empty(), notes.findByKey("n-1"), "a cell of a column this version does not map");
  }

  @Test
  void aDeletedWideEntityStaysDeletedAfterItsRowMarker(Rowan rowan) {
    rowan.schema().create(Line.class);
    LineRepository lines = rowan.repository(LineRepository.class);
    lines.save(new Line("o-1", 1, null, null));
    lines.save(new Line("o-1", 1, "sku", 2));
    lines.save(new Line("o-1", 2, "other", 5));
    lines.delete(new Line("o-1", 1, "sku", 2));
    try (var all = lines.scanAll()) {
      assertEquals(List.of(new Line("o-1", 2, "other", 5)), all.toList(),
          "the row marker of the all-null save is deleted too");
    }
  }

  @Table(name = "events")
  record Event(@RowKey String id, @Column String kind, @Column String note, @CellTimestamp Instant at) {}

  interface EventRepository extends HBaseRepository<Event> {}

  @Test
  void aNullColumnAtTheSameCellTimestampReplacesTheValue(Rowan rowan) {
    rowan.schema().create(Event.class);
    EventRepository events = rowan.repository(EventRepository.class);
    Instant at = Instant.parse("2020-09-13T12:26:40Z");
    events.save(new Event("e-1", "NEW", "first", at));
    events.save(new Event("e-1", "NEW", null, at));
    assertEquals(Optional.of(new Event("e-1", "NEW", null, at)), events.findByKey("e-1"));
    events.save(new Event("e-1", "NEW", "again", at));
    assertEquals(Optional.of(new Event("e-1", "NEW", "again", at)), events.findByKey("e-1"),
        "a value written after the null at the same cell timestamp shows");
  }

  @Test
  void anEntityWithAFutureCellTimestampIsDeletedAndCanComeBack(Rowan rowan) {
    rowan.schema().create(Event.class);
    EventRepository events = rowan.repository(EventRepository.class);
    Instant future = Instant.now().plus(Duration.ofDays(3650)).truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
    Event event = new Event("e-2", "NEW", "later", future);
    events.save(event);
    events.delete(event);
    assertEquals(Optional.empty(), events.findByKey("e-2"), "delete");
    events.save(event);
    assertEquals(Optional.of(event), events.findByKey("e-2"), "saved again after its delete");
    events.deleteByKey("e-2");
    assertEquals(Optional.empty(), events.findByKey("e-2"), "deleteByKey");
  }

  @Table(name = "versioned_lines")
  record VersionedLine(@RowKey String order, @ColumnKey int line, @Column String sku, @Version long version) {}

  interface VersionedLineRepository extends HBaseRepository<VersionedLine> {}

  @Test
  void eachLineOfAWideRowHasItsOwnVersion(Rowan rowan) {
    rowan.schema().create(VersionedLine.class);
    VersionedLineRepository lines = rowan.repository(VersionedLineRepository.class);
    VersionedLine first = lines.save(new VersionedLine("o-1", 1, "a", 0));
    assertEquals(1, first.version());
    VersionedLine second = lines.save(new VersionedLine("o-1", 2, "b", 0));
    assertEquals(1, second.version(), "a new line starts at version 1, whatever the other lines hold");
    assertEquals(2, lines.save(new VersionedLine("o-1", 1, "a2", 1)).version(), "a line saved from its own version");
    assertThrows(OptimisticLockException.class, () -> lines.save(new VersionedLine("o-1", 2, "lost", 0)),
        "a stale save of another line of the row");
    assertThrows(OptimisticLockException.class, () -> lines.save(new VersionedLine("o-1", 1, "lost", 1)));
    try (var all = lines.scanAll()) {
      assertEquals(List.of(new VersionedLine("o-1", 1, "a2", 2), new VersionedLine("o-1", 2, "b", 1)), all.toList());
    }
  }
}
