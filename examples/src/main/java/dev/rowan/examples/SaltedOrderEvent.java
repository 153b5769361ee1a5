package dev.rowan.examples;

import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An order event keyed by time first, {@code [salt 8][createdAt][orderNo]}: the salt byte, a hash
 * of the key, sends consecutive events to different regions. The twin of {@link PlainOrderEvent} in
 * the demo's hotspot lesson.
 *
 * <p>Thread-safety: immutable.
 *
 * @param createdAt when the order was placed
 * @param orderNo the order
 * @param sellerId the seller
 * @param amount what was paid
 */
@Table(name = "order_events_salted", salt = @Salt(buckets = 8))
public record SaltedOrderEvent(
    @RowKey(order = 0) Instant createdAt,
    @RowKey(order = 1) String orderNo,
    String sellerId,
    BigDecimal amount) {

  static SaltedOrderEvent of(Order order) {
    return new SaltedOrderEvent(
        order.createdAt(), order.orderNo(), order.sellerId(), order.amount());
  }
}
