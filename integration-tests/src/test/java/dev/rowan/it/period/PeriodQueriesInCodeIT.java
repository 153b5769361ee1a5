package dev.rowan.it.period;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.EntityQuery;
import dev.rowan.core.EntityViews;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.core.Sort;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Queries asked in code ({@code rowan.query}) and views read by name ({@code rowan.views}) of an
 * entity kept in one table per month, over four months of tables: their answers equal those of
 * the equivalent repository methods, and they are refused as those methods are when they would
 * read every period or order by another property first.
 */
@HBaseTest
class PeriodQueriesInCodeIT {

  @Table(name = "code_events")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, keep = 12, ahead = 0)
  @Index(name = "type", key = {"type", "at"})
  record Event(@RowKey(order = 0) String deviceId, @RowKey(order = 1) @Descending Instant at, @Column String type,
      @Column long value) {}

  interface Events extends HBaseRepository<Event> {
    List<Event> findByDeviceIdAndAtBetween(String deviceId, Instant from, Instant to);

    List<Event> findByDeviceIdAndAtBetweenOrderByAtDesc(String deviceId, Instant from, Instant to);

    List<Event> findTop3ByDeviceIdAndAtBetweenOrderByAtDesc(String deviceId, Instant from, Instant to);

    List<Event> findByTypeAndAtBetween(String type, Instant from, Instant to);

    long countByAtBetween(Instant from, Instant to);

    long countByTypeAndAtBetween(String type, Instant from, Instant to);
  }

  private static final LocalDate JANUARY = LocalDate.of(2025, 1, 1);
  private static final Instant FROM = Instant.parse("2025-01-15T00:00:00Z");
  private static final Instant TO = Instant.parse("2025-03-20T00:00:00Z");
  private static final Instant EVER = Instant.parse("2000-01-01T00:00:00Z");
  private static final Instant NEVER = Instant.parse("2100-01-01T00:00:00Z");

  /** The namespace of the class, whose tables and events every test reads and none writes. */
  private static TestNamespace tables;
  private static List<Event> all;
  /** A Rowan of the test's own, which has listed no period yet, over the class's tables. */
  private Rowan rowan;

  @BeforeAll
  static void saveTheEventsOnce(Rowan classRowan, TestNamespace namespace) {
    tables = namespace;
    all = saved(classRowan);
  }

  @BeforeEach
  void openAFreshRowan(Connection connection) {
    rowan = Rowan.builder(connection).namespace(tables.name()).viewRefresh(Duration.ofSeconds(1)).build();
  }

  @AfterEach
  void closeIt() {
    rowan.close();
  }

  /** Four months of tables, and three events a device and month of each device, of alternating types. */
  private static List<Event> saved(Rowan rowan) {
    rowan.schema().createPeriods(Event.class, JANUARY, JANUARY.plusMonths(3));
    List<Event> all = new ArrayList<>();
    int n = 0;
    for (int month = 0; month < 4; month++) {
      for (String device : List.of("d1", "d2")) {
        for (int day : new int[] {5, 16, 25}) {
          Instant at = JANUARY.plusMonths(month).withDayOfMonth(day).atTime(10, n % 60).toInstant(java.time.ZoneOffset.UTC);
          all.add(new Event(device, at, n % 2 == 0 ? "alarm" : "boot", n++));
        }
      }
    }
    rowan.repository(Events.class).saveAll(all);
    return all;
  }

  private static boolean within(Event event, Instant from, Instant to) {
    return !event.at().isBefore(from) && !event.at().isAfter(to);
  }

  @Test
  void listsAndCountsAcrossPeriodsEqualThoseOfTheRepositoryMethods() {
    Events events = rowan.repository(Events.class);
    EntityQuery<Event> d1 = rowan.query(Event.class).where("deviceId", "d1").whereBetween("at", FROM, TO);

    List<Event> expected = events.findByDeviceIdAndAtBetween("d1", FROM, TO);
    assertEquals(7, expected.size(), "d1 has 7 events from January 15 to March 20: " + expected);
    assertEquals(expected, d1.list());
    assertEquals(expected, d1.stream().toList());
    assertEquals(7, d1.count());

    List<Event> newestFirst = all.stream().filter(e -> e.deviceId().equals("d1") && within(e, FROM, TO))
        .sorted(Comparator.comparing(Event::at).reversed()).toList();
    EntityQuery<Event> descending = d1.orderBy(Sort.by("at").descending());
    assertEquals(newestFirst, events.findByDeviceIdAndAtBetweenOrderByAtDesc("d1", FROM, TO));
    assertEquals(newestFirst, descending.list());
    assertEquals(newestFirst.subList(0, 3), descending.limit(3).list());
    assertEquals(events.findTop3ByDeviceIdAndAtBetweenOrderByAtDesc("d1", FROM, TO), descending.limit(3).list());
    assertEquals(Optional.of(newestFirst.get(0)), descending.first());
    assertEquals(3, d1.limit(3).count(), "a limit caps the count across periods");

    long inRange = all.stream().filter(e -> within(e, FROM, TO)).count();
    assertEquals(events.countByAtBetween(FROM, TO), inRange);
    assertEquals(inRange, rowan.query(Event.class).whereBetween("at", FROM, TO).count());
  }

  @Test
  void aQueryOnTheViewWithAConditionOnItsFirstKeyPropertyAnswersAsTheViewMethod() {
    Events events = rowan.repository(Events.class);
    EntityQuery<Event> alarms = rowan.query(Event.class).on("type").where("type", "alarm").whereBetween("at", FROM, TO);

    List<Event> expected = events.findByTypeAndAtBetween("alarm", FROM, TO);
    assertEquals(all.stream().filter(e -> e.type().equals("alarm") && within(e, FROM, TO)).count(), expected.size());
    assertEquals(expected, alarms.list());
    assertEquals(events.countByTypeAndAtBetween("alarm", FROM, TO), alarms.count());
    assertTrue(alarms.explain().contains("this query reads 3 periods, code_events_2025_01 to code_events_2025_03"),
        alarms.explain());
  }

  @Test
  void aQueryThatDoesNotBoundThePeriodIsRefusedUnlessItAllowsAScan() {
    EntityQuery<Event> d1 = rowan.query(Event.class).where("deviceId", "d1");

    QueryMethodException refused = assertThrows(QueryMethodException.class, d1::list);
    assertTrue(refused.getMessage().startsWith("rowan.query(Event) would read every period table of one table per"
        + " month of Event.at"), refused.getMessage());
    assertTrue(refused.getMessage().endsWith("or call allowScan() to read every period."), refused.getMessage());
    assertThrows(QueryMethodException.class, d1::count);

    List<Event> oldestPeriodFirst = rowan.repository(Events.class).findByDeviceIdAndAtBetween("d1", EVER, NEVER);
    assertEquals(all.stream().filter(e -> e.deviceId().equals("d1")).count(), oldestPeriodFirst.size());
    assertEquals(oldestPeriodFirst, d1.allowScan().list());
  }

  @Test
  void aQueryOrderedByAnotherPropertyThanThePeriodsFirstIsRefused() {
    EntityQuery<Event> byValue = rowan.query(Event.class).where("deviceId", "d1").whereBetween("at", FROM, TO)
        .orderBy(Sort.by("value"));

    QueryMethodException refused = assertThrows(QueryMethodException.class, byValue::list);
    assertTrue(refused.getMessage().startsWith("rowan.query(Event) orders by value, but Event.at names the period"
        + " table of each entity"), refused.getMessage());
    assertTrue(refused.getMessage().endsWith("sort by at first (Sort.by(\"at\"), then value)"), refused.getMessage());
  }

  @Test
  void viewsByNameReadEveryPeriodAndNameTheirTablesPerPeriod() {
    EntityViews<Event> views = rowan.views(Event.class);

    assertEquals(List.of("type"), views.names());
    List<Event> alarms = views.find("type", "alarm");
    assertEquals(rowan.repository(Events.class).findByTypeAndAtBetween("alarm", EVER, NEVER), alarms);
    assertEquals(12, alarms.size(), "three alarms a month: " + alarms);
    assertEquals(24, views.find("type").size());

    List<String> tables = views.tables("type").stream().map(TableName::getQualifierAsString).toList();
    assertEquals(List.of("code_events_2025_01.type", "code_events_2025_02.type", "code_events_2025_03.type",
        "code_events_2025_04.type"), tables);
    IllegalStateException noSingleTable = assertThrows(IllegalStateException.class, () -> views.table("type"));
    assertTrue(noSingleTable.getMessage().startsWith("Event is kept in one table per period (@TablePerPeriod): view"
        + " type has a table per period (code_events_YYYY_MM.type), not one; tables(\"type\") lists those that"
        + " exist: ["), noSingleTable.getMessage());
    assertThrows(IllegalArgumentException.class, () -> views.find("seller", "s1"));
  }
}
