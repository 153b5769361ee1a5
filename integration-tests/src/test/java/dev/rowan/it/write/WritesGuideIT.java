package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.EntityNotFoundException;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.it.NamespaceTables;
import dev.rowan.it.Order;
import dev.rowan.it.OrderRepository;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The examples of docs/writes.md, run as written (DocsCodeTest finds them here). */
@HBaseTest
class WritesGuideIT {

  @AfterEach
  void dropTables(Admin admin, TestNamespace namespace) throws IOException {
    NamespaceTables.drop(admin, namespace);
  }

  @Test
  void insertWritesANewOrderAndRefusesItOnceTakenWhileSaveReplaces(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    String printed = printed(() -> {
      Order order = new Order("o-1", "seller-1", "buyer-1", Instant.parse("2026-11-24T10:00:00Z"),
          new BigDecimal("12.50"), null);
      orders.insert(order); // no order o-1 was stored: written, with its view rows
      try {
        orders.insert(order.withNote("again")); // o-1 is taken now
      } catch (EntityExistsException e) {
        System.out.println(e.getMessage()); // Order orderNo=o-1 already exists; insert writes only new entities (save replaces)
      }
      orders.save(order.withNote("again")); // save replaces it
    });
    assertEquals("Order orderNo=o-1 already exists; insert writes only new entities (save replaces)\n", printed);
    assertEquals(Optional.of("again"), orders.findByKey("o-1").map(Order::note));
  }

  @Test
  void insertAllInsertsTheFreeOrdersAndNamesTheOthers(Rowan rowan) {
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);
    Instant at = Instant.parse("2026-11-24T10:00:00Z");
    orders.save(new Order("o-1", "seller-1", null, at, null, null));
    List<Order> batch = List.of(new Order("o-1", "seller-2", null, at, null, null),
        new Order("o-2", "seller-2", null, at, null, null));
    String printed = printed(() -> {
      try {
        orders.insertAll(batch);
      } catch (EntityExistsException e) {
        List<String> notInserted = e.keys(); // [orderNo=o-1]: every other order of the batch is inserted
        System.out.println(notInserted);
      }
    });
    assertEquals("[orderNo=o-1]\n", printed);
    assertEquals(Optional.of("seller-1"), orders.findByKey("o-1").map(Order::sellerId));
    assertTrue(orders.findByKey("o-2").isPresent());
  }

  @Table(name = "products")
  @Index(name = "byStock", key = {"stock"}, include = {"name"})
  record Product(@RowKey String sku, @Column String name, @Column String description, @Column Long stock) {}

  interface Products extends HBaseRepository<Product> {
    boolean updateDescriptionBySku(String description, String sku); // false: no product under sku
    void updateNameAndDescriptionBySku(String name, String description, String sku);
    long addToStockBySku(long delta, String sku); // the new stock
    List<Product> findByStock(Long stock);
  }

  @Test
  void anUpdateSetsSomePropertiesAndACounterAddsAndReturnsTheSum(Rowan rowan) {
    rowan.schema().create(Product.class);
    Products products = rowan.repository(Products.class);
    String printed = printed(() -> {
      products.save(new Product("p-1", "Lamp", "A lamp", 10L));
      products.updateDescriptionBySku("A brass lamp", "p-1"); // true: no view carries the description
      products.updateDescriptionBySku("A lamp", "p-9"); // false: no product p-9, nothing written
      long left = products.addToStockBySku(-3, "p-1"); // 7: the view byStock now finds p-1 under 7
      try {
        products.addToStockBySku(1, "p-9");
      } catch (EntityNotFoundException e) {
        System.out.println(e.getMessage()); // Product sku=p-9 does not exist; Products.addToStockBySku changes a stored entity and never creates one (save or insert it first)
      }
    });
    assertEquals("Product sku=p-9 does not exist; Products.addToStockBySku changes a stored entity and never creates"
        + " one (save or insert it first)\n", printed);
    assertEquals(Optional.of(new Product("p-1", "Lamp", "A brass lamp", 7L)), products.findByKey("p-1"));
    assertEquals(List.of(new Product("p-1", "Lamp", "A brass lamp", 7L)), products.findByStock(7L));
    assertEquals(Optional.empty(), products.findByKey("p-9"));
    products.updateNameAndDescriptionBySku("Desk lamp", null, "p-1");
    assertEquals(Optional.of(new Product("p-1", "Desk lamp", null, 7L)), products.findByKey("p-1"));
  }

  private static String printed(Runnable example) {
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      example.run();
    } finally {
      System.setOut(out);
    }
    return captured.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
  }
}
