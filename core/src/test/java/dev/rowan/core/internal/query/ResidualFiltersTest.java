package dev.rowan.core.internal.query;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.QueryPlannerTest.Fixture;
import dev.rowan.core.internal.query.QueryPlannerTest.Order;
import dev.rowan.core.internal.query.QueryPlannerTest.Status;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.Filter.ReturnCode;
import org.apache.hadoop.hbase.client.Put;
import org.junit.jupiter.api.Test;

/**
 * Which residual conditions go to the region server as filters, and what those filters keep,
 * evaluated on rows built here as a region server would evaluate them: a filter may keep rows
 * that do not match (the client checks every row), but never drop one a reader must see.
 */
class ResidualFiltersTest {

  private static final Fixture ORDERS = Fixture.of(Order.class).getPayload();
  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final Instant AT = Instant.parse("2026-11-24T10:00:00Z");

  @Test
  void anEqualityOnACarriedColumnIsPushedAndARangeOnlyWhereCellsSortAsValues() {
    AccessPlan equality = plan("findBySellerIdAndBuyerId", 2);
    assertEquals("seller", equality.view().name());
    assertEquals(List.of("buyerId"), names(ResidualFilters.pushed(equality, MODEL)));

    AccessPlan strings = plan("findBySellerIdAndNoteGreaterThan", 2);
    assertEquals(List.of("note"), names(ResidualFilters.pushed(strings, MODEL)), "UTF-8 sorts by code point");

    AccessPlan decimals = plan("findByBuyerIdAndAmountGreaterThan", 2);
    assertEquals(List.of(), names(ResidualFilters.pushed(decimals, MODEL)),
        "a decimal's cells encode its scale: checked in the client");
  }

  @Test
  void aStringRangeKeepsExactlyTheVerifiedRowsInItByCodePoint() throws IOException {
    AccessPlan plan = plan("findBySellerIdAndNoteBetween", 3);
    ViewModel seller = plan.view();
    Filter filter = ResidualFilters.of(plan, MODEL, new Object[] {"s-1", "b", "\uFFFF"});
    for (String note : List.of("b", "c", "zz", "\uFFFF")) {
      assertTrue(keeps(filter, viewRow(seller, order(note), State.VERIFIED)), note);
    }
    for (String note : List.of("a", "\uD83D\uDE00", "\uFFFF!")) { // U+1F600 sorts after U+FFFF by code point
      assertFalse(keeps(filter, viewRow(seller, order(note), State.VERIFIED)), note);
    }
    assertTrue(keeps(filter, viewRow(seller, order("a"), State.UNVERIFIED)), "an unverified row always passes");

    Filter greater = ResidualFilters.of(plan("findBySellerIdAndNoteGreaterThan", 2), MODEL, new Object[] {"s-1", "b"});
    assertFalse(keeps(greater, viewRow(seller, order("b"), State.VERIFIED)), "exclusive");
    assertTrue(keeps(greater, viewRow(seller, order("\uD83D\uDE00"), State.VERIFIED)));
  }

  @Test
  void startingWithKeepsTheVerifiedRowsWithThePrefix() throws IOException {
    AccessPlan plan = plan("findBySellerIdAndNoteStartingWith", 2);
    Filter filter = ResidualFilters.of(plan, MODEL, new Object[] {"s-1", "ab"});
    assertTrue(keeps(filter, viewRow(plan.view(), order("ab"), State.VERIFIED)));
    assertTrue(keeps(filter, viewRow(plan.view(), order("abc"), State.VERIFIED)));
    assertFalse(keeps(filter, viewRow(plan.view(), order("a"), State.VERIFIED)));
    assertFalse(keeps(filter, viewRow(plan.view(), order(null), State.VERIFIED)), "a null note matches nothing");
  }

  private static Order order(String note) {
    return new Order("o-1", "s-1", "b-1", AT, BigDecimal.ONE, note, Status.NEW);
  }

  @Test
  void aDecimalColumnIsNotPushedSinceItsCellsEncodeTheScale() {
    AccessPlan plan = plan("findBySellerIdAndAmount", 2);
    assertEquals(List.of(), names(ResidualFilters.pushed(plan, MODEL)), "1.0 and 1.00 are equal but differ in bytes");
  }

