package dev.rowan.mapreduce;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.UUID;

/** An entity without views, with a composite fixed-width key and a column of every text-readable type. */
@Table(name = "readings")
@Family(name = "r")
record Reading(
    @RowKey(order = 0) @FixedLength(8) String sensor,
    @RowKey(order = 1) long seq,
    @Column(name = "l") int level,
    @Column(name = "c") Long count,
    @Column(name = "v") double value,
    @Column(name = "o") boolean ok,
    @Column(name = "p") BigDecimal price,
    @Column(name = "t") Instant at,
    @Column(name = "d") LocalDate day,
    @Column(name = "lt") LocalDateTime local,
    @Column(name = "u") UUID id,
    @Column(name = "k") Kind kind,
    @Column(name = "s") short small,
    @Column(name = "n") String note) {

  enum Kind { TEMPERATURE, PRESSURE, HUMIDITY }
}
