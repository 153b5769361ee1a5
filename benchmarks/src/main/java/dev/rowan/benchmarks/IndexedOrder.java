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
 * The benchmark order with three full-copy views, by seller, by buyer and by status (each then by
 * creation time): the entity of the insert (3 views) workload.
 *
 * <p>Thread-safety: immutable.
 */
@Table(name = "bench_orders_v3")
@Family(name = "d")
@Index(
    name = "seller",
    key = {"sellerId", "createdAt"})
@Index(
    name = "buyer",
    key = {"buyerId", "createdAt"})
@Index(
    name = "status",
    key = {"status", "createdAt"})
record IndexedOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "st") Order.Status status,
    @Column(name = "q") long quantity) {

  /** Its repository: the inherited methods only. */
  interface Repository extends HBaseRepository<IndexedOrder> {}
}
