package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.check.Projection;
import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.core.internal.query.plan.QueryPlannerTest.Order;
import dev.rowan.core.internal.query.plan.QueryPlannerTest.Status;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Projections mapped to an entity's properties, and how a find of one is planned and read. */
class ProjectionTest {

  private static final EntityModel<?> ORDER = EntityModel.of(Order.class);

  record SellerAmount(String sellerId, BigDecimal amount) {}

  /** Public, as a user's projection is: {@code Projection}, in another package, calls its default method. */
  public interface BuyerSummary {
    String buyerId();

    BigDecimal getAmount();

    default String line() {
      return buyerId() + ":" + getAmount();
    }
  }

  record Misnamed(String sellerId, String seller) {}

  record Mistyped(Instant sellerId) {}

  record PrimitiveOfNullable(int lines) {}

  interface WithParameters {
    String sellerId(int i);
  }

  /** A tall account with one int column: a primitive projection of it is fine. */
  @Table(name = "accounts")
  @Index(name = "slim", key = {"region"}, include = {"balance"}, format = Index.Format.COLUMNS)
  @Index(name = "whole", key = {"region"}, format = Index.Format.COLUMNS)
  record Account(@RowKey String id, String region, int balance, String owner, Integer rating) {}

  record Balance(int balance) {}

  record Rating(int rating) {}

  private static Object[] order(String orderNo, String seller, String buyer, BigDecimal amount) {
    Object[] values = new Object[ORDER.properties().size()];
    values[ORDER.property("orderNo").index()] = orderNo;
    values[ORDER.property("sellerId").index()] = seller;
    values[ORDER.property("buyerId").index()] = buyer;
    values[ORDER.property("amount").index()] = amount;
    values[ORDER.property("status").index()] = Status.NEW;
    return values;
  }

  @Test
  void aRecordProjectionNamesPropertiesByItsComponentsAndIsBuiltFromTheirValues() {
    Projection projection = Projection.of(SellerAmount.class, ORDER);
    assertEquals(List.of("sellerId", "amount"), projection.properties().stream().map(PropertyModel::name).toList());
    assertEquals(new SellerAmount("s1", BigDecimal.TEN), projection.create(order("o1", "s1", "b1", BigDecimal.TEN)));
  }

  @Test
  void anInterfaceProjectionAnswersItsAccessorsGettersAndDefaultMethods() {
    Projection projection = Projection.of(BuyerSummary.class, ORDER);
    assertEquals(List.of("buyerId", "amount"), projection.properties().stream().map(PropertyModel::name).toList());
    BuyerSummary summary = (BuyerSummary) projection.create(order("o1", "s1", "b1", BigDecimal.ONE));
    assertEquals("b1", summary.buyerId());
    assertEquals(BigDecimal.ONE, summary.getAmount());
    assertEquals("b1:1", summary.line());
    assertEquals("BuyerSummary[buyerId=b1, amount=1]", summary.toString());
  }

  @Test
  void interfaceProjectionsAreEqualExactlyWhenTheirProjectedValuesAre() {
    Projection projection = Projection.of(BuyerSummary.class, ORDER);
    Object one = projection.create(order("o1", "s1", "b1", BigDecimal.ONE));
    Object same = Projection.of(BuyerSummary.class, ORDER).create(order("o2", "s2", "b1", BigDecimal.ONE));
    Object other = projection.create(order("o1", "s1", "b2", BigDecimal.ONE));
    assertEquals(one, same, "the order number and seller are not projected");
    assertEquals(one.hashCode(), same.hashCode());
    assertNotEquals(one, other);
  }

  @Test
  void aProjectionThatDoesNotFitTheEntityIsRefusedNamingTheComponentAndTheProperty() {
    String misnamed = assertThrows(IllegalArgumentException.class, () -> Projection.of(Misnamed.class, ORDER))
        .getMessage();
    assertTrue(misnamed.startsWith("projection Misnamed.seller names no property of Order"), misnamed);
    String mistyped = assertThrows(IllegalArgumentException.class, () -> Projection.of(Mistyped.class, ORDER))
        .getMessage();
    assertEquals("projection Mistyped.sellerId is Instant, but Order.sellerId holds String values", mistyped);
    String withParameters = assertThrows(IllegalArgumentException.class,
        () -> Projection.of(WithParameters.class, ORDER)).getMessage();
    assertTrue(withParameters.contains("WithParameters.sellerId(...) takes parameters"), withParameters);
  }

  @Test
  void aPrimitiveComponentMayStandOnlyForAPropertyThatIsNeverNull() {
    EntityModel<?> account = EntityModel.of(Account.class);
    Projection balance = Projection.of(Balance.class, account);
    Object[] values = new Object[account.properties().size()];
    assertEquals(new Balance(0), balance.create(values), "a primitive column without value is its default");
    String refused = assertThrows(IllegalArgumentException.class, () -> Projection.of(Rating.class, account))
        .getMessage();
    assertEquals("projection Rating.rating is int, but Account.rating may be null: declare Integer", refused);
  }

