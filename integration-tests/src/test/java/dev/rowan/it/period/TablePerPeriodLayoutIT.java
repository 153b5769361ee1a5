package dev.rowan.it.period;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The period of a time-period table ({@code @TablePerPeriod}) is part of its key layout: a mapping
 * that changes the length of the periods, or the key part that picks them, over stored rows is
 * reported by {@code check()} and refused by {@code create()} and {@code repository()}, naming the
 * entity and the tables, as any other change of layout.
 */
@HBaseTest
class TablePerPeriodLayoutIT {

  @Table(name = "dev_layout")
  @TablePerPeriod(property = "day", every = ChronoUnit.DAYS, ahead = 0)
  @Index(name = "kind", key = {"kind", "day"})
  record Daily(@RowKey(order = 0) String sensor, @RowKey(order = 1) LocalDate day,
      @RowKey(order = 2) LocalDate since, @Column String kind) {}

  /** {@link Daily}'s table, kept one table per month. */
  @Table(name = "dev_layout")
  @TablePerPeriod(property = "day", every = ChronoUnit.MONTHS, ahead = 0)
  @Index(name = "kind", key = {"kind", "day"})
  record Monthly(@RowKey(order = 0) String sensor, @RowKey(order = 1) LocalDate day,
      @RowKey(order = 2) LocalDate since, @Column String kind) {}

  /** {@link Daily}'s table, its periods picked by another key part. */
  @Table(name = "dev_layout")
  @TablePerPeriod(property = "since", every = ChronoUnit.DAYS, ahead = 0)
  @Index(name = "kind", key = {"kind", "day"})
  record BySince(@RowKey(order = 0) String sensor, @RowKey(order = 1) LocalDate day,
      @RowKey(order = 2) LocalDate since, @Column String kind) {}

  interface Dailies extends HBaseRepository<Daily> {}

  interface Monthlies extends HBaseRepository<Monthly> {}

  private static final LocalDate FIRST = LocalDate.of(2025, 3, 30);
  private static final LocalDate LAST = LocalDate.of(2025, 4, 1);

  @Test
  void tablesStoredPerDayAreReportedAndRefusedForAMappingKeptPerMonth(Rowan rowan, TestNamespace namespace) {
    storeThreeDays(rowan);
    String days = "6 tables, " + namespace.tableName("dev_layout_2025_03_30").getNameAsString() + " to "
        + namespace.tableName("dev_layout_2025_04_01.kind").getNameAsString() + ", are named as tables of dev_layout"
        + " kept one table per DAYS, but the mapping of Monthly keeps one table per month of Monthly.day"
        + " (dev_layout_YYYY_MM, UTC): their rows cannot be found, read or dropped with this mapping.";

    SchemaReport report = rowan.schema().check(Monthly.class);
    assertTrue(report.differences().stream().anyMatch(difference -> difference.startsWith(days)),
        report.differences().toString());

    SchemaMismatchException created = assertThrows(SchemaMismatchException.class,
        () -> rowan.schema().create(Monthly.class));
    assertTrue(created.getMessage().startsWith("The tables of Monthly do not match its mapping:\n  - " + days),
        created.getMessage());
    assertEquals(List.of(), rowan.schema().periods(Monthly.class), "no month table is made");

    SchemaMismatchException opened = assertThrows(SchemaMismatchException.class,
        () -> rowan.repository(Monthlies.class));
    assertTrue(opened.getMessage().contains(days), opened.getMessage());
    List<String> own = rowan.schema().check(Daily.class).differences();
    assertEquals(1, own.size(), own.toString());
    assertTrue(own.get(0).contains(") is missing: schema().create makes the current period and 0 ahead"),
        "the day tables still match their own mapping, which misses today's period only: " + own);
  }

  @Test
  void periodTablesPickedByAnotherKeyPartAreReportedAsAnotherLayout(Rowan rowan, TestNamespace namespace) {
    storeThreeDays(rowan);
    SchemaReport report = rowan.schema().check(BySince.class);
    String table = "Table " + namespace.tableName("dev_layout_2025_03_30").getNameAsString() + " stores keys laid out as";
    assertTrue(report.differences().stream().anyMatch(difference -> difference.startsWith(table)
        && difference.contains("one table per DAYS of day (UTC)") && difference.contains("one table per DAYS of since"
        + " (UTC)")), report.differences().toString());
  }

  private static void storeThreeDays(Rowan rowan) {
    rowan.schema().createPeriods(Daily.class, FIRST, LAST);
    rowan.repository(Dailies.class).saveAll(List.of(new Daily("s", FIRST, FIRST, "a"),
        new Daily("s", LAST, LAST, "b")));
  }
}
