package dev.rowan.cluster;

import com.example.Order;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * Generated orders and the oracle of what is stored: the orders by number, as the loads so far
 * have left them. Seeded, so that a failure replays with {@code -Drowan.seed}.
 */
final class OrdersData {

  static final int SELLERS = 12;
  static final int BUYERS = 150;
  private static final Instant START = Instant.parse("2025-01-01T00:00:00Z");
  private static final long YEAR_MILLIS = 365L * 24 * 3600 * 1000;

  private final Random random;
  private final Map<String, Order> stored = new TreeMap<>();
  private int next = 1;

  OrdersData(long seed) {
    this.random = new Random(seed);
  }

  /** {@code count} orders never stored before. */
  List<Order> fresh(int count) {
    List<Order> orders = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      orders.add(order(String.format("ORD-%06d", next++)));
    }
    return orders;
  }

  /** {@code count} stored orders, each with a new seller, buyer, time and status. */
  List<Order> changed(int count) {
    List<String> numbers = new ArrayList<>(stored.keySet());
    java.util.Collections.shuffle(numbers, random);
    return numbers.subList(0, count).stream().sorted().map(this::order).toList();
  }

  private Order order(String orderNo) {
    return new Order(orderNo, seller(random.nextInt(SELLERS)), buyer(random.nextInt(BUYERS)),
        START.plusMillis((long) (random.nextDouble() * YEAR_MILLIS)),
        BigDecimal.valueOf(random.nextInt(1_000_000), 2),
        Order.Status.values()[random.nextInt(Order.Status.values().length)]);
  }

  static String seller(int i) {
    return String.format("seller-%02d", i);
  }

  static String buyer(int i) {
    return String.format("buyer-%03d", i);
  }

  /** Records {@code orders} as stored (a load of them succeeded). */
  void stored(Collection<Order> orders) {
    orders.forEach(order -> stored.put(order.orderNo(), order));
  }

  /** Every stored order, by number. */
  Map<String, Order> stored() {
    return stored;
  }

  /** Writes {@code orders} as a CSV file with a header, as the bulk load reads it. */
  static void writeCsv(Path file, List<Order> orders) throws IOException {
    StringBuilder csv = new StringBuilder("orderNo,sellerId,buyerId,createdAt,amount,status\n");
    for (Order order : orders) {
      csv.append(order.orderNo()).append(',').append(order.sellerId()).append(',').append(order.buyerId())
          .append(',').append(order.createdAt()).append(',').append(order.amount().toPlainString())
          .append(',').append(order.status()).append('\n');
    }
    Files.writeString(file, csv);
  }
}
