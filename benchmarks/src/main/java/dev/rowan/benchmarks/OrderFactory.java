package dev.rowan.benchmarks;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * Makes one of the benchmark order types from its field values: the canonical constructor of {@link
 * PlainOrder}, {@link SellerOrder}, {@link IndexedOrder} and {@link SaltedOrder}.
 *
 * @param <T> the order type
 */
@FunctionalInterface
interface OrderFactory<T> {

  T create(
      String orderNo,
      String sellerId,
      String buyerId,
      Instant createdAt,
      BigDecimal amount,
      Order.Status status,
      long quantity);
}
