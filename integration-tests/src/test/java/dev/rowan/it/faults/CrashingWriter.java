package dev.rowan.it.faults;

import dev.rowan.core.Rowan;
import dev.rowan.it.ChildJvm;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.OrderRepository;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A client run in a JVM of its own by {@link ClientCrashIT}, which kills it with SIGKILL: it
 * saves, updates and deletes the orders {@code order-0..299} until it dies.
 *
 * <p>Arguments: ZooKeeper quorum, client port, znode parent, namespace, seed.
 */
public final class CrashingWriter {

  private CrashingWriter() {}

  public static void main(String[] args) {
    Random random = new Random(Long.parseLong(args[4]));
    OrderFixtures fixtures = new OrderFixtures(random);
    try (Rowan connected = Rowan.connect(ChildJvm.cluster(args));
        Rowan rowan = Rowan.builder(connected.connection()).namespace(args[3]).groupCommit(true).build()) {
      OrderRepository orders = rowan.repository(OrderRepository.class);
      System.out.println("writing");
      System.out.flush();
      while (true) {
        int kind = random.nextInt(10);
        if (kind == 0) {
          orders.deleteByKey("order-" + random.nextInt(300));
        } else if (kind == 1) {
          Map<String, Order> batch = new LinkedHashMap<>();
          for (int i = 0; i < 20; i++) {
            int number = random.nextInt(300);
            batch.put("order-" + number, fixtures.change(orders.findByKey("order-" + number)
                .orElseGet(() -> fixtures.order(number))));
          }
          orders.saveAll(new ArrayList<>(batch.values()));
        } else {
          int number = random.nextInt(300);
          orders.save(fixtures.change(orders.findByKey("order-" + number).orElseGet(() -> fixtures.order(number))));
        }
      }
    }
  }

  static List<Order> initial(OrderFixtures fixtures) {
    List<Order> orders = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      orders.add(fixtures.order(i));
    }
    return orders;
  }
}
