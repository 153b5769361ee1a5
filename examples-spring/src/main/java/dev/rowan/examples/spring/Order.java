package dev.rowan.examples.spring;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An order of the shop: the row key is the order number, and two views serve a seller's and a
 * buyer's orders over time.
 *
 * <ul>
 *   <li>{@code orders}: {@code [salt 4][orderNo]};
 *   <li>{@code orders.seller}: {@code [salt 4][sellerId][createdAt][orderNo]}, a full copy;
 *   <li>{@code orders.buyer}: {@code [salt 4][buyerId][createdAt][orderNo]}, a full copy.
 * </ul>
 *
 * <p>Thread-safety: immutable.
 *
 * @param orderNo the order number
 * @param sellerId the seller
 * @param buyerId the buyer
 * @param createdAt when the order was placed
 * @param amount what the buyer paid, in euros
 * @param status where the order stands
 */
@Table(name = "orders", salt = @Salt(buckets = 4))
@Family(name = "d")
@Index(
    name = "seller",
    key = {"sellerId", "createdAt"})
@Index(
    name = "buyer",
    key = {"buyerId", "createdAt"})
public record Order(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "t") Status status) {

  /** Where an order stands. */
  public enum Status {
    PLACED,
    PAID,
    SHIPPED,
    DELIVERED,
    CANCELLED
  }
}
