package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class ViewRowRepairTest {

  @Table(name = "members")
  @Index(name = "email", key = "email", unique = true)
  @Index(name = "city", key = "city")
  record Member(@RowKey String id, @Column(name = "e") String email, @Column(name = "c") String city) {}

  private static final EntityModel<Member> MODEL = EntityModel.of(Member.class);
  private static final ViewModel EMAIL = ViewMaintainer.of(MODEL).view("email").orElseThrow();
  private static final ViewModel CITY = ViewMaintainer.of(MODEL).view("city").orElseThrow();
  private static final Member MEMBER = new Member("u1", "a@x", "Oslo");
  private static final byte[] D = Bytes.toBytes("d");

  @Test
  void aRepairRewritesTheRowSettledFromTheMainRowOnlyIfItsStatusIsStillTheOneSeen() {
    RowStatus status = new RowStatus(State.LIVE, 5000, 9);
    MainRow main = new MainRow(status, MODEL.values(MEMBER));
    byte[] key = CITY.rowKey(MODEL.values(MEMBER));
    byte[] seen = Bytes.toBytes("seen");
    CheckAndMutate repair = ViewRowRepair.rewrite(CITY, key, main, MODEL.rowKey(MEMBER), seen, true);
    assertArrayEquals(ProtocolCells.VIEW_STATUS, repair.getQualifier());
    assertArrayEquals(seen, repair.getValue());
    RowMutations rewrite = assertInstanceOf(RowMutations.class, repair.getAction());
    Delete older = assertInstanceOf(Delete.class, rewrite.getMutations().get(0));
    assertEquals(4999, older.getTimestamp(), "every cell below the main row's status goes");
    Delete mark = assertInstanceOf(Delete.class, rewrite.getMutations().get(1));
    assertEquals(List.of(5000L), mark.getFamilyCellMap().get(D).stream().map(Cell::getTimestamp).toList(),
        "a write mark of a version before 0.3, at the status's timestamp, goes too");
    assertArrayEquals(ProtocolCells.VIEW_WRITE, CellUtil.cloneQualifier(mark.getFamilyCellMap().get(D).get(0)));
    Result row = result(assertInstanceOf(Put.class, rewrite.getMutations().get(2)));
    assertTrue(ViewRowVerdict.trustedAlone(CITY, row), "settled by its status alone");
    assertEquals(status.with(State.VERIFIED), ViewRowVerdict.observed(CITY, row));
  }

  @Test
  void aDeleteReachesUpToItsBoundOnlyWhileTheCellThatNamesTheEntityIsAsRead() {
    CheckAndMutate absent = ViewRowRepair.delete(CITY, Bytes.toBytes("k"), null, 77);
    assertNull(absent.getValue());
    assertEquals(CompareOperator.EQUAL, absent.getCompareOp());
    RowMutations retire = assertInstanceOf(RowMutations.class, absent.getAction(),
        "a row of a view that is not unique is retired, not deleted");
    Put retired = assertInstanceOf(Put.class, retire.getMutations().get(0));
    assertEquals(78, retired.get(D, ProtocolCells.VIEW_RETIRED).get(0).getTimestamp(), "just above its bound");
    CheckAndMutate uniqueDelete = ViewRowRepair.delete(EMAIL, Bytes.toBytes("k"), null, 77);
    Delete deleted = assertInstanceOf(Delete.class,
        assertInstanceOf(RowMutations.class, uniqueDelete.getAction()).getMutations().get(0), "a unique view's row is deleted");
    assertEquals(77, deleted.getTimestamp());
    Put unique = EMAIL.put(EMAIL.rowKey(MODEL.values(MEMBER)), MODEL.values(MEMBER),
        new RowStatus(State.UNVERIFIED, 100, 1), MODEL.rowKey(MEMBER));
    CheckAndMutate asRead = ViewRowRepair.deleteAsRead(EMAIL, result(unique), 100);
    assertArrayEquals(ProtocolCells.OWNER, asRead.getQualifier(), "a unique row is judged by its owner");
    assertArrayEquals(MODEL.rowKey(MEMBER), asRead.getValue());
    assertEquals(100, ViewRowRepair.newest(result(unique)));
    assertEquals(0, ViewRowRepair.newest(Result.EMPTY_RESULT));
  }

  private static Result result(Put put) {
    List<Cell> cells = new java.util.ArrayList<>(put.getFamilyCellMap().get(D));
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }
}
