package com.example;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;

/**
 * The order of the docs' cluster commands (docs/bulk-load.md, "On a cluster"), as a user's own
 * model jar ({@code orders-model.jar}) would hold it: a salted table of 2 regions, a full-copy view
 * by seller and a narrow view by buyer that carries only the seller, so that queries on it read the
 * main table a second time.
 *
 * @param orderNo the order number, the row key
 * @param sellerId the seller
 * @param buyerId the buyer
 * @param createdAt when the order was placed
 * @param amount what the buyer paid
 * @param status where the order stands
 */
@Table(name = "orders", salt = @Salt(buckets = 2))
@Family(name = "d")
@Index(
    name = "seller",
    key = {"sellerId", "createdAt"})
@Index(
    name = "buyer",
    key = {"buyerId"},
    include = {"sellerId"})
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
