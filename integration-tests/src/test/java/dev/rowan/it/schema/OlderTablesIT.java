package dev.rowan.it.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.internal.schema.Catalog;
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
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.junit.jupiter.api.Test;

/**
 * Tables an older Rowan made keep the views' states and the key layout as values of their
 * descriptors, and the namespace has no catalog: a store reads the descriptors instead, and
 * {@code schema().create} records them in the catalog, from which every client then reads them
 * (docs/view-consistency.md, "Views on live tables").
 */
@HBaseTest
class OlderTablesIT {

  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  @Index(name = "buyer", key = {"buyerId", "orderNo"})
  record Order(@RowKey String orderNo, @Column String sellerId, @Column String buyerId) {}

  interface Orders extends HBaseRepository<Order> {
    @AllowScan
    List<Order> findByBuyerId(String buyerId);

    List<Order> findBySellerId(String sellerId);
  }

  @Test
  void theDescriptorsOfAnOlderRowansTablesAreReadUntilCreateRecordsThemInTheCatalog(Connection connection,
      TestNamespace namespace, Admin admin) throws Exception {
    TableName main;
    try (Rowan made = Rowan.builder(connection).namespace(namespace.name()).build()) {
      made.schema().create(Order.class);
      made.repository(Orders.class).save(new Order("o1", "s1", "b1"));
      main = made.tableName("orders");
    }
    // as an older Rowan left them: no catalog, the views named and the buyer view building in the descriptors
    admin.disableTable(Catalog.of(main));
    admin.deleteTable(Catalog.of(main));
    admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(main)).setValue("rowan.views",
        "buyer,seller").build());
    TableName buyer = TableName.valueOf(namespace.name(), "orders.buyer");
    admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(buyer))
        .setValue("rowan.view.state", "BUILDING").setValue("rowan.view.since", "1").build());

    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).viewRefresh(Duration.ofMillis(500))
        .build()) {
      Orders orders = rowan.repository(Orders.class);
      String explain = orders.explain("findByBuyerId");
      assertTrue(explain.contains("view buyer is still building"), explain);
      assertEquals(List.of(new Order("o1", "s1", "b1")), orders.findBySellerId("s1"));

      rowan.schema().create(Order.class); // records the older tables in a catalog it makes
      assertTrue(admin.tableExists(Catalog.of(main)));
      assertEquals("buyer,seller", CatalogRows.get(connection, main, "rowan.views"));
      assertEquals("BUILDING", CatalogRows.get(connection, buyer, "rowan.view.state"));
      assertEquals(admin.getDescriptor(main).getValue("rowan.layout.fingerprint"),
          CatalogRows.get(connection, main, "rowan.layout.fingerprint"));

      assertEquals(Set.of("buyer"), rowan.schema().activateViews(Order.class)); // changes the catalog only
      assertNull(CatalogRows.get(connection, buyer, "rowan.view.state"));
      assertEquals("BUILDING", admin.getDescriptor(buyer).getValue("rowan.view.state"), "the descriptor as it was");
      Thread.sleep(1_100); // past twice the refresh
      orders.findBySellerId("s1");
      assertTrue(orders.explain("findByBuyerId").contains("reads view orders.buyer"),
          orders.explain("findByBuyerId"));
      assertEquals(List.of(new Order("o1", "s1", "b1")), orders.findByBuyerId("b1"));
    }
  }
}
