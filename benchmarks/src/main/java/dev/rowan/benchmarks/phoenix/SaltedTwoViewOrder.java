package dev.rowan.benchmarks.phoenix;

import dev.rowan.benchmarks.Order;
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
 * {@link TwoViewOrder} with its main table and views salted into 16 buckets: Rowan's counterpart of
 * a Phoenix table created with {@code SALT_BUCKETS=16}, whose indexes are salted alike.
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
@Table(name = "bench_orders_v2_salted", salt = @Salt(buckets = 16))
@Family(name = "d")
@Index(
    name = "seller",
    key = {"sellerId", "createdAt"})
@Index(
    name = "buyer",
    key = {"buyerId", "createdAt"})
public record SaltedTwoViewOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "st") Order.Status status,
    @Column(name = "q") long quantity) {

  /** The same order as a {@link TwoViewOrder}, to compare with the other sides' answers. */
  public TwoViewOrder unsalted() {
    return new TwoViewOrder(orderNo, sellerId, buyerId, createdAt, amount, status, quantity);
  }

  /** Its repository. */
  public interface Repository extends HBaseRepository<SaltedTwoViewOrder> {

    /**
     * The orders of {@code sellerIds} created in {@code [from, to]}, through the {@code seller}
     * view: a range per seller in each of the 16 buckets, read by one scan per bucket.
     */
    List<SaltedTwoViewOrder> findBySellerIdInAndCreatedAtBetween(
        List<String> sellerIds, Instant from, Instant to);
  }
}
