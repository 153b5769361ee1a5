package dev.rowan.security;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;

/** The contract's order: salted, seen by seller (a full copy) and by buyer (amount only). */
@Table(name = "orders", salt = @Salt(buckets = 4))
@Family(name = "d")
@Index(name = "seller", key = {"sellerId", "createdAt"})
@Index(name = "buyer", key = {"buyerId", "createdAt"}, include = {"amount"})
record Order(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "n") String note) {

  Order withNote(String text) {
    return new Order(orderNo, sellerId, buyerId, createdAt, amount, text);
  }

  Order withSeller(String seller) {
    return new Order(orderNo, seller, buyerId, createdAt, amount, note);
  }

  /** Order {@code number} of a small, repeating set of sellers and buyers. */
  static Order numbered(int number) {
    return new Order("order-" + number, "seller-" + number % 3, "buyer-" + number % 4,
        Instant.ofEpochSecond(1_700_000_000L + number * 60L), BigDecimal.valueOf(100 + number, 2), "note " + number);
  }
}
