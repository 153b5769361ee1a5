package dev.rowan.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityExistsException;
import dev.rowan.core.Rowan;
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
