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
 * The benchmark order with one narrow view, {@code seller} keyed {sellerId, createdAt} carrying the
 * amount only: its status is a property no view carries, the partial update workload's non-indexed
 * property of an entity that has views.
 *
 * <p>Thread-safety: immutable.
 */
@Table(name = "bench_orders_narrow")
@Family(name = "d")
@Index(
    name = "seller",
    key = {"sellerId", "createdAt"},
    include = {"amount"})
record NarrowViewOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "st") Order.Status status,
    @Column(name = "q") long quantity) {

  /** Its repository: the inherited methods and a partial update. */
  interface Repository extends HBaseRepository<NarrowViewOrder> {

    /** Sets the status of the stored order {@code orderNo}, which its view does not carry. */
    boolean updateStatusByOrderNo(Order.Status status, String orderNo);
  }
}
