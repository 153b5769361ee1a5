package dev.rowan.mapreduce;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * A page visit kept in one table per month ({@code visits_YYYY_MM}), seen by page (a full copy)
 * and by referrer (duration only; visits without a referrer have no row there).
 */
@Table(name = "visits")
@Family(name = "d")
@TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, keep = 0, ahead = 0)
@Index(name = "page", key = {"page", "at"})
@Index(name = "referrer", key = {"referrer", "at"}, include = {"millis"})
public record Visit(
    @RowKey(order = 0) String visitor,
    @RowKey(order = 1) Instant at,
    @Column(name = "p") String page,
    @Column(name = "r") String referrer,
    @Column(name = "m") long millis) {}