  /** An entity whose only view is narrow. */
  @Table(name = "parcels")
  @Index(name = "buyer", key = {"buyerId"}, include = {"weight"})
  record Parcel(@RowKey String parcelNo, String buyerId, String note, int weight) {}

  @Test
  void aColumnANarrowViewDoesNotCarryIsNotPushedToIt() {
    Fixture parcels = Fixture.of(Parcel.class).getPayload();
    AccessPlan plan = parcels.plan("findByBuyerIdAndNoteAndWeight", 3).groups().get(0);
    assertEquals("buyer", plan.view().name());
    assertEquals(List.of("weight"), names(ResidualFilters.pushed(plan, parcels.model())),
        "the note is checked after the second read; the weight, which the view carries, is pushed");
  }

  @Test
  void onAViewTheFilterKeepsMatchingRowsAndEveryRowThatIsNotVerified() throws IOException {
    AccessPlan plan = plan("findBySellerIdAndBuyerId", 2);
    Filter filter = ResidualFilters.of(plan, MODEL, new Object[] {"s-1", "b-1"});
    ViewModel seller = plan.view();
    Order match = new Order("o-1", "s-1", "b-1", AT, BigDecimal.ONE, "n", Status.NEW);
    Order other = new Order("o-2", "s-1", "b-2", AT, BigDecimal.ONE, "n", Status.NEW);

    assertTrue(keeps(filter, viewRow(seller, match, State.VERIFIED)));
    assertFalse(keeps(filter, viewRow(seller, other, State.VERIFIED)), "a verified row of another buyer");
    assertTrue(keeps(filter, viewRow(seller, other, State.UNVERIFIED)),
        "an unverified row is checked against its main row, whose buyer may be b-1");
  }

  @Test
  void anInListKeepsARowOfAnyOfItsValues() throws IOException {
    AccessPlan plan = plan("findBySellerIdAndBuyerIdIn", 2);
    Filter filter = ResidualFilters.of(plan, MODEL, new Object[] {"s-1", List.of("b-1", "b-3")});
    ViewModel seller = plan.view();

    assertTrue(keeps(filter, viewRow(seller, new Order("o-1", "s-1", "b-3", AT, null, null, null), State.VERIFIED)));
    assertFalse(keeps(filter, viewRow(seller, new Order("o-1", "s-1", "b-2", AT, null, null, null), State.VERIFIED)));
  }

  private static AccessPlan plan(String method, int parameters) {
    return ORDERS.plan(method, parameters).groups().get(0);
  }

  private static List<String> names(List<Condition> conditions) {
    return conditions.stream().map(Condition::property).toList();
  }

  /** The cells a settle (verified) or a step two (unverified, with its values here) leaves. */
  private static List<Cell> viewRow(ViewModel view, Order order, State state) throws IOException {
    Object[] values = MODEL.values(order);
    RowStatus status = new RowStatus(state, 1000, 7);
    Put put = view.put(view.rowKey(values), values, status, MODEL.rowKey().encode(values));
    List<Cell> cells = new ArrayList<>();
    put.getFamilyCellMap().values().forEach(cells::addAll);
    cells.sort(CellComparator.getInstance());
    return cells;
  }

  /** Whether a region server scanning the row with {@code filter} returns it. */
  private static boolean keeps(Filter filter, List<Cell> row) throws IOException {
    filter.reset();
    if (filter.filterRowKey(row.get(0))) {
      return false;
    }
    List<Cell> kept = new ArrayList<>();
    for (Cell cell : row) {
      ReturnCode code = filter.filterCell(cell);
      if (code == ReturnCode.INCLUDE || code == ReturnCode.INCLUDE_AND_NEXT_COL
          || code == ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW) {
        kept.add(cell);
      }
      if (filter.filterAllRemaining()) {
        return false;
      }
    }
    if (filter.hasFilterRow()) {
      filter.filterRowCells(kept);
    }
    return !filter.filterRow() && !kept.isEmpty();
  }
}
