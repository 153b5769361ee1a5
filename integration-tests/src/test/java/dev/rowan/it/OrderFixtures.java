package dev.rowan.it;

import dev.rowan.core.HBaseRepository;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;

/** Random orders over small domains, so that updates collide and views fill up. */
public final class OrderFixtures {

  public static final int SELLERS = 12;
  public static final int BUYERS = 20;

  private final Random random;

  public OrderFixtures(Random random) {
    this.random = random;
  }

  public Order order(int number) {
    return new Order("order-" + number, seller(), random.nextInt(10) == 0 ? null : buyer(),
        Instant.ofEpochSecond(1_700_000_000L + random.nextInt(1_000_000)),
        random.nextInt(8) == 0 ? null : BigDecimal.valueOf(random.nextInt(100_000), 2),
        random.nextBoolean() ? null : "note " + random.nextInt(1000));
  }

  /**
   * Saves orders {@code 0} to {@code count - 1} with {@code saveAll}; returns them by order number,
   * as an in-memory model a test keeps in step with its writes.
   */
  public Map<String, Order> saveOrders(HBaseRepository<Order> orders, int count) {
    List<Order> initial = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      initial.add(order(i));
    }
    orders.saveAll(initial);
    Map<String, Order> model = new LinkedHashMap<>();
    initial.forEach(o -> model.put(o.orderNo(), o));
    return model;
  }

  /**
   * Saves orders {@code 0} to {@code count - 1}, each shaped by {@code shape}, one {@code save} at a
   * time (each settled before the next); returns them in order.
   */
  public List<Order> saveEach(HBaseRepository<Order> orders, int count, UnaryOperator<Order> shape) {
    List<Order> saved = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      Order order = shape.apply(order(i));
      orders.save(order);
      saved.add(order);
    }
    return saved;
  }

  public String seller() {
    return "seller-" + random.nextInt(SELLERS);
  }

  public String buyer() {
    return "buyer-" + random.nextInt(BUYERS);
  }

  /** A random change: seller, buyer, both, a column no view keys on, or a fresh order. */
  public Order change(Order order) {
    return switch (random.nextInt(5)) {
      case 0 -> order.withSeller(seller());
      case 1 -> order.withBuyer(random.nextInt(5) == 0 ? null : buyer());
      case 2 -> order.withSeller(seller()).withBuyer(buyer());
      case 3 -> order.withNote("changed " + random.nextInt());
      default -> order(Integer.parseInt(order.orderNo().substring(6)));
    };
  }
}
