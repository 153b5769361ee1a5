package dev.rowan.it.read;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.time.Instant;

/**
 * An unsalted entity whose account view is newest first ({@code @Descending} time) and whose
 * symbol view carries one column, so reads through it take a second read.
 */
@Table(name = "trades")
@Family(name = "t")
@Index(name = "account", key = {"account", "at"}, format = Index.Format.COLUMNS) // filtered on the region servers
@Index(name = "symbol", key = {"symbol", "qty"}, include = {"account"})
record Trade(
    @RowKey String tradeNo,
    @Column(name = "a") String account,
    @Descending @Column(name = "t") Instant at,
    @Column(name = "s") String symbol,
    @Column(name = "q") long qty) {}
