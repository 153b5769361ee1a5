package dev.rowan.examples;

import dev.rowan.cli.RegionStats;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SplitPolicy;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapreduce.SplitPoints;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.hbase.client.Admin;

/**
 * Step 5 of the demo, the hotspot lesson in numbers: the newest orders, as they arrive, are written
 * to two tables keyed by time first, both in 8 regions. The unsalted one is pre-split at the
 * quantiles of two years of orders, as a careful operator would split it; every new order still
 * lands in its last region, because time only moves forward. The salted one spreads the same orders
 * over all 8.
 *
 * <p>Thread-safety: used by one thread.
 */
final class RegionBalance {

  static final int REGIONS = 8;
  private static final int BATCH = 1_000;

  /** The repository of the unsalted table. */
  public interface PlainEvents extends HBaseRepository<PlainOrderEvent> {}

  /** The repository of the salted table. */
  public interface SaltedEvents extends HBaseRepository<SaltedOrderEvent> {}

  private final Rowan rowan;
  private final PrintStream out;

  RegionBalance(Rowan rowan, PrintStream out) {
    this.rowan = rowan;
    this.out = out;
  }

  /** How many of the newest orders the lesson writes: a tenth of them, at most 20,000. */
  static int newest(int orders) {
    return Math.max(1, Math.min(20_000, orders / 10));
  }

  void run(List<Order> orders) throws IOException {
    List<Order> newest = orders.subList(orders.size() - newest(orders.size()), orders.size());
    out.println();
    out.printf(
        "== The hotspot lesson: the newest %,d orders (%s to %s), written as they arrive to two tables"
            + " keyed by time%n",
        newest.size(), newest.get(0).createdAt(), newest.get(newest.size() - 1).createdAt());
    boolean created = createTables(orders);
    PlainEvents plain = rowan.repository(PlainEvents.class);
    SaltedEvents salted = rowan.repository(SaltedEvents.class);
    Order last = newest.get(newest.size() - 1);
    if (!created
        && plain.findByKey(last.createdAt(), last.orderNo()).isPresent()
        && salted.findByKey(last.createdAt(), last.orderNo()).isPresent()) {
      out.println("  (written by an earlier run)");
    } else {
      long began = System.nanoTime();
      write(newest, plain, PlainOrderEvent::of);
      write(newest, salted, SaltedOrderEvent::of);
      out.printf("  wrote them to both tables in %.1f s%n", OrderLoader.seconds(began));
    }
    print(
        RegionStats.of(rowan.connection(), rowan.tableName("order_events")),
        RegionStats.of(rowan.connection(), rowan.tableName("order_events_salted")));
  }

  private boolean createTables(List<Order> orders) throws IOException {
    try (Admin admin = rowan.connection().getAdmin()) {
      if (admin.tableExists(rowan.tableName("order_events"))
          && admin.tableExists(rowan.tableName("order_events_salted"))) {
        return false;
      }
    }
    List<PlainOrderEvent> sample = new ArrayList<>();
    int step = Math.max(1, orders.size() / 2_000);
    for (int i = 0; i < orders.size(); i += step) {
      sample.add(PlainOrderEvent.of(orders.get(i)));
    }
    byte[][] splits =
        SplitPoints.fromSample(EntityModel.of(PlainOrderEvent.class), sample, REGIONS);
    rowan.schema().create(PlainOrderEvent.class, SplitPolicy.keys(splits));
    rowan.schema().create(SaltedOrderEvent.class);
    return true;
  }

  private static <E> void write(
      List<Order> orders, HBaseRepository<E> events, Function<Order, E> event) {
    for (int i = 0; i < orders.size(); i += BATCH) {
      events.saveAll(
          orders.subList(i, Math.min(orders.size(), i + BATCH)).stream().map(event).toList());
    }
  }

  private void print(List<RegionStats.Region> plain, List<RegionStats.Region> salted) {
    out.println(
        "  order_events         [createdAt][orderNo]: pre-split at quantiles of all the orders' times");
    out.println(
        "  order_events_salted  [salt 8][createdAt][orderNo]: pre-split by its salt, a region per bucket");
    out.printf("  %-8s %14s %21s%n", "region", "order_events", "order_events_salted");
    for (int i = 0; i < Math.max(plain.size(), salted.size()); i++) {
      out.printf("  %-8d %14s %21s%n", i + 1, rows(plain, i), rows(salted, i));
    }
    out.printf(
        "  busiest region: %s of the rows in order_events, %s in order_events_salted%n",
        busiest(plain), busiest(salted));
    out.printf(
        "  regions with rows: %d of %d in order_events, %d of %d in order_events_salted%n",
        withRows(plain), plain.size(), withRows(salted), salted.size());
  }

  private static String rows(List<RegionStats.Region> regions, int index) {
    return index < regions.size() ? String.format("%,d", regions.get(index).rows()) : "";
  }

  private static String busiest(List<RegionStats.Region> regions) {
    long total = regions.stream().mapToLong(RegionStats.Region::rows).sum();
    long max = regions.stream().mapToLong(RegionStats.Region::rows).max().orElse(0);
    return String.format("%.0f%%", total == 0 ? 0 : 100.0 * max / total);
  }

  private static long withRows(List<RegionStats.Region> regions) {
    return regions.stream().filter(r -> r.rows() > 0).count();
  }
}
