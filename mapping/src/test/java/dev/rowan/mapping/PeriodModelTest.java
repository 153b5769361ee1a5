package dev.rowan.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeriodModelTest {

  @Table(name = "events")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, keep = 12, ahead = 2)
  record Monthly(@RowKey(order = 0) String device, @RowKey(order = 1) Instant at, @Column String type) {}

  @Table(name = "hits")
  @TablePerPeriod(property = "day", every = ChronoUnit.DAYS)
  record Daily(@RowKey(order = 0) String url, @ColumnKey(order = 0) LocalDate day, @Column long n) {}

  @Table(name = "sums")
  @TablePerPeriod(property = "day", every = ChronoUnit.YEARS)
  record Yearly(@RowKey(order = 0) LocalDate day, @Column long n) {}

  @Table(name = "bad")
  @TablePerPeriod(property = "at", every = ChronoUnit.HOURS, keep = -1)
  record NotAKeyPart(@RowKey(order = 0) String id, @Column Instant at, @Column String type) {}

  @Table(name = "bad")
  @TablePerPeriod(property = "id")
  record NotATime(@RowKey(order = 0) long id) {}

  @Table(name = "bad")
  @TablePerPeriod(property = "when")
  record NoSuchProperty(@RowKey(order = 0) Instant at) {}

  @Table(name = "bad")
  @TablePerPeriod(property = "at")
  @dev.rowan.mapping.annotation.Index(name = "byRef", key = {"ref"}, unique = true)
  @dev.rowan.mapping.annotation.Index(name = "byRefAt", key = {"ref", "at"}, unique = true)
  record UniqueAcrossPeriods(@RowKey(order = 0) String id, @RowKey(order = 1) Instant at, @Column String ref) {}

  @Test
  void aUniqueViewWhoseKeyLacksThePeriodPropertyIsRefused() {
    MappingException refused = assertThrows(MappingException.class, () -> EntityModel.of(UniqueAcrossPeriods.class));
    String message = refused.getMessage();
    assertTrue(message.contains("UniqueAcrossPeriods is @TablePerPeriod(property = \"at\") and its view 'byRef' is unique"
        + " on [ref]: each period's view tables hold that period's entities only"), message);
    assertEquals(1, refused.problems().size(), "a unique key that holds the period property is unique per time");
  }

  @Test
  void aValueNamesThePeriodItFallsInInUtc() {
    PeriodModel monthly = EntityModel.of(Monthly.class).periods();
    assertEquals(LocalDate.of(2026, 11, 1), monthly.periodOf(Instant.parse("2026-11-30T23:59:59.999Z")));
    assertEquals(LocalDate.of(2026, 12, 1), monthly.periodOf(Instant.parse("2026-12-01T00:00:00Z")));
    assertEquals(LocalDate.of(2026, 11, 24), EntityModel.of(Daily.class).periods().periodOf(LocalDate.of(2026, 11, 24)));
    assertEquals(LocalDate.of(2026, 1, 1), EntityModel.of(Yearly.class).periods().periodOf(LocalDate.of(2026, 11, 24)));
    assertEquals(12, monthly.keep());
    assertEquals(2, monthly.ahead());
    InvalidValueException nothing = assertThrows(InvalidValueException.class, () -> monthly.periodOf(null));
    assertEquals("Monthly.at: it names the table of its period and cannot be null", nothing.getMessage());
  }

  @Test
  void periodsAreOfTheYearsATableNameHoldsAndQueryBoundsBeyondThemAreTheFirstOrLast() {
    PeriodModel monthly = EntityModel.of(Monthly.class).periods();
    InvalidValueException beyond = assertThrows(InvalidValueException.class,
        () -> monthly.periodOf(Instant.parse("+10000-01-01T00:00:00Z")));
    assertEquals("Monthly.at: +10000-01-01T00:00:00Z names no period table: periods are of the years 0001 to 9999 (UTC),"
        + " which table names hold in four digits", beyond.getMessage());
    assertThrows(InvalidValueException.class, () -> monthly.periodOf(Instant.MIN));
    assertEquals(LocalDate.of(9999, 12, 1), monthly.periodOfBound(Instant.MAX));
    assertEquals(LocalDate.of(1, 1, 1), monthly.periodOfBound(Instant.MIN));
    assertEquals(LocalDate.of(9999, 12, 1), monthly.periodOfBound(Instant.parse("+10000-01-01T00:00:00Z")));
    assertEquals(LocalDate.of(2026, 11, 1), monthly.periodOfBound(Instant.parse("2026-11-24T10:00:00Z")));
    LocalDate last = LocalDate.of(9999, 12, 1);
    assertEquals(last, monthly.periodOfTable("events", monthly.tableName("events", "events", last)));
  }

  @Test
  void theLengthOfThePeriodsATableIsNamedForIsReadFromItsName() {
    assertEquals(ChronoUnit.DAYS, PeriodModel.unitOfTable("events", "events_2026_11_24"));
    assertEquals(ChronoUnit.DAYS, PeriodModel.unitOfTable("events", "events_2026_11_24.seller"));
    assertEquals(ChronoUnit.MONTHS, PeriodModel.unitOfTable("events", "events_2026_11"));
    assertEquals(ChronoUnit.YEARS, PeriodModel.unitOfTable("events", "events_2026"));
    assertNull(PeriodModel.unitOfTable("events", "events"));
    assertNull(PeriodModel.unitOfTable("events", "events_2026_13"), "no 13th month");
    assertNull(PeriodModel.unitOfTable("events", "events_log_2026"));
    assertNull(PeriodModel.unitOfTable("events", "hits_2026"));
  }

  @Test
  void eachTableOfAPeriodCarriesItsSuffixAfterTheTableName() {
    PeriodModel monthly = EntityModel.of(Monthly.class).periods();
    LocalDate november = LocalDate.of(2026, 11, 1);
    assertEquals("events_2026_11", monthly.tableName("events", "events", november));
    assertEquals("events_2026_11.seller", monthly.tableName("events", "events.seller", november));
    assertEquals("hits_2026_11_24", EntityModel.of(Daily.class).periods().tableName("hits", "hits",
        LocalDate.of(2026, 11, 24)));
    assertEquals("sums_2026", EntityModel.of(Yearly.class).periods().tableName("sums", "sums", LocalDate.of(2026, 1, 1)));
    assertThrows(IllegalArgumentException.class, () -> monthly.tableName("events", "eventsx", november));
  }

  @Test
  void aTableNameIsReadBackAsItsPeriodOnlyWhenItIsOneOfThisEntitysPeriods() {
    PeriodModel monthly = EntityModel.of(Monthly.class).periods();
    assertEquals(LocalDate.of(2026, 11, 1), monthly.periodOfTable("events", "events_2026_11"));
    assertNull(monthly.periodOfTable("events", "events_2026_11.seller"), "a view table");
    assertNull(monthly.periodOfTable("events", "events_2026_11_24"), "a day");
    assertNull(monthly.periodOfTable("events", "events_2026"), "a year");
    assertNull(monthly.periodOfTable("events", "events_2026_13"), "no such month");
    assertNull(monthly.periodOfTable("events", "events_archive"));
    assertNull(monthly.periodOfTable("events", "other_2026_11"));
    assertEquals(LocalDate.of(2024, 2, 29), EntityModel.of(Daily.class).periods().periodOfTable("hits", "hits_2024_02_29"));
    assertNull(EntityModel.of(Daily.class).periods().periodOfTable("hits", "hits_2025_02_29"));
  }

  @Test
  void periodsBetweenTwoDatesAreEveryPeriodTheyTouch() {
    PeriodModel monthly = EntityModel.of(Monthly.class).periods();
    assertEquals(List.of(LocalDate.of(2026, 11, 1), LocalDate.of(2026, 12, 1), LocalDate.of(2027, 1, 1)),
        monthly.between(LocalDate.of(2026, 11, 24), LocalDate.of(2027, 1, 2)));
    assertEquals(List.of(), monthly.between(LocalDate.of(2026, 11, 24), LocalDate.of(2026, 10, 2)));
    assertEquals("one table per month of Monthly.at (events_YYYY_MM, UTC)", monthly.describe("events"));
  }

  @Test
  void aPeriodPropertyThatIsNotATimeKeyPartIsRefusedNamingTheEntity() {
    String notKey = assertThrows(MappingException.class, () -> EntityModel.of(NotAKeyPart.class)).getMessage();
    assertTrue(notKey.contains("NotAKeyPart is @TablePerPeriod(property = \"at\"), which is not a key part"), notKey);
    assertTrue(notKey.contains("every HOURS: a period is DAYS, MONTHS or YEARS"), notKey);
    assertTrue(notKey.contains("with keep = -1 and ahead = 1: neither may be negative"), notKey);
    String notTime = assertThrows(MappingException.class, () -> EntityModel.of(NotATime.class)).getMessage();
    assertTrue(notTime.contains("NotATime is @TablePerPeriod(property = \"id\"), a long: a period is named by an"
        + " Instant or a LocalDate"), notTime);
    String missing = assertThrows(MappingException.class, () -> EntityModel.of(NoSuchProperty.class)).getMessage();
    assertTrue(missing.contains("NoSuchProperty is @TablePerPeriod(property = \"when\"), but it has no such property;"
        + " its properties are [at]"), missing);
  }
}
