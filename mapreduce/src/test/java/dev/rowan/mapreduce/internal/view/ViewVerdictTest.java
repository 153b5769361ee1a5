package dev.rowan.mapreduce.internal.view;

import dev.rowan.mapreduce.Order;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.RowWrite;
import dev.rowan.mapreduce.internal.view.ViewVerdict.Kind;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.junit.jupiter.api.Test;

/**
 * What the verify job reports of a view row or an entity, decided from rows built in memory; the
 * verdict's cases are in {@code ViewRowVerdictTest} (module index).
 */
class ViewVerdictTest {

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewModel SELLER = ViewMaintainer.of(MODEL).view("seller").orElseThrow();
  private static final ViewModel BUYER = ViewMaintainer.of(MODEL).view("buyer").orElseThrow();
  private static final ViewVerdict VERDICT = new ViewVerdict(MODEL);
  private static final long TS = 1_700_000_000_000L;
  private static final Order ORDER = new Order("o-1", "s-1", "b-1", Instant.parse("2024-03-01T10:15:30Z"),
      new BigDecimal("12.50"), "a note");

  @Test
  void theVerifyJobReportsTheFindingsOfTheOneVerdictOnAViewRow() {
    Order moved = new Order("o-1", "s-2", "b-1", ORDER.createdAt(), ORDER.amount(), ORDER.note());
    assertEquals(Kind.CONSISTENT, VERDICT.of(SELLER, viewRow(SELLER, ORDER, State.VERIFIED), mainRow(ORDER, State.LIVE)));
    assertEquals(Kind.STALE, VERDICT.of(SELLER, viewRow(SELLER, ORDER, State.UNVERIFIED), mainRow(ORDER, State.LIVE)));
    assertEquals(Kind.ORPHAN, VERDICT.of(SELLER, viewRow(SELLER, ORDER, State.VERIFIED), mainRow(moved, State.LIVE)));
    assertEquals(Kind.AWAITING_RETIREMENT, VERDICT.of(SELLER, viewRow(SELLER, ORDER, State.UNVERIFIED),
        mainRow(moved, State.LIVE)), "left by the write that moved its entity, for readers to retire");
  }

  @Test
  void aRowIsAsLoadedOnlyWhileUnverifiedWithItsMainRowsCurrentStatusAtTheKeyItsEntityMapsTo() {
    Result main = mainRow(ORDER, State.LIVE);
    assertTrue(VERDICT.asLoaded(SELLER, viewRow(SELLER, ORDER, State.UNVERIFIED), main));
    assertFalse(VERDICT.asLoaded(SELLER, viewRow(SELLER, ORDER, State.VERIFIED), main), "settled already");
    Object[] values = MODEL.values(ORDER);
    Result otherWrite = result(SELLER.put(SELLER.rowKey(values), values, new RowStatus(State.UNVERIFIED, TS + 1, 7L),
        MODEL.rowKey(ORDER)));
    assertFalse(VERDICT.asLoaded(SELLER, otherWrite, main), "a write after the load's");
    Order moved = new Order("o-1", "s-2", "b-1", ORDER.createdAt(), ORDER.amount(), ORDER.note());
    assertFalse(VERDICT.asLoaded(SELLER, viewRow(SELLER, ORDER, State.UNVERIFIED), mainRow(moved, State.LIVE)),
        "the entity moved to another key");
    assertFalse(VERDICT.asLoaded(SELLER, viewRow(SELLER, ORDER, State.UNVERIFIED), mainRow(ORDER, State.DELETED)));
  }

  @Test
  void anEntityHasAnExpectedKeyOnlyWhenItLivesAndItsViewKeyIsNotNull() {
    assertArrayEquals(SELLER.rowKey(MODEL.values(ORDER)), VERDICT.expectedKey(SELLER, mainRow(ORDER, State.LIVE)));
    assertNull(VERDICT.expectedKey(SELLER, Result.EMPTY_RESULT));
    assertNull(VERDICT.expectedKey(SELLER, mainRow(ORDER, State.DELETED)));
    Order noBuyer = new Order("o-1", "s-1", null, ORDER.createdAt(), ORDER.amount(), ORDER.note());
    assertNull(VERDICT.expectedKey(BUYER, mainRow(noBuyer, State.LIVE)));
  }

  private static Result mainRow(Order order, State state) {
    RowWrite write = MODEL.write(MODEL.values(order), TS);
    Put put = write.put();
    put.addColumn(SELLER.statusFamily(), Qualifier.MAIN_STATUS.bytes(), TS, new RowStatus(state, TS, 7L).encode());
    return result(put);
  }

  private static Result viewRow(ViewModel view, Order order, State state) {
    Object[] values = MODEL.values(order);
    return result(view.put(view.rowKey(values), values, new RowStatus(state, TS, 7L), MODEL.rowKey(order)));
  }

  private static Result result(Mutation mutation) {
    List<Cell> cells = new ArrayList<>();
    mutation.getFamilyCellMap().values().forEach(cells::addAll);
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }
}
