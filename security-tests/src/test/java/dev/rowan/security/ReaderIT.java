package dev.rowan.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.core.spi.ProtocolHook.Step;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.junit.jupiter.api.Test;

/**
 * A principal with READ alone reads through views exactly what the main table holds while writers
 * die between the steps of the protocol and leave unverified view rows behind: it neither repairs
 * nor fences them (it may not write), it reads their main rows instead, and it writes nothing.
 */
@SecureHBaseTest
class ReaderIT {

  /** The steps after which a write that dies there has changed the main row (no group commit). */
  private static final Set<Step> COMMITTED = EnumSet.of(Step.BEFORE_COMMIT_SYNC, Step.BEFORE_SETTLE, Step.AFTER_SETTLE);

  @Test
  void readsWhatTheMainTableHoldsPastTheRowsOfDeadWritersAndWritesNothing(SecureCluster cluster) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ReaderIT seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
    Random random = new Random(seed);
    String namespace = cluster.createNamespace("ReaderIT");
    Map<String, Order> oracle = new TreeMap<>();
    AtomicReference<Step> dieAt = new AtomicReference<>();
    ProtocolHook hook = (step, table, keys) -> {
      if (step == dieAt.get()) {
        throw new Fixtures.Crash(step);
      }
    };
    // A writer whose writes die; the lease is long, so no reader may take its rows over meanwhile.
    try (Rowan writer = Rowan.builder(cluster.superuser()).namespace(namespace).protocolHook(hook)
        .viewRefresh(Principal.VIEW_REFRESH).writeLease(Duration.ofMinutes(10)).groupCommit(false).build()) {
      writer.schema().create(Order.class);
      OrderRepository orders = writer.repository(OrderRepository.class);
      orders.saveAll(Fixtures.orders(0, 40));
      Fixtures.orders(0, 40).forEach(o -> oracle.put(o.orderNo(), o));
      Step[] steps = Step.values();
      int died = 0;
      for (int round = 0; round < 60; round++) {
        Step step = steps[random.nextInt(steps.length)];
        dieAt.set(step);
        String key = "order-" + random.nextInt(45);
        Order changed = changed(random, key);
        boolean delete = random.nextInt(5) == 0;
        try {
          if (delete) {
            orders.deleteByKey(key);
          } else {
            orders.save(changed);
          }
        } catch (Fixtures.Crash crash) {
          died++;
        }
        if (COMMITTED.contains(step)) {
          if (delete) {
            oracle.remove(key);
          } else {
            oracle.put(key, changed);
          }
        }
      }
      System.out.println("ReaderIT: " + died + " of 60 writes died between steps");
    }

    Principal reader = cluster.principal("reader");
    cluster.grant(reader, namespace, Action.READ);
    Map<String, List<String>> before = RawTables.snapshot(cluster.superuser(), namespace);
    List<Order> all = new ArrayList<>(oracle.values());
    try (Rowan rowan = reader.rowan(namespace)) {
      OrderRepository orders = rowan.repository(OrderRepository.class);
      for (int s = 0; s < 4; s++) {
        String seller = "seller-" + s;
        List<Order> expected = all.stream().filter(o -> o.sellerId().equals(seller))
            .sorted(Comparator.comparing(Order::createdAt).thenComparing(Order::orderNo)).toList();
        String context = seller + ", seed " + seed;
        assertEquals(expected, orders.findBySellerId(seller), context);
        assertEquals(expected.size(), orders.countBySellerId(seller), context);
        List<Order> paged = new ArrayList<>();
        PageRequest request = PageRequest.of(3);
        do {
          Page<Order> page = orders.findBySellerIdOrderByCreatedAtDesc(seller, request);
          paged.addAll(page.content());
          request = page.next();
        } while (request != null);
        assertEquals(expected.stream().sorted(Comparator.comparing(Order::createdAt).thenComparing(Order::orderNo)
            .reversed()).toList(), paged, "pages of " + context);
      }
      for (int b = 0; b < 4; b++) {
        String buyer = "buyer-" + b;
        List<Order> expected = all.stream().filter(o -> o.buyerId().equals(buyer))
            .sorted(Comparator.comparing(Order::createdAt).thenComparing(Order::orderNo)).toList();
        String context = buyer + ", seed " + seed;
        assertEquals(expected, orders.findByBuyerId(buyer), context);
        assertEquals(expected.size(), orders.countByBuyerId(buyer), context);
        assertEquals(!expected.isEmpty(), orders.existsByBuyerId(buyer), context);
        try (Stream<Order> stream = orders.streamByBuyerIdOrderByCreatedAtDesc(buyer)) {
          assertEquals(expected.stream().sorted(Comparator.comparing(Order::createdAt).thenComparing(Order::orderNo)
              .reversed()).toList(), stream.toList(), "stream of " + context);
        }
      }
      for (int i = 0; i < 45; i++) {
        assertEquals(Optional.ofNullable(oracle.get("order-" + i)), orders.findByKey("order-" + i), "seed " + seed);
      }
      assertEquals(all, orders.scanAll().sorted(Comparator.comparing(Order::orderNo)).toList(), "seed " + seed);
      String plan = orders.explain("findByBuyerId");
      assertTrue(plan.contains("buyer"), plan);
    }
    assertEquals(before, RawTables.snapshot(cluster.superuser(), namespace),
        "the reader wrote nothing: every cell of every table as before, seed " + seed);
  }

  /** An order under {@code key} with random seller, buyer and time: a save that moves it in both views. */
  private static Order changed(Random random, String key) {
    return new Order(key, "seller-" + random.nextInt(4), "buyer-" + random.nextInt(4),
        Instant.ofEpochSecond(1_700_000_000L + random.nextInt(100_000)), BigDecimal.valueOf(random.nextInt(10_000), 2),
        "changed " + random.nextInt(1000));
  }
}
