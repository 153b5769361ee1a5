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
import java.util.Random;
import java.util.UUID;

/** An entity without views, with a composite fixed-width key and a column of every text-readable type. */
@Table(name = "readings")
@Family(name = "r")
public record Reading(
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

  public enum Kind { TEMPERATURE, PRESSURE, HUMIDITY }

  /** A reading with random values, a quarter of them with every nullable column null. */
  public static Reading random(Random random, int i) {
    boolean nulls = random.nextInt(4) == 0;
    return new Reading("s" + random.nextInt(1000), i, random.nextInt() / 2, nulls ? null : random.nextLong(),
        random.nextDouble() * 1000 - 500, random.nextBoolean(),
        nulls ? null : BigDecimal.valueOf(random.nextLong() % 1_000_000_000L, random.nextInt(6)),
        Instant.ofEpochSecond(1_600_000_000L + random.nextInt(100_000_000), random.nextInt(1_000_000_000)),
        nulls ? null : LocalDate.ofEpochDay(random.nextInt(40_000) - 20_000),
        LocalDateTime.of(2000 + random.nextInt(50), 1 + random.nextInt(12), 1 + random.nextInt(28),
            random.nextInt(24), random.nextInt(60), random.nextInt(60), random.nextInt(1_000_000_000)),
        nulls ? null : new UUID(random.nextLong(), random.nextLong()),
        Reading.Kind.values()[random.nextInt(3)], (short) (random.nextInt(65536) - 32768),
        nulls ? null : "note \u00e9\u4e2d " + random.nextInt(100));
  }
}
