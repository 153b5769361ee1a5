package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import dev.rowan.test.HBaseTest;
import org.junit.jupiter.api.Test;

/** Loading keys that exist replaces their entities and leaves no stale view row behind. */
@HBaseTest
class BulkLoadReloadIT {

  @Test
  void reloadingChangedIndexedFieldsLeavesViewsEqualToARebuild(Rowan rowan) throws IOException {
    long seed = System.nanoTime();
    System.out.println("BulkLoadReloadIT seed " + seed);
    Random random = new Random(seed);
    rowan.schema().create(Order.class);
    OrderRepository repository = rowan.repository(OrderRepository.class);
    java.nio.file.Path dir = LoadFixtures.directory("reload");
    Configuration conf = LoadFixtures.jobConf(rowan.connection(), dir);

    Map<String, Order> expected = new LinkedHashMap<>();
    List<Order> first = LoadFixtures.orders(random, 400);
    repository.saveAll(first.subList(0, 100)); // some saved through the protocol first
    first.forEach(o -> expected.put(o.orderNo(), o));
    load(rowan, conf, LoadFixtures.csv(dir.resolve("first.csv"), Order.class, first.subList(100, 400)));
    load(rowan, conf, LoadFixtures.csv(dir.resolve("again.csv"), Order.class, first.subList(0, 100)));

    List<Order> changed = new ArrayList<>();
    for (Order order : first) {
      if (random.nextInt(3) == 0) {
        changed.add(change(random, order));
      }
    }
    for (int i = 400; i < 450; i++) {
      changed.add(LoadFixtures.order(random, i));
    }
    changed.forEach(o -> expected.put(o.orderNo(), o));
    BulkLoadResult second = load(rowan, conf, LoadFixtures.csv(dir.resolve("second.csv"), Order.class, changed));

    assertEquals(changed.size() - 50, second.replaced(), second.summary());
    assertTrue(second.retiredViewRows() > 0, second.summary());
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    assertQueriesAnswer(repository, expected.values());

    Order later = change(random, changed.get(0)); // a save after a bulk load still wins
    repository.save(later);
    expected.put(later.orderNo(), later);
    ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    assertEquals(later, repository.findByKey(later.orderNo()).orElseThrow());
    assertQueriesAnswer(repository, expected.values());
  }

  @Test
  void refusesToLoadAnInputThatHoldsAKeyTwice(Rowan rowan) {
    rowan.schema().create(Order.class);
    java.nio.file.Path dir = LoadFixtures.directory("duplicates");
    Random random = new Random(7);
    List<Order> orders = new ArrayList<>(LoadFixtures.orders(random, 20));
    orders.add(change(random, orders.get(3)));
    Path input = LoadFixtures.csv(dir.resolve("orders.csv"), Order.class, orders);

    BulkLoadException e = assertThrows(BulkLoadException.class,
        () -> BulkLoad.of(Order.class).input(input).namespace(rowan.namespace())
            .run(LoadFixtures.jobConf(rowan.connection(), dir)));

    assertTrue(e.getMessage().contains("the same key more than once"), e.getMessage());
    assertTrue(e.getMessage().contains("nothing was loaded"), e.getMessage());
    assertTrue(e.getMessage().contains("orders row ") && e.getMessage().contains("order-3"), e.getMessage());
    assertEquals(0, rowan.repository(OrderRepository.class).scanAll().count());
  }

  static BulkLoadResult load(Rowan rowan, Configuration conf, Path input) {
    return BulkLoad.of(Order.class).input(input).namespace(rowan.namespace()).run(conf);
  }

  /** A change of indexed fields (seller, buyer, time), or of a column no view keys on. */
  static Order change(Random random, Order order) {
    String seller = "seller-" + random.nextInt(LoadFixtures.SELLERS);
    String buyer = random.nextInt(5) == 0 ? null : "buyer-" + random.nextInt(LoadFixtures.BUYERS);
    Instant at = order.createdAt().plusSeconds(random.nextInt(1000));
    return switch (random.nextInt(4)) {
      case 0 -> new Order(order.orderNo(), seller, order.buyerId(), order.createdAt(), order.amount(), order.note());
      case 1 -> new Order(order.orderNo(), order.sellerId(), buyer, order.createdAt(), order.amount(), order.note());
      case 2 -> new Order(order.orderNo(), seller, buyer, at, order.amount(), "changed");
      default -> new Order(order.orderNo(), order.sellerId(), order.buyerId(), order.createdAt(), null, "n");
    };
  }

  /** Each seller's and buyer's orders through the views equal a filter of the expected orders. */
  static void assertQueriesAnswer(OrderRepository repository, java.util.Collection<Order> orders) {
    Comparator<Order> byNumber = Comparator.comparing(Order::orderNo);
    Instant from = Instant.ofEpochSecond(1_700_000_000L + 200_000);
    Instant to = Instant.ofEpochSecond(1_700_000_000L + 800_000);
    for (int s = 0; s < LoadFixtures.SELLERS; s++) {
      String seller = "seller-" + s;
      List<Order> want = orders.stream().filter(o -> seller.equals(o.sellerId())
          && !o.createdAt().isBefore(from) && !o.createdAt().isAfter(to)).sorted(byNumber).toList();
      List<Order> got = repository.findBySellerIdAndCreatedAtBetween(seller, from, to).stream().sorted(byNumber).toList();
      assertEquals(want, got, "orders of " + seller + " between " + from + " and " + to);
      assertEquals(orders.stream().filter(o -> seller.equals(o.sellerId())).count(), repository.countBySellerId(seller),
          "count of " + seller);
    }
    for (int b = 0; b < LoadFixtures.BUYERS; b++) {
      String buyer = "buyer-" + b;
      List<Order> want = orders.stream().filter(o -> buyer.equals(o.buyerId()))
          .sorted(Comparator.comparing(Order::createdAt).reversed().thenComparing(byNumber)).toList();
      List<Order> got;
      try (var stream = repository.findByBuyerIdOrderByCreatedAtDesc(buyer)) {
        got = stream.collect(Collectors.toList());
      }
      assertEquals(want.stream().sorted(byNumber).toList(), got.stream().sorted(byNumber).toList(),
          "orders of " + buyer);
      assertEquals(want.stream().map(Order::createdAt).toList(), got.stream().map(Order::createdAt).toList(),
          "orders of " + buyer + " newest first");
    }
  }
}
