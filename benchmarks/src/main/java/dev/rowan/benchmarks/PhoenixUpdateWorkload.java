package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.Phoenix;
import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * Moving orders to another seller, on tables with the two views or indexes: each update retires one
 * row of the {@code seller} view (index) and writes another, and rewrites the order's row of the
 * {@code buyer} view (index). Rowan's {@code saveAll} (or {@code save}) runs its verified write
 * protocol; the hand-written code reads the rows, puts them and puts and deletes view rows (see
 * {@link HandWritten#updateAll}); Phoenix upserts the whole row with autocommit off, a commit every
 * 1,000 rows (or after each row), and maintains its indexes itself. Each side updates its own
 * tables, loaded once with the same orders (Rowan's as {@code saveAll} leaves them, see {@link
 * SettledLoad}).
 */
final class PhoenixUpdateWorkload extends Workload {

  /**
   * How long before the run the orders were stored: longer than two write leases, so that a move
   * retires the row it leaves at once, as it does for any entity not written in the last two leases
   * (docs/view-consistency.md, "The settle window").
   */
  private static final long STORED_BEFORE = java.time.Duration.ofHours(1).toMillis();

  private static final String[] NAMESPACES = {"pup_rowan", "pup_hand"};
  private static final String TABLE = "PUP";

  /** The orders as stored, per side, shared by the single and batched workloads. */
  static final class Stored {
    private final int size;
    private final TwoViewOrder[][] current = new TwoViewOrder[3][];
    private final int[] next = new int[3];
    private final int[] runs = new int[3];

    Stored(int size) {
      this.size = size;
    }
  }

  private final Phoenix phoenix;
  private final Stored stored;
  private final boolean batched;
  private final int count;

  PhoenixUpdateWorkload(Phoenix phoenix, Stored stored, boolean batched, int count) {
    super(
        batched
            ? String.format("update seller of %,d orders, 2 views / indexes", count)
            : "update seller of 1 order, 2 views / indexes",
        "order",
        batched
            ? List.of(
                "Rowan saveAll", "multi-get + BufferedMutator", "Phoenix upsert, commit per 1,000")
            : List.of("Rowan save", "get, put, batch", "Phoenix upsert + commit"));
    this.phoenix = phoenix;
    this.stored = stored;
    this.batched = batched;
    this.count = count;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    if (stored.current[0] != null) {
      return;
    }
    List<TwoViewOrder> orders = BenchData.random(TwoViewOrder::new, "u", 0, stored.size, 1000, 7);
    SettledLoad.load(
        timing,
        NAMESPACES[0],
        TwoViewOrder.class,
        TwoViewOrder.Repository.class,
        orders.size(),
        (from, count) -> orders.subList(from, from + count),
        STORED_BEFORE);
    timing.recreate(NAMESPACES[1], TwoViewOrder.class);
    timing.hand(NAMESPACES[1], TwoViewOrder.class).insert(orders);
    PhoenixOrders table = phoenix.orders(TABLE, true);
    table.create();
    table.upsertAll(orders);
    for (int side = 0; side < 3; side++) {
      stored.current[side] = orders.toArray(new TwoViewOrder[0]);
    }
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return side == 2 ? 1 : batched ? 2000 : 50;
  }

  @Override
  int rpcUnit() {
    return batched ? 1000 : 1;
  }

  @Override
  Run run(Clients clients, int side, int round, int count) throws Exception {
    int run = stored.runs[side]++;
    int[] slots = new int[count];
    List<TwoViewOrder> moved = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int slot = (stored.next[side] + i) % stored.size;
      TwoViewOrder order = stored.current[side][slot];
      slots[i] = slot;
      moved.add(
          new TwoViewOrder(
              order.orderNo(),
              "moved-" + run + "-" + (slot % 1000),
              order.buyerId(),
              order.createdAt(),
              order.amount(),
              order.status(),
              order.quantity()));
    }
    stored.next[side] = (stored.next[side] + count) % stored.size;
    Run result;
    if (side == 0) {
      TwoViewOrder.Repository orders =
          clients.repository(NAMESPACES[0], TwoViewOrder.Repository.class);
      result =
          batched
              ? Run.whole(clients.rpcs(), count, () -> orders.saveAll(moved))
              : Run.each(clients.rpcs(), count, i -> orders.save(moved.get(i)));
    } else if (side == 1) {
      HandWritten<TwoViewOrder> hand = clients.hand(NAMESPACES[1], TwoViewOrder.class);
      result =
          batched
              ? Run.whole(clients.rpcs(), count, () -> hand.updateAll(moved))
              : Run.each(clients.rpcs(), count, i -> hand.update(moved.get(i)));
    } else {
      PhoenixOrders table = phoenix.orders(TABLE, true);
      result =
          batched
              ? Run.whole(null, count, () -> table.upsertAll(moved))
              : Run.each(null, count, i -> table.upsert(moved.get(i)));
    }
    for (int i = 0; i < count; i++) {
      stored.current[side][slots[i]] = moved.get(i);
    }
    return result;
  }
}
