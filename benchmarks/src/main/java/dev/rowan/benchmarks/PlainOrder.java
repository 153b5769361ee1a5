package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * The benchmark order without views: the cells of {@link Order} (an unsalted String row key and six
 * short-qualified columns in family {@code d}), written with plain puts.
 *
 * <p>Thread-safety: immutable.
 */
@Table(name = "bench_orders_v0")
@Family(name = "d")
record PlainOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "st") Order.Status status,
    @Column(name = "q") long quantity) {

  /** Its repository: the inherited methods and a partial update. */
  interface Repository extends HBaseRepository<PlainOrder> {

    /** Sets the status of the stored order {@code orderNo}: one check-and-mutate of its cell. */
    boolean updateStatusByOrderNo(Order.Status status, String orderNo);
  }
}
