package dev.rowan.benchmarks.phoenix;

import dev.rowan.benchmarks.Order;
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
 * The order of the Phoenix comparison with two full-copy views, {@code seller} and {@code buyer},
 * each keyed by its id and then the creation time: Rowan's counterpart of a Phoenix table with two
 * covered global indexes on {@code (SELLER, CREATED)} and {@code (BUYER, CREATED)}. Also the row
 * type of {@link PhoenixOrders}, so that both sides hold the same values.
 *
 * <p>Thread-safety: immutable.
 *
 * @param orderNo the row key
 * @param sellerId the seller, first key part of the {@code seller} view
 * @param buyerId the buyer, first key part of the {@code buyer} view
 * @param createdAt the creation time, second key part of both views
 * @param amount the amount, two decimals
 * @param status the state, stored by name
 * @param quantity the quantity
 */
@Table(name = "bench_orders_v2")
@Family(name = "d")
@Index(
    name = "seller",
    key = {"sellerId", "createdAt"})
@Index(
    name = "buyer",
    key = {"buyerId", "createdAt"})
public record TwoViewOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "st") Order.Status status,
    @Column(name = "q") long quantity) {

  /** Its repository: the queries the comparison asks of both sides. */
  public interface Repository extends HBaseRepository<TwoViewOrder> {

    /**
     * The seller's orders created in {@code [from, to]}, through the {@code seller} view, oldest
     * first.
     */
    List<TwoViewOrder> findBySellerBetween(String sellerId, Instant from, Instant to);

    /**
     * The seller's ten newest orders: a reversed scan of the {@code seller} view, limited to 10
     * rows.
     */
    List<TwoViewOrder> findTop10BySellerIdOrderByCreatedAtDesc(String sellerId);

    /**
     * The orders of {@code sellerIds} created in {@code [from, to]}, through the {@code seller}
     * view: a range per seller, read by one scan.
     */
    List<TwoViewOrder> findBySellerIdInAndCreatedAtBetween(
        List<String> sellerIds, Instant from, Instant to);
  }
}