  @Test
  void onlyApplicationRecordsAndInterfacesTheEntityIsNotAreProjections() {
    assertTrue(Projection.isProjection(SellerAmount.class, Order.class));
    assertTrue(Projection.isProjection(BuyerSummary.class, Order.class));
    assertFalse(Projection.isProjection(Order.class, Order.class));
    assertFalse(Projection.isProjection(Record.class, Order.class));
    assertFalse(Projection.isProjection(java.util.SortedSet.class, Order.class));
    assertFalse(Projection.isProjection(String.class, Order.class));
  }

  private static MethodPlan plan(Class<?> type, String method, int parameters, Class<?> projection) {
    EntityModel<?> model = EntityModel.of(type);
    List<ViewModel> views = ViewMaintainer.of(model).views();
    Map<String, List<String>> viewKeys = new LinkedHashMap<>();
    views.forEach(v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
    Vocabulary vocabulary = new Vocabulary(model.entityName(),
        model.properties().stream().map(PropertyModel::name).toList(), viewKeys);
    return QueryPlanner.plan(MethodNameParser.parse(method, parameters, vocabulary), model, views,
        projection == null ? null : Projection.of(projection, model).properties());
  }

  @Test
  void aProjectionOfColumnsANarrowViewCarriesReadsThoseCellsOfItAndNoMainRow() {
    AccessPlan whole = plan(Order.class, "findByBuyerId", 1, null).groups().get(0);
    assertEquals("buyer", whole.view().name());
    assertTrue(whole.secondRead(), "the buyer view carries only the amount");
    AccessPlan projected = plan(Order.class, "findByBuyerId", 1, BuyerSummary.class).groups().get(0);
    assertEquals("buyer", projected.view().name());
    assertFalse(projected.secondRead());
    assertEquals(RowRead.Extent.CELLS, projected.read().kind());
    assertEquals(List.of(Qualifier.VIEW_STATUS, Qualifier.VIEW_RETIRED), projected.read().protocolCells());
    assertEquals(List.of("amount"), projected.read().columns().stream().map(PropertyModel::name).toList());
  }

  @Test
  void aProjectionOfAColumnTheViewDoesNotCarryReadsWholeRowsAndTheMainTable() {
    AccessPlan projected = plan(Order.class, "findByBuyerId", 1, SellerAmount.class).groups().get(0);
    assertTrue(projected.read().wholeRows());
    assertTrue(projected.read().reason().contains("Order.sellerId, which view orders.buyer does not carry"),
        projected.read().reason());
    assertTrue(projected.secondRead());
  }

  @Test
  void thePlannerPrefersANarrowViewThatCarriesTheProjectionOverOneThatNeedsTheMainTable() {
    assertEquals("whole", plan(Account.class, "findByRegion", 1, null).groups().get(0).view().name(),
        "whole entities: the full copy needs no second read, the slim view does");
    assertEquals("slim", plan(Account.class, "findByRegion", 1, Balance.class).groups().get(0).view().name(),
        "the slim view carries the balance: no second read, and it is declared first");
  }

  @Test
  void aProjectionOfTheMainTableReadsItsColumnsItsStatusAndTheFirstCellOfEachRow() {
    AccessPlan projected = plan(Order.class, "findByOrderNo", 1, SellerAmount.class).groups().get(0);
    assertEquals(null, projected.view());
    assertEquals(RowRead.Extent.ROW_CELLS, projected.read().kind());
    assertEquals(List.of(Qualifier.MAIN_STATUS), projected.read().protocolCells());
    assertEquals(List.of("sellerId", "amount"), projected.read().columns().stream().map(PropertyModel::name).toList());
  }

  @Test
  void aSortInMemoryAndTheResidualConditionsAreReadToo() {
    AccessPlan projected = plan(Order.class, "findBySellerIdAndStatusOrderByNoteDesc", 2, SellerAmount.class)
        .groups().get(0);
    assertEquals("seller", projected.view().name());
    assertEquals(List.of("amount", "note", "status"),
        projected.read().columns().stream().map(PropertyModel::name).sorted().toList());
  }

  @Test
  void explainShowsTheCellsAProjectionReads() {
    MethodPlan plan = plan(Order.class, "findByBuyerId", 1, BuyerSummary.class);
    String text = PlanText.explain("Orders.findByBuyerId", plan, ORDER);
    assertTrue(text.contains("  projection reads: keys and status cell, retired cell, Order.amount, no other column;"
        + " settled rows are taken as they are, other rows are checked against their main rows\n"
        + "  second read: only of the main rows of view rows not settled, to check them\n"), text);
  }
}
