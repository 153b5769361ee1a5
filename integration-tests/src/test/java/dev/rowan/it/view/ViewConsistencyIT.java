package dev.rowan.it.view;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.OrderRepository;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.ViewAudit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Views stay equal to a rebuild from the main table through saves, updates and deletes. */
@HBaseTest
public class ViewConsistencyIT {

  @Test
  void thousandsOfRandomWritesLeaveViewsEqualToARebuild(Rowan rowan) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ViewConsistencyIT seed " + seed);
    Random random = new Random(seed);
    OrderFixtures fixtures = new OrderFixtures(random);
    rowan.schema().create(Order.class);
    OrderRepository orders = rowan.repository(OrderRepository.class);

    Map<String, Order> expected = new HashMap<>();
    List<Order> batch = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      Order order = fixtures.order(i);
      batch.add(order);
      expected.put(order.orderNo(), order);
    }
    orders.saveAll(batch);
    for (int round = 0; round < 3; round++) {
      List<Order> changes = new ArrayList<>();
      for (Order order : expected.values()) {
        if (random.nextInt(3) == 0) {
          changes.add(fixtures.change(order));
        }
      }
      orders.saveAll(changes);
      changes.forEach(order -> expected.put(order.orderNo(), order));
      for (int i = 0; i < 100; i++) {
        int number = random.nextInt(2000);
        Order single = fixtures.change(expected.getOrDefault("order-" + number, fixtures.order(number)));
        orders.save(single);
        expected.put(single.orderNo(), single);
      }
      for (int i = 0; i < 60; i++) {
        String orderNo = "order-" + random.nextInt(2000);
        if (random.nextBoolean()) {
          orders.deleteByKey(orderNo);
        } else {
          orders.findByKey(orderNo).ifPresent(orders::delete);
        }
        expected.remove(orderNo);
      }
    }

    List<Order> stored;
    try (var all = orders.scanAll()) {
      stored = all.toList();
    }
    assertEquals(sorted(expected.values()), sorted(stored), "seed " + seed);
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    for (int s = 0; s < OrderFixtures.SELLERS; s++) {
      String seller = "seller-" + s;
      List<Order> bySeller = rowan.views(Order.class).find("seller", seller);
      assertEquals(sorted(expected.values().stream().filter(o -> seller.equals(o.sellerId())).toList()),
          sorted(bySeller), "orders of " + seller + ", seed " + seed);
      assertTrue(isOrderedByCreatedAt(bySeller), "a view returns a seller's orders by time");
    }
  }

  public static List<Order> sorted(java.util.Collection<Order> orders) {
    return orders.stream().sorted(Comparator.comparing(Order::orderNo)).toList();
  }

  static boolean isOrderedByCreatedAt(List<Order> orders) {
    for (int i = 1; i < orders.size(); i++) {
      int order = orders.get(i - 1).createdAt().compareTo(orders.get(i).createdAt());
      if (order > 0 || order == 0 && orders.get(i - 1).orderNo().compareTo(orders.get(i).orderNo()) > 0) {
        return false;
      }
    }
    return true;
  }
}
