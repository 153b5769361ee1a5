package dev.rowan.benchmarks;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * The benchmark order with one view, {@code seller} keyed {sellerId, createdAt}, a full copy: the
 * entity of the insert (1 view), update, get and view query workloads.
 *
 * <p>Thread-safety: immutable.
 */
@Table(name = "bench_orders_v1")
@Family(name = "d")
@Index(
    name = "seller",
    key = {"sellerId", "createdAt"})
record SellerOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "st") Order.Status status,
    @Column(name = "q") long quantity) {

  /** A projection of an order: its creation time and amount. */
  record Amount(Instant createdAt, BigDecimal amount) {}

  /** Its repository: view queries, a count and a multi-get. */
  interface Repository extends HBaseRepository<SellerOrder> {

    /** The seller's orders created in {@code [from, to]}, through the view, oldest first. */
    List<SellerOrder> findBySellerBetween(String sellerId, Instant from, Instant to);

    /** How many orders the seller has, through the view. */
    long countBySellerId(String sellerId);

    /**
     * The seller's orders through the view, every row decoded: what a count read before it read
     * keys only.
     */
    java.util.stream.Stream<SellerOrder> streamBySellerId(String sellerId);

    /**
     * When and for how much the seller's orders in {@code [from, to]} were made: 2 of the 6
     * columns, from the view.
     */
    List<Amount> findAmountsBySellerBetween(String sellerId, Instant from, Instant to);

    /**
     * The seller's orders of more than {@code quantity} items: a range on a column, filtered on the
     * region servers.
     */
    List<SellerOrder> findBySellerIdAndQuantityGreaterThan(String sellerId, long quantity);

    /** The orders with these numbers: one multi-get of the main table. */
    List<SellerOrder> findByOrderNoIn(List<String> orderNos);

    /**
     * Sets the status of the stored order {@code orderNo}, which the full-copy view carries: a
     * write of the protocol.
     */
    boolean updateStatusByOrderNo(Order.Status status, String orderNo);
  }
}
