package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.it.Order;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.Test;

/**
 * {@code schema().dropView} on a live table (docs/view-consistency.md, "Views on live tables"):
 * queries stop reading the view, writers whose class still declares it stop writing it without
 * failing, then its table goes; a writer of a class version without the view is refused while
 * the table has it, and writes once it is dropped.
 */
@HBaseTest
class DropViewIT {

  /** The version that declares both views. */
  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  @Index(name = "buyer", key = {"buyerId", "orderNo"})
  record Order(@RowKey String orderNo, @Column String sellerId, @Column String buyerId) {}

  interface Orders extends HBaseRepository<Order> {
    List<Order> findBySellerId(String sellerId);

    @AllowScan
    List<Order> findByBuyerId(String buyerId);
  }

  /** The version without the buyer view. */
  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId", "orderNo"})
  record OrderWithoutBuyer(@RowKey String orderNo, @Column String sellerId, @Column String buyerId) {}

  interface OrdersWithoutBuyer extends HBaseRepository<OrderWithoutBuyer> {}

  @Test
  void aDroppedViewIsNeitherReadNorWrittenAndItsTableGoesWhileWritersKeepWriting(Rowan rowan, Admin admin)
      throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("DropViewIT seed " + seed);
    rowan.schema().create(Order.class);
    Orders orders = rowan.repository(Orders.class);
    for (int i = 0; i < 50; i++) {
      orders.save(new Order(key(i), "s" + i % 3, "b" + i % 4));
    }
    OrdersWithoutBuyer older = rowan.repository(OrdersWithoutBuyer.class);
    IllegalStateException refused = assertThrows(IllegalStateException.class,
        () -> older.save(new OrderWithoutBuyer("o999", "s0", "b0")));
    assertTrue(refused.getMessage().contains("the table has view buyer, which this version of the class does not"
        + " declare"), refused.getMessage());
    assertTrue(orders.explain("findByBuyerId").contains("reads view"), orders.explain("findByBuyerId"));

    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService threads = Executors.newFixedThreadPool(2);
    List<Future<Integer>> writers = List.of(threads.submit(() -> write(orders, new Random(seed), stop)),
        threads.submit(() -> write(orders, new Random(seed + 1), stop)));
    rowan.schema().dropView(Order.class, "buyer");
    assertFalse(admin.tableExists(rowan.tableName("orders.buyer")), "the view's table is gone");
    Thread.sleep(300); // writers whose class still declares the view write on without it
    stop.set(true);
    int writes = 0;
    for (Future<Integer> writer : writers) {
      writes += writer.get(); // fails the test if a write failed
    }
    threads.shutdown();
    assertTrue(writes > 10, "writes: " + writes);

    List<Order> all;
    try (var stream = orders.scanAll()) {
      all = stream.toList();
    }
    assertTrue(orders.explain("findByBuyerId").contains("dropped: view buyer is dropped (schema().dropView); meanwhile"
        + " the method reads:\n  Orders.findByBuyerId\n    reads table orders [orderNo]\n    full scan"),
        orders.explain("findByBuyerId"));
    assertEquals(sorted(all.stream().filter(o -> o.buyerId().equals("b1")).toList()), sorted(orders.findByBuyerId("b1")),
        "read from the main table now, seed " + seed);
    assertEquals(sorted(all.stream().filter(o -> o.sellerId().equals("s2")).toList()), sorted(orders.findBySellerId("s2")),
        "the other view is still written and read, seed " + seed);
    IllegalStateException dropped = assertThrows(IllegalStateException.class,
        () -> rowan.views(Order.class).find("buyer", "b1"));
    assertEquals("rowan.query(Order): view buyer of Order is dropped (schema().dropView)", dropped.getMessage());
    older.save(new OrderWithoutBuyer("o999", "s0", "b0")); // the table has no view it does not know
    assertTrue(rowan.schema().check(Order.class).differences().stream().anyMatch(d -> d.startsWith(
        "Order declares view 'buyer', but table " + rowan.tableName("orders").getNameAsString() + " does not name it")),
        rowan.schema().check(Order.class).toString());

    rowan.schema().create(Order.class);
    assertEquals(java.util.Set.of("buyer"), rowan.schema().buildingViews(Order.class), "added again, building");
  }

  @Test
  void droppingAViewTheTableDoesNotHaveIsRefusedNamingIt(Rowan rowan) {
    rowan.schema().create(OrderWithoutBuyer.class);
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> rowan.schema().dropView(Order.class, "buyer"));
    assertEquals("cannot drop view 'buyer' of Order: table " + rowan.tableName("orders.buyer").getNameAsString()
        + " does not exist", refused.getMessage());
  }

  private static int write(Orders orders, Random random, AtomicBoolean stop) {
    int writes = 0;
    while (!stop.get()) {
      int i = random.nextInt(60);
      if (random.nextInt(5) == 0) {
        orders.deleteByKey(key(i));
      } else {
        orders.save(new Order(key(i), "s" + random.nextInt(3), "b" + random.nextInt(4)));
      }
      writes++;
    }
    return writes;
  }

  private static String key(int i) {
    return String.format("o%03d", i);
  }

  private static List<Order> sorted(List<Order> orders) {
    return orders.stream().sorted(Comparator.comparing(Order::orderNo)).toList();
  }
}
