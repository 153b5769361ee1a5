package dev.rowan.benchmarks;

import java.util.ArrayList;
import java.util.List;

/**
 * Updating an indexed field: orders move to another seller, so that each update retires one
 * row of the {@code seller} view and writes another. Rowan's {@code save} (or {@code saveAll})
 * runs the verified write protocol; the hand-written code gets the main row, puts it, and in one
 * batch on the view table puts the new view row and deletes the old one. Each side updates the
 * orders of its own tables, loaded once with the same orders (Rowan's as {@code saveAll} leaves
 * them, see {@link SettledLoad}; the hand-written side's by its own insert).
 */
final class UpdateWorkload extends Workload {

  private static final String[] NAMESPACES = {"upd_rowan", "upd_hand"};

  /** The orders as stored, per side, shared by the single and batched workloads. */
  static final class Stored {
    private final int size;
    private final SellerOrder[][] current = new SellerOrder[2][];
    private final int[] next = new int[2];
    private final int[] runs = new int[2];

    Stored(int size) {
      this.size = size;
    }
  }

  private final Stored stored;
  private final boolean batched;
  private final int count;

  UpdateWorkload(Stored stored, boolean batched, int count) {
    super(batched ? String.format("update seller of %,d orders (saveAll)", count)
            : "update seller of 1 order (save)", "order",
        batched ? List.of("Rowan saveAll", "multi-get + BufferedMutator") : List.of("Rowan save", "get, put, batch"));
    this.stored = stored;
    this.batched = batched;
    this.count = count;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    if (stored.current[0] != null) {
      return;
    }
    List<SellerOrder> orders = BenchData.random(SellerOrder::new, "u", 0, stored.size, 1000, 7);
    SettledLoad.load(timing, NAMESPACES[0], SellerOrder.class, SellerOrder.Repository.class, orders.size(),
        (from, count) -> orders.subList(from, from + count));
    timing.recreate(NAMESPACES[1], SellerOrder.class);
    timing.hand(NAMESPACES[1], SellerOrder.class).insert(orders);
    for (int side = 0; side < 2; side++) {
      stored.current[side] = orders.toArray(new SellerOrder[0]);
    }
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return batched ? 2000 : 50;
  }

  @Override
  int rpcUnit() {
    return batched ? 1000 : 1;
  }

  @Override
  Run run(Clients clients, int side, int round, int count) throws Exception {
    String namespace = NAMESPACES[side];
    int run = stored.runs[side]++;
    int[] slots = new int[count];
    List<SellerOrder> moved = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int slot = (stored.next[side] + i) % stored.size;
      SellerOrder order = stored.current[side][slot];
      slots[i] = slot;
      moved.add(new SellerOrder(order.orderNo(), "moved-" + run + "-" + (slot % 1000), order.buyerId(),
          order.createdAt(), order.amount(), order.status(), order.quantity()));
    }
    stored.next[side] = (stored.next[side] + count) % stored.size;
    Run result;
    if (side == 0) {
      SellerOrder.Repository orders = clients.repository(namespace, SellerOrder.Repository.class);
      result = batched ? Run.whole(clients.rpcs(), count, () -> orders.saveAll(moved)) : Run.each(clients.rpcs(), count, i -> orders.save(moved.get(i)));
    } else {
      HandWritten<SellerOrder> hand = clients.hand(namespace, SellerOrder.class);
      result = batched ? Run.whole(clients.rpcs(), count, () -> hand.updateAll(moved)) : Run.each(clients.rpcs(), count, i -> hand.update(moved.get(i)));
    }
    for (int i = 0; i < count; i++) {
      stored.current[side][slots[i]] = moved.get(i);
    }
    return result;
  }
}
