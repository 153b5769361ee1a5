package dev.rowan.examples;

import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An order event keyed by time first and not salted, {@code [createdAt][orderNo]}: the textbook
 * hotspot. However the table is pre-split, new events all have the highest keys so far and go to
 * the region that holds the end of the key space. The twin of {@link SaltedOrderEvent} in the
 * demo's hotspot lesson.
 *
 * <p>Thread-safety: immutable.
 *
 * @param createdAt when the order was placed
 * @param orderNo the order
 * @param sellerId the seller
 * @param amount what was paid
 */
@Table(name = "order_events")
public record PlainOrderEvent(
    @RowKey(order = 0) Instant createdAt,
    @RowKey(order = 1) String orderNo,
    String sellerId,
    BigDecimal amount) {

  static PlainOrderEvent of(Order order) {
    return new PlainOrderEvent(
        order.createdAt(), order.orderNo(), order.sellerId(), order.amount());
  }
}
