package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The benchmark order salted into 16 buckets, with the {@code seller} view (salted the same way, on
 * the whole view key): the entity of the top-10 workload, whose answer is spread over all 16
 * buckets of the view, and of the salted ranges of the observation workloads.
 *
 * <p>Thread-safety: immutable.
 */
@Table(name = "bench_orders_salted", salt = @Salt(buckets = 16))
@Family(name = "d")
@Index(
    name = "seller",
    key = {"sellerId", "createdAt"})
record SaltedOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "st") Order.Status status,
    @Column(name = "q") long quantity) {

  /** Its repository: the seller's newest orders, and a range of them, merged across buckets. */
  interface Repository extends HBaseRepository<SaltedOrder> {

    /**
     * The seller's orders created in {@code [from, to]}: one scan per bucket of the view, merged,
     * oldest first.
     */
    List<SaltedOrder> findBySellerBetween(String sellerId, Instant from, Instant to);

    /** The seller's ten newest orders: one reversed scan per bucket of the view, merged. */
    List<SaltedOrder> findTop10BySellerIdOrderByCreatedAtDesc(String sellerId);
  }
}
