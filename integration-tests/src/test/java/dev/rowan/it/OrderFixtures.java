package dev.rowan.it;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Random;

/** Random orders over small domains, so that updates collide and views fill up. */
final class OrderFixtures {

  static final int SELLERS = 12;
  static final int BUYERS = 20;

  private final Random random;

  OrderFixtures(Random random) {
    this.random = random;
  }

  Order order(int number) {
    return new Order("order-" + number, seller(), random.nextInt(10) == 0 ? null : buyer(),
        Instant.ofEpochSecond(1_700_000_000L + random.nextInt(1_000_000)),
        random.nextInt(8) == 0 ? null : BigDecimal.valueOf(random.nextInt(100_000), 2),
        random.nextBoolean() ? null : "note " + random.nextInt(1000));
  }

  String seller() {
    return "seller-" + random.nextInt(SELLERS);
  }

  String buyer() {
    return "buyer-" + random.nextInt(BUYERS);
  }

  /** A random change: seller, buyer, both, a column no view keys on, or a fresh order. */
  Order change(Order order) {
    return switch (random.nextInt(5)) {
      case 0 -> order.withSeller(seller());
      case 1 -> order.withBuyer(random.nextInt(5) == 0 ? null : buyer());
      case 2 -> order.withSeller(seller()).withBuyer(buyer());
      case 3 -> order.withNote("changed " + random.nextInt());
      default -> order(Integer.parseInt(order.orderNo().substring(6)));
    };
  }
}
