package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.it.CatalogRows;
import dev.rowan.it.Order;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * What a client knows of the views while they are added and dropped (docs/view-consistency.md,
 * "Views on live tables"): a store opened before a view's table exists, on main tables made
 * before they named their views too, and a drop of one view that must not forget another.
 */
@HBaseTest
class ViewRosterIT {

  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  @Index(name = "buyer", key = {"buyerId", "orderNo"})
  record Order(@RowKey String orderNo, @Column String sellerId, @Column String buyerId) {}

  interface Orders extends HBaseRepository<Order> {
    @AllowScan
    List<Order> findByBuyerId(String buyerId);
  }

  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  record OrderWithoutBuyer(@RowKey String orderNo, @Column String sellerId, @Column String buyerId) {}

  interface OrdersWithoutBuyer extends HBaseRepository<OrderWithoutBuyer> {}

  @Test
  void aRepositoryMadeBeforeItsViewExistedReadsItOnceItIsActive(Rowan rowan) throws Exception {
    rowan.schema().create(OrderWithoutBuyer.class);
    Orders orders = rowan.repository(Orders.class); // the buyer view's table does not exist yet
    assertTrue(orders.explain("findByBuyerId").contains("meanwhile the method reads:"), orders.explain("findByBuyerId"));
    rowan.schema().create(Order.class);
    assertEquals(Set.of("buyer"), rowan.schema().activateViews(Order.class));
    Thread.sleep(2_500); // past twice the refresh of the test's Rowan
    orders.save(new Order("o1", "s1", "b1"));
    String explain = orders.explain("findByBuyerId");
    assertTrue(explain.contains("reads view orders.buyer") && !explain.contains("meanwhile"), explain);
    assertEquals(List.of(new Order("o1", "s1", "b1")), orders.findByBuyerId("b1"));
  }

  @Test
  void aStoreOpenedBeforeAViewTableWasMadeDoesNotReadItEmpty(Connection connection, TestNamespace namespace,
      Admin admin) throws Exception {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).viewRefresh(Duration.ofSeconds(60))
        .build()) {
      rowan.schema().create(OrderWithoutBuyer.class);
      OrdersWithoutBuyer older = rowan.repository(OrdersWithoutBuyer.class);
      for (int i = 0; i < 10; i++) {
        older.save(new OrderWithoutBuyer("o" + i, "s", "b0"));
      }
      forgetViews(rowan.connection(), rowan.tableName("orders")); // a main table made before it named its views
      Orders orders = rowan.repository(Orders.class);
      rowan.schema().create(Order.class); // the store above does not read the states for a minute
      assertEquals(Set.of("buyer"), rowan.schema().buildingViews(Order.class));
      assertEquals(10, orders.findByBuyerId("b0").size(), "read from the main table, not the empty view");
    }
  }

  @Test
  void droppingOneViewOfAMainTableThatNamedNoneKeepsTheOthers(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(Order.class);
    forgetViews(rowan.connection(), rowan.tableName("orders"));
    Orders orders = rowan.repository(Orders.class);
    orders.save(new Order("o1", "s1", "b1"));
    rowan.schema().dropView(OrderWithoutBuyer.class, "seller"); // a class that does not declare buyer
    assertEquals("buyer", CatalogRows.get(rowan.connection(), rowan.tableName("orders"), "rowan.views"));
    orders.save(new Order("o1", "s1", "b2")); // still maintains buyer
    assertEquals(List.of(), orders.findByBuyerId("b1"));
    assertEquals(List.of(new Order("o1", "s1", "b2")), orders.findByBuyerId("b2"));
    assertTrue(orders.explain("findByBuyerId").contains("reads view orders.buyer"), orders.explain("findByBuyerId"));
  }

  @Test
  void aViewNamedAgainAfterItWasLeftOutIsBuilding(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(Order.class);
    TableName main = rowan.tableName("orders");
    CatalogRows.set(rowan.connection(), main, "rowan.views", "seller"); // as a create that failed after making the buyer
                                                                         // table leaves it
    rowan.schema().create(Order.class);
    assertEquals(Set.of("buyer"), rowan.schema().buildingViews(Order.class), "writers may not have written it");
    assertEquals("buyer,seller", CatalogRows.get(rowan.connection(), main, "rowan.views"));
  }

  interface BySeller extends HBaseRepository<Order> {
    List<Order> findBySellerId(String sellerId);
  }

  @Test
  void aMethodWhoseOnlyViewLostItsTableSaysSoInExplainAndRefusesCalls(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(Order.class);
    for (String view : List.of("orders.seller", "orders.buyer")) { // every view table gone, the main table left
      admin.disableTable(rowan.tableName(view));
      admin.deleteTable(rowan.tableName(view));
    }
    BySeller orders = rowan.repository(BySeller.class);
    String explain = orders.explain("findBySellerId");
    assertTrue(explain.startsWith("BySeller.findBySellerId\n  reads view orders.seller"), explain);
    String missing = "has no table (schema().create makes it, building, and RebuildViews fills it)";
    assertTrue(explain.contains("  missing: view buyer " + missing + "; view seller " + missing + "; meanwhile the"
        + " method reads:\n    refused: BySeller.findBySellerId reads view seller of Order, which " + missing), explain);
    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> orders.findBySellerId("s1"));
    assertTrue(refused.getMessage().startsWith("BySeller.findBySellerId reads view seller of Order, which " + missing
        + "; without it the method would read the whole table orders"), refused.getMessage());
  }

  private static void forgetViews(Connection connection, TableName main) throws java.io.IOException {
    CatalogRows.remove(connection, main, "rowan.views");
  }
}
