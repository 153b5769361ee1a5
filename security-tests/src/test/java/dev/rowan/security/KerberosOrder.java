package dev.rowan.security;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;

/** The entity of the Kerberized cluster's workload: an order, seen by seller through a view. */
@Table(name = "kerberos_orders")
@Family(name = "d")
@Index(name = "seller", key = {"sellerId"})
public record KerberosOrder(
    @RowKey String orderNo,
    @Column(name = "s") String sellerId,
    @Column(name = "a") long amount) {}
