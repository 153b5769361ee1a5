package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * The benchmark order with two full-copy views, by seller and by buyer (each then
 * by creation time): the entity of the insert (2 views) workload, and of the bulk load workload.
 *
 * <p>Thread-safety: immutable.
 */
@Table(name = "bench_orders_v2")
@Family(name = "d")
@Index(name = "seller", key = {"sellerId", "createdAt"})
@Index(name = "buyer", key = {"buyerId", "createdAt"})
record TwoViewOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "st") Order.Status status,
    @Column(name = "q") long quantity) {

  /** Its repository: the inherited methods only. */
  interface Repository extends HBaseRepository<TwoViewOrder> {}
}
