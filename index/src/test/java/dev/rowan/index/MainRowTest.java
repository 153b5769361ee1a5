package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The main row's state, and the rules that start from it: the next write's timestamp and the version stored. */
class MainRowTest {

  @Table(name = "accounts")
  @Family(name = "a")
  record Account(@RowKey String id, @Column String owner, @Version long version) {}

  @Table(name = "notes")
  record Note(@RowKey String id, @Column String text) {}

  private static final EntityModel<Account> ACCOUNTS = EntityModel.of(Account.class);
  private static final byte[] ROW = Bytes.toBytes("a-1");
  private static final byte[] A = Bytes.toBytes("a");

  private static MainRow row(Long lastWrite) {
    return new MainRow(lastWrite == null ? null : new RowStatus(State.LIVE, lastWrite, 7), new Object[3]);
  }

  @ParameterizedTest(name = "last write {0}, now {1}: the next write is at {2}")
  @CsvSource(nullValues = "none", value = {
      "none, 1000, 1000",
      "500,  1000, 1000",
      "999,  1000, 1000",
      "1000, 1000, 1001",
      "5000, 1000, 5001",
  })
  void theNextWriteIsAtNowOrJustAboveTheLastWrite(Long lastWrite, long now, long expected) {
    assertEquals(expected, row(lastWrite).nextWrite(now));
  }

  @ParameterizedTest(name = "last write {0}, floor {1}, now {2}: {3}")
  @CsvSource(nullValues = "none", value = {
      "none, 0,    1000, 1000",
      "500,  700,  1000, 1000",
      "500,  2000, 1000, 2001",
      "3000, 2000, 1000, 3001",
      "3000, 2000, 0,    3001",
      "none, 2000, 0,    2001",
  })
  void aTimestampAboveAFloorIsAboveTheFloorTheLastWriteAndNow(Long lastWrite, long floor, long now, long expected) {
    assertEquals(expected, row(lastWrite).timestampAbove(now, floor));
  }

  @Test
  void anAbsentRowIsNotLiveAndHasNoLastWrite() {
    assertFalse(MainRow.ABSENT.isLive());
    assertEquals(0, MainRow.ABSENT.lastWrite());
    assertSame(MainRow.ABSENT, MainRow.of(ACCOUNTS, null));
    assertSame(MainRow.ABSENT, MainRow.of(ACCOUNTS, Result.EMPTY_RESULT));
  }

  @Test
  void aRowReadWithItsStatusHoldsTheEntityAndTheStatus() {
    RowStatus status = new RowStatus(State.LIVE, 1000, 7);
    MainRow main = MainRow.of(ACCOUNTS, result(status, "ann", 4L));
    assertTrue(main.isLive());
    assertEquals(status, main.status());
    assertEquals(1000, main.lastWrite());
    assertArrayEquals(new Object[] {"a-1", "ann", 4L}, main.values());
  }

  @Test
  void aTombstoneHoldsNoEntityButKeepsItsStatus() {
    RowStatus status = new RowStatus(State.DELETED, 1000, 7);
    MainRow main = MainRow.of(ACCOUNTS, result(status, null, null));
    assertFalse(main.isLive());
    assertNull(main.values());
    assertEquals(1000, main.lastWrite());
  }

  @Test
  void aRowWrittenWithoutViewsHoldsTheEntityWithoutStatus() {
    MainRow main = MainRow.of(ACCOUNTS, result(null, "ann", 4L));
    assertTrue(main.isLive());
    assertNull(main.status());
    assertEquals(0, main.lastWrite());
  }

  @Test
  void aRowHoldingOnlyACommitSyncMarkHoldsNoEntity() {
    Put mark = CommitSync.mark(A, ROW, 1000);
    MainRow main = MainRow.of(ACCOUNTS, Result.create(mark.getFamilyCellMap().get(A)));
    assertFalse(main.isLive(), "the mark of a commit that a region server lost is not an entity without status");
    assertEquals(0, main.lastWrite());
  }

  @ParameterizedTest(name = "stored {0}, given {1}: stores {2}")
  @CsvSource(nullValues = "none", value = {
      "none,   0, 1",
      "0,      0, 1",
      "4,      4, 5",
  })
  void aSaveAdvancesTheVersionItCarriesWhenItIsTheStoredOne(Long stored, long given, long expected) {
    MainRow before = stored == null ? MainRow.ABSENT : new MainRow(null, new Object[] {"a-1", "bob", stored});
    Object[] requested = {"a-1", "ann", given};
    Object[] written = before.advanceVersionForSave(ACCOUNTS, requested, ROW);
    assertArrayEquals(new Object[] {"a-1", "ann", expected}, written);
    assertEquals(given, requested[2], "the requested values are not changed");
  }

  @ParameterizedTest(name = "stored {0}, given {1}: stale")
  @CsvSource(nullValues = "none", value = {
      "none,   3, absent",
      "4,      3, 4",
      "4,      5, 4",
  })
  void aSaveThatCarriesAnotherVersionThanTheStoredOneIsStale(Long stored, long given, String reported) {
    MainRow before = stored == null ? MainRow.ABSENT : new MainRow(null, new Object[] {"a-1", "bob", stored});
    StaleVersionException e = assertThrows(StaleVersionException.class,
        () -> before.advanceVersionForSave(ACCOUNTS, new Object[] {"a-1", "ann", given}, ROW));
    assertEquals("Account", e.entity());
    assertEquals("a-1", e.key());
    assertEquals(given, e.given());
    assertEquals(reported, String.valueOf(e.stored()));
    assertEquals("Account a-1 is at version " + reported + ", but the save carried version " + given
        + "; read it again and retry", e.getMessage());
  }

  @ParameterizedTest(name = "stored {0}, given {1}: loads {2}")
  @CsvSource(nullValues = "none", value = {
      "none,   0,  1",
      "none,   9,  1",
      "4,      0,  5",
      "4,      17, 5",
  })
  void aLoadStoresTheVersionAboveTheStoredOneWhateverTheInputSays(Long stored, long given, long expected) {
    MainRow before = stored == null ? MainRow.ABSENT : new MainRow(null, new Object[] {"a-1", "bob", stored});
    assertArrayEquals(new Object[] {"a-1", "ann", expected},
        before.advanceVersionForLoad(ACCOUNTS, new Object[] {"a-1", "ann", given}));
  }

  @Test
  void anEntityWithoutVersionIsStoredAsGivenBySavesAndLoads() {
    EntityModel<Note> notes = EntityModel.of(Note.class);
    Object[] values = {"n-1", "hello"};
    assertSame(values, row(5L).advanceVersionForSave(notes, values, ROW));
    assertSame(values, row(5L).advanceVersionForLoad(notes, values));
  }

  /** A main row as the protocol writes it: the entity's cells (none for a tombstone) and its status, if any. */
  private static Result result(RowStatus status, String owner, Long version) {
    Put put = owner == null ? new Put(ROW) : ACCOUNTS.write(new Object[] {"a-1", owner, version}, 1).put();
    if (status != null) {
      put.addColumn(A, ProtocolCells.MAIN_STATUS, 1, status.encode());
    }
    List<Cell> cells = new ArrayList<>();
    put.getFamilyCellMap().values().forEach(cells::addAll);
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }
}
