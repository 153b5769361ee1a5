package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** Versions rebuilt from the raw cells of a main row: each write's own cells, whatever was deleted after it. */
class EntityHistoryTest {

  @Table(name = "notes")
  @Family(name = "n", maxVersions = 5)
  record Note(@RowKey String id, @Column String title, @Column String body) {}

  @Table(name = "short_notes")
  @Family(name = "n", maxVersions = 3)
  record ShortNote(@RowKey String id, @Column String title, @Column String body) {}

  private static final EntityModel<Note> NOTES = EntityModel.of(Note.class);
  private static final byte[] ROW = NOTES.rowKeyOf("n-1");
  private static final byte[] N = Bytes.toBytes("n");

  @Test
  void eachWriteIsAVersionWithTheCellsAtItsTimestampAndADeleteIsADeletedVersion() {
    Result raw = raw(live(10, "a", "x"), live(20, "b", null), fence(30), deleted(40), live(50, "c", "z"));

    List<EntityHistory.Version> versions = EntityHistory.versions(NOTES, raw, 0);

    assertEquals(List.of("50 [n-1, c, z]", "40 deleted", "20 [n-1, b, null]", "10 [n-1, a, x]"), describe(versions));
  }

  @Test
  void theNewestVersionsComeFirstUpToTheMostAsked() {
    Result raw = raw(live(10, "a", "x"), live(20, "b", null), deleted(40), live(50, "c", "z"));

    assertEquals(List.of("50 [n-1, c, z]", "40 deleted"), describe(EntityHistory.versions(NOTES, raw, 2)));
  }

  @Test
  void noMoreStatusVersionsAreReadThanEveryFamilyKeepsFencesIncluded() {
    EntityModel<ShortNote> shortNotes = EntityModel.of(ShortNote.class);
    Result raw = raw(live(10, "a", "x"), live(20, "b", "y"), fence(30), live(40, "c", "z"));

    assertEquals(List.of("40 [n-1, c, z]", "20 [n-1, b, y]"), describe(EntityHistory.versions(shortNotes, raw, 0)));
    assertEquals(3, EntityHistory.depth(shortNotes));
  }

  @Test
  void aFenceOfADeletedRowIsNotASecondDeletion() {
    Result raw = raw(live(10, "a", "x"), deleted(20), deleted(30), live(40, "b", null));

    assertEquals(List.of("40 [n-1, b, null]", "20 deleted", "10 [n-1, a, x]"),
        describe(EntityHistory.versions(NOTES, raw, 0)));
  }

  @Test
  void aFenceOfARowThatNeverHeldTheEntityIsNoDeletion() {
    Result raw = raw(deleted(10), live(20, "a", null));

    assertEquals(List.of("20 [n-1, a, null]"), describe(EntityHistory.versions(NOTES, raw, 0)));
  }

  @Test
  void aDeletionAtTheEndOfTheVersionsKeptStaysADeletion() {
    EntityModel<ShortNote> shortNotes = EntityModel.of(ShortNote.class);
    Result raw = raw(live(10, "a", "x"), deleted(20), live(30, "b", "y"), live(40, "c", "z"));

    assertEquals(List.of("40 [n-1, c, z]", "30 [n-1, b, y]", "20 deleted"),
        describe(EntityHistory.versions(shortNotes, raw, 0)), "the live version before it is beyond the 3 kept");
  }

  @Test
  void aRowWrittenWithoutStatusHasAVersionPerTimestamp() {
    Result raw = raw(plain(10, "a", "x"), plain(20, "b", "y"));

    assertEquals(List.of("20 [n-1, b, y]", "10 [n-1, a, x]"), describe(EntityHistory.versions(NOTES, raw, 0)));
  }

  @Test
  void theVersionBeforeATimeIsTheNewestWrittenBelowIt() {
    Result raw = raw(live(10, "a", "x"), deleted(20), live(30, "b", "y"));

    assertEquals("10 [n-1, a, x]", describe(List.of(EntityHistory.before(NOTES, raw, 20))).get(0));
    assertEquals("20 deleted", describe(List.of(EntityHistory.before(NOTES, raw, 21))).get(0));
    assertEquals("30 [n-1, b, y]", describe(List.of(EntityHistory.before(NOTES, raw, Long.MAX_VALUE))).get(0));
    assertNull(EntityHistory.before(NOTES, raw, 10));
  }

  @Test
  void aRowWithNoCellsHasNoVersions() {
    assertEquals(List.of(), EntityHistory.versions(NOTES, Result.EMPTY_RESULT, 0));
  }

  private static List<String> describe(List<EntityHistory.Version> versions) {
    return versions.stream().map(v -> v.timestamp() + " "
        + (v.row().isLive() ? Arrays.toString(v.row().values()) : "deleted")).toList();
  }

  /** A save by the protocol: the entity's cells, its null columns deleted below it, and a live status. */
  private static List<Mutation> live(long timestamp, String title, String body) {
    List<Mutation> write = plain(timestamp, title, body);
    ((Put) write.get(0)).addColumn(N, ProtocolCells.MAIN_STATUS, timestamp,
        new RowStatus(State.LIVE, timestamp, 1).encode());
    return write;
  }

  /** A write without status: the entity's cells, its null columns deleted below it. */
  private static List<Mutation> plain(long timestamp, String title, String body) {
    var write = NOTES.write(new Object[] {"n-1", title, body}, timestamp);
    List<Mutation> mutations = new ArrayList<>();
    mutations.add(write.put());
    if (write.delete() != null) {
      mutations.add(write.delete());
    }
    return mutations;
  }

  /** A delete by the protocol: every cell below it deleted, and a deleted status. */
  private static List<Mutation> deleted(long timestamp) {
    return List.of(new Delete(ROW).addFamily(N, timestamp - 1),
        new Put(ROW).addColumn(N, ProtocolCells.MAIN_STATUS, timestamp, new RowStatus(State.DELETED, timestamp, 1).encode()));
  }

  /** A fence of a live row: a status and nothing else. */
  private static List<Mutation> fence(long timestamp) {
    return List.of(new Put(ROW).addColumn(N, ProtocolCells.MAIN_STATUS, timestamp,
        new RowStatus(State.LIVE, timestamp, 2).encode()));
  }

  /** What a raw read of the row returns after {@code writes}: every put and delete marker. */
  @SafeVarargs
  private static Result raw(List<Mutation>... writes) {
    List<Cell> cells = new ArrayList<>();
    for (List<Mutation> write : writes) {
      for (Mutation mutation : write) {
        mutation.getFamilyCellMap().values().forEach(cells::addAll);
      }
    }
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }
}
