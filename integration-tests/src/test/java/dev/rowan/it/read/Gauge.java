package dev.rowan.it.read;

import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * A reading of every column type a filter may test, seen by site through a full-copy view: the
 * conditions on its columns are residual on both the main table and the view.
 */
@Table(name = "gauges")
@Family(name = "d")
@Index(name = "site", key = {"site"}, format = Index.Format.COLUMNS) // filtered on the region servers
record Gauge(
    @RowKey String id,
    String site,
    Long delta,
    Integer level,
    Short small,
    Byte tiny,
    Character letter,
    Instant seenAt,
    LocalDate day,
    LocalDateTime time,
    String label,
    BigDecimal amount,
    Double ratio,
    Kind kind) {

  enum Kind { HOT, WARM, COLD }
}
