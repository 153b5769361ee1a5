package dev.rowan.mapreduce;

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
public record Order(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "b") String buyerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") BigDecimal amount,
    @Column(name = "n") String note) {}
