package dev.rowan.benchmarks.phoenix;

import dev.rowan.benchmarks.Order;
import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * An order keyed by its state, then its creation time and number, without views: a question about a
 * time range names no state, so it is read by a skip scan over the five states. Rowan's counterpart
 * of a Phoenix table whose primary key is {@code (STATUS, CREATED, ORDER_NO)}, queried with the
 * {@code SKIP_SCAN} hint.
 *
 * <p>Thread-safety: immutable.
 *
 * @param status the state, first key part
 * @param createdAt the creation time, second key part
 * @param orderNo the order number, last key part
 * @param sellerId the seller
 * @param buyerId the buyer
 * @param amount the amount, two decimals
 * @param quantity the quantity
 */
@Table(name = "bench_status_orders")
@Family(name = "d")
public record StatusOrder(
    @RowKey(order = 0) Order.Status status,
    @RowKey(order = 1) Instant createdAt,
    @RowKey(order = 2) String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "q") long quantity) {

  /** The order of {@code order}'s values. */
  public static StatusOrder of(TwoViewOrder order) {
    return new StatusOrder(
        order.status(),
        order.createdAt(),
        order.orderNo(),
        order.sellerId(),
        order.buyerId(),
        order.amount(),
        order.quantity());
  }

  /** The same order as a {@link TwoViewOrder}, to compare with the other sides' answers. */
  public TwoViewOrder asTwoView() {
    return new TwoViewOrder(orderNo, sellerId, buyerId, createdAt, amount, status, quantity);
  }

  /** Its repository. */
  public interface Repository extends HBaseRepository<StatusOrder> {

    /** The orders created in {@code [from, to]}: one range per state, read by one scan. */
    List<StatusOrder> findByCreatedAtBetween(Instant from, Instant to);
  }
}
