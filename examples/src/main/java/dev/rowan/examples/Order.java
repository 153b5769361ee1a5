package dev.rowan.examples;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * An order of the shop, as the contract's {@code Order}: the row key is the order number, so "an
 * order by number" is a get on the main table and needs no view of its own; the two views serve the
 * shop's other questions, a seller's and a buyer's orders over time.
 *
 * <ul>
 *   <li>{@code orders}: {@code [salt 8][orderNo]}. Order numbers rise with time; the salt spreads
 *       those sequential keys over 8 regions instead of writing them all into the last one.
 *   <li>{@code orders.seller}: {@code [salt 8][sellerId][createdAt][orderNo]}, a full copy.
 *   <li>{@code orders.buyer}: {@code [salt 8][buyerId][createdAt][orderNo]}, a full copy.
 * </ul>
 *
 * <p>Thread-safety: immutable.
 *
 * @param orderNo the order number, {@code ORD-00000001} onwards
 * @param sellerId the seller, {@code seller-0001} (the busiest) to {@code seller-1000}
 * @param buyerId the buyer, {@code buyer-00001} to {@code buyer-50000}
 * @param createdAt when the order was placed
 * @param amount what the buyer paid, in euros
 * @param status where the order stands
 */
@Table(name = "orders", salt = @Salt(buckets = 8))
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
    CANCELLED,
    RETURNED
  }

  /** One line for the console: number, time, seller, buyer, amount and status. */
  public String line() {
    return String.format(
        "%s  %s  %-11s  %-11s  %9s EUR  %s", orderNo, createdAt, sellerId, buyerId, amount, status);
  }
}
