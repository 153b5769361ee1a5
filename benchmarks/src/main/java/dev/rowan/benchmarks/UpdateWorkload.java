package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import dev.rowan.core.HBaseRepository;
import java.util.ArrayList;
import java.util.List;

/**
 * Updating an indexed field: orders move to another seller, so that each update retires one row of
 * the {@code seller} view and writes another (and, with two views, rewrites the order's row of the
 * {@code buyer} view). Rowan's {@code save} (or {@code saveAll}) runs the verified write protocol;
 * the hand-written code gets the main row, puts it, and in one batch per view table puts the new
 * view row and deletes the old one. Each side updates the orders of its own tables, loaded once
 * with the same orders (Rowan's as {@code saveAll} leaves them, see {@link SettledLoad}; the
 * hand-written side's by its own insert).
 *
 * @param <T> the order type, which decides the number of views
 */
final class UpdateWorkload<T> extends Workload {

  /**
   * How long before the run the orders were stored: longer than two write leases, so that a move
   * retires the row it leaves at once, as it does for any entity not written in the last two leases
   * (docs/view-consistency.md, "The settle window").
   */
  private static final long STORED_BEFORE = java.time.Duration.ofHours(1).toMillis();

  private static final String[] NAMESPACES = {"upd_rowan", "upd_hand"};

  /** A copy of an order moved to another seller. */
  @FunctionalInterface
  interface Move<T> {
    T to(T order, String sellerId);
  }

  /**
   * The orders as stored, per side, shared by the single and batched workloads of one order type.
   */
  static final class Stored<T> {
    private final Class<T> type;
    private final OrderFactory<T> factory;
    private final Class<? extends HBaseRepository<T>> repository;
    private final Move<T> move;
    private final int views;
    private final int size;
    private final List<List<T>> current =
        new ArrayList<>(List.of(new ArrayList<>(), new ArrayList<>()));
    private final int[] next = new int[2];
    private final int[] runs = new int[2];

    private Stored(
        Class<T> type,
        OrderFactory<T> factory,
        Class<? extends HBaseRepository<T>> repository,
        Move<T> move,
        int views,
        int size) {
      this.type = type;
      this.factory = factory;
      this.repository = repository;
      this.move = move;
      this.views = views;
      this.size = size;
    }

    /** {@code size} orders with the {@code seller} view ({@link SellerOrder}). */
    static Stored<SellerOrder> oneView(int size) {
      return new Stored<>(
          SellerOrder.class,
          SellerOrder::new,
          SellerOrder.Repository.class,
          (o, seller) ->
              new SellerOrder(
                  o.orderNo(),
                  seller,
                  o.buyerId(),
                  o.createdAt(),
                  o.amount(),
                  o.status(),
                  o.quantity()),
          1,
          size);
    }

    /**
     * {@code size} orders with the {@code seller} and {@code buyer} views ({@link TwoViewOrder}).
     */
    static Stored<TwoViewOrder> twoViews(int size) {
      return new Stored<>(
          TwoViewOrder.class,
          TwoViewOrder::new,
          TwoViewOrder.Repository.class,
          (o, seller) ->
              new TwoViewOrder(
                  o.orderNo(),
                  seller,
                  o.buyerId(),
                  o.createdAt(),
                  o.amount(),
                  o.status(),
                  o.quantity()),
          2,
          size);
    }
  }

  private final Stored<T> stored;
  private final boolean batched;
  private final int count;

  UpdateWorkload(Stored<T> stored, boolean batched, int count) {
    super(
        String.format(
            "update seller of %,d order%s, %d view%s (%s)",
            batched ? count : 1,
            batched ? "s" : "",
            stored.views,
            stored.views == 1 ? "" : "s",
            batched ? "saveAll" : "save"),
        "order",
        batched
            ? List.of("Rowan saveAll", "multi-get + BufferedMutator")
            : List.of("Rowan save", "get, put, batch"));
    this.stored = stored;
    this.batched = batched;
    this.count = count;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    if (!stored.current.get(0).isEmpty()) {
      return;
    }
    List<T> orders = BenchData.random(stored.factory, "u", 0, stored.size, 1000, 7);
    SettledLoad.load(
        timing,
        NAMESPACES[0],
        stored.type,
        stored.repository,
        orders.size(),
        (from, count) -> orders.subList(from, from + count),
        STORED_BEFORE);
    timing.recreate(NAMESPACES[1], stored.type);
    timing.hand(NAMESPACES[1], stored.type).insert(orders);
    for (int side = 0; side < 2; side++) {
      stored.current.set(side, new ArrayList<>(orders));
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
    List<T> current = stored.current.get(side);
    int[] slots = new int[count];
    List<T> moved = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      int slot = (stored.next[side] + i) % stored.size;
      slots[i] = slot;
      moved.add(stored.move.to(current.get(slot), "moved-" + run + "-" + (slot % 1000)));
    }
    stored.next[side] = (stored.next[side] + count) % stored.size;
    Run result;
    if (side == 0) {
      HBaseRepository<T> orders = clients.repository(namespace, stored.repository);
      result =
          batched
              ? Run.whole(clients.rpcs(), count, () -> orders.saveAll(moved))
              : Run.each(clients.rpcs(), count, i -> orders.save(moved.get(i)));
    } else {
      HandWritten<T> hand = clients.hand(namespace, stored.type);
      result =
          batched
              ? Run.whole(clients.rpcs(), count, () -> hand.updateAll(moved))
              : Run.each(clients.rpcs(), count, i -> hand.update(moved.get(i)));
    }
    for (int i = 0; i < count; i++) {
      current.set(slots[i], moved.get(i));
    }
    return result;
  }
}
