package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * A view added to a table that holds data (docs/view-consistency.md, "Views added to a table that
 * holds data") is building from the moment {@code schema().create} makes its table until
 * {@code RebuildViews} has filled it: writers maintain it, queries never read it (they read what
 * they would read without it, or are refused), and then it is active and read.
 */
@HBaseTest
class BuildingViewsIT {

  /** The first version of the class: orders by seller only. */
  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  record OrderV1(@RowKey String orderNo, @Column String sellerId, @Column String buyerId) {}

  interface OrdersV1 extends HBaseRepository<OrderV1> {}

  /** The next version: orders by buyer too. */
  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  @Index(name = "buyer", key = {"buyerId", "orderNo"})
  record OrderV2(@RowKey String orderNo, @Column String sellerId, @Column String buyerId) {}

  interface OrdersV2 extends HBaseRepository<OrderV2> {
    List<OrderV2> findByBuyerId(String buyerId);

    List<OrderV2> findBySellerId(String sellerId);
  }

  interface ScanningOrdersV2 extends HBaseRepository<OrderV2> {
    @AllowScan
    List<OrderV2> findByBuyerId(String buyerId);
  }

  @Test
  void aViewAddedToATableWithRowsIsNotReadUntilRebuildViewsHasFilledIt(Rowan rowan, Connection connection,
      TestNamespace namespace) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("BuildingViewsIT seed " + seed);
    Random random = new Random(seed);
    rowan.schema().create(OrderV1.class);
    List<OrderV2> all = new ArrayList<>();
    List<OrderV1> before = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      OrderV1 order = new OrderV1(String.format("o%03d", i), "s" + random.nextInt(3), "b" + random.nextInt(4));
      before.add(order);
      all.add(new OrderV2(order.orderNo(), order.sellerId(), order.buyerId()));
    }
    rowan.repository(OrdersV1.class).saveAll(before);

    rowan.schema().create(OrderV2.class);
    assertEquals(Set.of("buyer"), rowan.schema().buildingViews(OrderV2.class));
    assertTrue(rowan.schema().check(OrderV2.class).differences().stream()
        .anyMatch(d -> d.endsWith("is a view of OrderV2 that is still building: queries do not read it until"
            + " RebuildViews has filled it and made it active.")), rowan.schema().check(OrderV2.class).toString());
    OrdersV2 orders = rowan.repository(OrdersV2.class);
    IllegalStateException refused = assertThrows(IllegalStateException.class, () -> orders.findByBuyerId("b1"));
    assertTrue(refused.getMessage().startsWith("OrdersV2.findByBuyerId reads view buyer of OrderV2, which is still"
        + " building (RebuildViews fills it and makes it active); without it the method would read the whole table"
        + " orders"), refused.getMessage());
    assertTrue(orders.explain("findByBuyerId").contains("building: view buyer is still building"),
        orders.explain("findByBuyerId"));
    assertEquals(byBuyer(all, "b1"), rowan.repository(ScanningOrdersV2.class).findByBuyerId("b1"),
        "with @AllowScan: the main table, meanwhile");
    assertThrows(IllegalStateException.class, () -> rowan.query(OrderV2.class).on("buyer").where("buyerId", "b1")
        .list());
    OrderV2 moved = new OrderV2("o000", all.get(0).sellerId(), "b9");
    orders.save(moved); // writers maintain the building view
    all.set(0, moved);
    assertEquals(List.of(moved), orders.findBySellerId(moved.sellerId()).stream()
        .filter(o -> o.orderNo().equals("o000")).toList(), "the active seller view is read");

    RebuildViews.of(rowan, OrderV2.class).run();
    assertEquals(Set.of(), rowan.schema().buildingViews(OrderV2.class));
    assertTrue(awaitView(orders), "the store that saw the view building reads it once it refreshes the states");
    assertEquals(byBuyer(all, "b1"), orders.findByBuyerId("b1"), "seed " + seed);
    assertTrue(rowan.schema().check(OrderV2.class).matches(), rowan.schema().check(OrderV2.class).toString());
    try (Rowan next = Rowan.builder(connection).namespace(namespace.name()).build()) {
      OrdersV2 active = next.repository(OrdersV2.class);
      for (String buyer : List.of("b0", "b1", "b2", "b3", "b9")) {
        assertEquals(byBuyer(all, buyer), active.findByBuyerId(buyer), "seed " + seed + ", " + buyer);
      }
      assertTrue(active.explain("findByBuyerId").contains("reads view orders.buyer"), active.explain("findByBuyerId"));
    }
  }

  @Test
  void viewsCreatedWithTheirMainTableAreActiveAtOnce(Rowan rowan) {
    rowan.schema().create(OrderV2.class);
    assertEquals(Set.of(), rowan.schema().buildingViews(OrderV2.class));
  }

  /** Whether {@code orders} plans its query on the buyer view within twice the refresh interval of the states. */
  private static boolean awaitView(OrdersV2 orders) {
    long deadline = System.currentTimeMillis() + 25_000;
    while (System.currentTimeMillis() < deadline) {
      if (orders.explain("findByBuyerId").indexOf("still building") < 0) {
        return true;
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return false;
  }

  private static List<OrderV2> byBuyer(List<OrderV2> all, String buyer) {
    return all.stream().filter(o -> buyer.equals(o.buyerId())).sorted(Comparator.comparing(OrderV2::orderNo)).toList();
  }
}
