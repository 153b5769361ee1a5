package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** What a retired view row is made of, when a row counts as retired, and which reads it covers. */
class RetiredRowsTest {

  @Table(name = "members")
  @Index(name = "email", key = "email", unique = true)
  @Index(name = "city", key = "city")
  record Member(@RowKey String id, @Column(name = "e") String email, @Column(name = "c") String city) {}

  @Table(name = "visits")
  @Family(name = "d", ttlSeconds = 200)
  @Index(name = "city", key = "city")
  record Visit(@RowKey String id, @Column(name = "c") String city) {}

  private static final EntityModel<Member> MODEL = EntityModel.of(Member.class);
  private static final ViewModel CITY = ViewMaintainer.of(MODEL).view("city").orElseThrow();
  private static final ViewModel EMAIL = ViewMaintainer.of(MODEL).view("email").orElseThrow();
  private static final Member MEMBER = new Member("u1", "a@x", "Oslo");
  private static final byte[] D = Bytes.toBytes("d");
  private static final long MINUTE = 60_000;

  @Test
  void aRetirementDeletesTheRowBelowItsWriteAndItsOwnCellsAtItAndWritesAnExpiringRetiredCell() {
    byte[] key = CITY.rowKey(MODEL.values(MEMBER));
    RowStatus write = new RowStatus(State.LIVE, 5000, 9);
    RowMutations retirement = RetiredRows.retire(CITY, key, write, Durability.ASYNC_WAL);
    Delete older = assertInstanceOf(Delete.class, retirement.getMutations().get(1));
    List<String> markers = new ArrayList<>();
    for (Map.Entry<byte[], List<Cell>> family : older.getFamilyCellMap().entrySet()) {
      for (Cell marker : family.getValue()) {
        markers.add(Bytes.toStringBinary(marker.getQualifierArray(), marker.getQualifierOffset(),
            marker.getQualifierLength()) + " " + marker.getType() + " " + marker.getTimestamp());
      }
    }
    assertEquals(List.of(" DeleteFamily 5000"), markers, "every cell up to the write, as a plain delete of the row");
    Put retired = assertInstanceOf(Put.class, retirement.getMutations().get(0), "the put first: alone, it retires the row");
    assertEquals(5001, retired.get(D, ProtocolCells.VIEW_RETIRED).get(0).getTimestamp(),
        "above the marker: the cells of one row mutation share their sequence id, which a marker masks too");
    assertEquals(RetiredRows.KEPT_MILLIS, retired.getTTL());
    assertEquals(Durability.ASYNC_WAL, retired.getDurability());
    assertEquals(Durability.ASYNC_WAL, older.getDurability());
    assertEquals(write.with(State.RETIRED), RetiredRows.retired(CITY, result(retired)));
    assertEquals(List.of(retired, older), RetiredRows.settleRows(retirement),
        "a batch of settles sends the put first: if the two land apart, the row is retired all the same");
    Put settle = CITY.settlePut(key, MODEL.values(MEMBER), write.with(State.VERIFIED), MODEL.rowKey(MEMBER));
    assertEquals(List.of(settle), RetiredRows.settleRows(settle));
    assertThrows(IllegalArgumentException.class,
        () -> RetiredRows.retire(EMAIL, key, write, Durability.ASYNC_WAL), "a unique view's rows are deleted");
  }

  @Test
  void aRowIsRetiredUntilAWriteOfItsEntityComesBackWithANewerStatus() {
    byte[] key = CITY.rowKey(MODEL.values(MEMBER));
    Put retired = assertInstanceOf(Put.class,
        RetiredRows.retire(CITY, key, new RowStatus(State.LIVE, 5000, 9), Durability.USE_DEFAULT)
            .getMutations().get(0));
    Put lateSettle = CITY.settlePut(key, MODEL.values(MEMBER), new RowStatus(State.VERIFIED, 4000, 3),
        MODEL.rowKey(MEMBER));
    Result retiredUnderALateSettle = result(retired, lateSettle);
    assertEquals(State.RETIRED, ViewRowVerdict.observed(CITY, retiredUnderALateSettle).state());
    MainRow moved = new MainRow(new RowStatus(State.LIVE, 5000, 9), MODEL.values(new Member("u1", "a@x", "Bergen")));
    assertEquals(ViewRowVerdict.Action.LEAVE,
        ViewRowVerdict.forReader(CITY, key, ViewRowVerdict.observed(CITY, retiredUnderALateSettle), moved,
            5001, MINUTE, true), "a reader checks it and leaves it to expire");
    assertEquals(ViewRowVerdict.Finding.RETIRED, ViewRowVerdict.forVerify(CITY, retiredUnderALateSettle, moved));
    assertFalse(ViewRowVerdict.trustedAlone(CITY, retiredUnderALateSettle));

    Put back = CITY.pendingPut(key, MODEL.values(MEMBER), new RowStatus(State.UNVERIFIED, 5001, 4));
    Result cameBack = result(retired, back);
    assertNull(RetiredRows.retired(CITY, cameBack), "the next write, at the retired cell's millisecond or later");
    assertEquals(State.UNVERIFIED, ViewRowVerdict.observed(CITY, cameBack).state());
  }

  @Test
  void retiredRowsCoverAReadThatEndsWithinTheirLifeLessTwoLeases() {
    assertTrue(RetiredRows.coverRead(CITY, 3 * MINUTE, MINUTE));
    assertFalse(RetiredRows.coverRead(CITY, 3 * MINUTE + 1, MINUTE));
    assertFalse(RetiredRows.coverRead(CITY, 0, 3 * MINUTE), "a lease this long leaves no read covered");
    assertFalse(RetiredRows.coverRead(EMAIL, 0, MINUTE), "a unique view deletes its rows");
    ViewModel expiring = ViewMaintainer.of(EntityModel.of(Visit.class)).view("city").orElseThrow();
    assertEquals(200_000, RetiredRows.keptMillis(expiring), "the family expires cells sooner");
    assertTrue(RetiredRows.coverRead(expiring, 80_000, MINUTE));
    assertFalse(RetiredRows.coverRead(expiring, 80_001, MINUTE));
  }

  private static Result result(Put... puts) {
    List<Cell> cells = new ArrayList<>();
    for (Put put : puts) {
      for (NavigableMap.Entry<byte[], List<Cell>> family : put.getFamilyCellMap().entrySet()) {
        cells.addAll(family.getValue());
      }
    }
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }
}
