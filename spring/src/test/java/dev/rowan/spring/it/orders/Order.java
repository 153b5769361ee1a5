package dev.rowan.spring.it.orders;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.time.Instant;

/** A salted order, seen by seller. */
@Table(name = "spring_orders", salt = @Salt(buckets = 4))
@Family(name = "d")
@Index(name = "seller", key = {"sellerId", "createdAt"})
public record Order(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "c") Instant createdAt,
    @Column(name = "a") Long amount) {}
