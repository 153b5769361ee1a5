package dev.rowan.it.model;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;

/**
 * {@link SaltedViewsModelIT}'s shape and queries, salted by a consistent-hash ring instead of
 * hash-mod: 5 buckets of 16 virtual nodes (few, so the buckets are uneven) for the main table and
 * both views. The planner, every query and the views must not notice the strategy.
 */
class RingSaltedViewsModelIT extends ModelScenario {

  @Table(name = "orders", salt = @Salt(buckets = 5, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 16))
  @Index(name = "cat", key = {"category", "at"})
  @Index(name = "byDay", key = {"day"}, include = {"amount"})
  record RingOrd(
      @RowKey UUID id,
      @Column(name = "c") String category,
      @Column(name = "t") Instant at,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "q") Integer qty,
      @Column(name = "d") LocalDate day,
      @Version Long version) implements SaltedViewsModelIT.OrdFields {}

  interface RingOrders extends SaltedViewsModelIT.OrdersOf<RingOrd> {}

  @Override
  Shape<?, ?> shape() {
    return new SaltedViewsModelIT.OrdersShapeOf<>(RingOrd.class, RingOrders.class, RingOrd::new);
  }
}
