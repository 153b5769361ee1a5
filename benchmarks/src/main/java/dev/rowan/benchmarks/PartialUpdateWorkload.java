package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import java.util.ArrayList;
import java.util.List;

/**
 * Changing one property of a stored order, its status, three ways: Rowan's partial update ({@code
 * updateStatusByOrderNo}), a hand-written {@code Put} of the one cell, and Rowan's {@code save} of
 * the whole order with the new status. Without views the partial update is one check-and-mutate
 * (the cell, if the order exists); with the full-copy {@code seller} view, which carries the
 * status, it is a write of the protocol (read, view row, conditional commit, settle), as the save
 * is, and the hand-written put leaves the view row as it was (it is the floor, not the same work);
 * with a narrow view that does not carry it, the partial update is a write of the protocol that
 * leaves the view alone (read, conditional commit). The sides alternate operation by operation on
 * the same stored orders.
 *
 * @param <T> the order type, which decides the views
 * @param <R> its repository
 */
final class PartialUpdateWorkload<T, R extends HBaseRepository<T>> extends OpWorkload {

  /**
   * The partial update of one order's status through the repository; true when the order was
   * stored.
   */
  @FunctionalInterface
  interface StatusUpdate<R> {
    boolean update(R repository, Order.Status status, String orderNo);
  }

  private static final Order.Status[] STATUSES = Order.Status.values();

  private final Class<T> type;
  private final OrderFactory<T> factory;
  private final Class<R> repository;
  private final StatusUpdate<R> update;
  private final int size;
  private final int count;
  private final String namespace;
  private final List<Object[]> orders = new ArrayList<>();

  PartialUpdateWorkload(
      Class<T> type,
      OrderFactory<T> factory,
      Class<R> repository,
      StatusUpdate<R> update,
      String views,
      String namespace,
      int size,
      int count) {
    super(
        "set the status of 1 order, " + views,
        "update",
        List.of("Rowan updateStatusByOrderNo", "Put of one cell", "Rowan save of the whole order"));
    this.type = type;
    this.factory = factory;
    this.repository = repository;
    this.update = update;
    this.size = size;
    this.count = count;
    this.namespace = namespace;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    timing.recreate(namespace, type);
    List<T> stored = BenchData.random(factory, "p", 0, size, 1000, 11);
    timing.repository(namespace, repository).saveAll(stored);
    for (T order : stored) {
      orders.add(timing.hand(namespace, type).model().values(order));
    }
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return 50;
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    R orders = clients.repository(namespace, repository);
    HandWritten<T> hand = clients.hand(namespace, type);
    int status = hand.model().property("status").index();
    int offset = Math.floorMod(round * 7919, size);
    return i -> {
      Object[] values = this.orders.get((offset + i) % size);
      Order.Status next = STATUSES[Math.floorMod(round + i + side, STATUSES.length)];
      String orderNo = (String) values[0];
      switch (side) {
        case 0 ->
            check(update.update(orders, next, orderNo), () -> "Rowan found no order " + orderNo);
        case 1 -> hand.putCell(orderNo, "status", next);
        default -> {
          Object[] changed = values.clone();
          changed[status] = next;
          orders.save(hand.model().instantiate(changed));
        }
      }
    };
  }
}
