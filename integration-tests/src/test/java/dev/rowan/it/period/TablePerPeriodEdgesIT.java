package dev.rowan.it.period;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Limit;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.core.Sort;
import dev.rowan.it.Reading;
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
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Where time-period tables ({@code @TablePerPeriod}) meet the rest of Rowan: the listing of
 * periods after the schema drops some, views added to an entity whose periods exist, drops that
 * died midway, the schema calls on views, orders, limits, Or groups and pages across periods
 * against hand-computed answers, page tokens, null parameters and explain.
 */
@HBaseTest
class TablePerPeriodEdgesIT {

  @Table(name = "dev_events")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, keep = 12, ahead = 1)
  record Event(@RowKey(order = 0) String deviceId, @RowKey(order = 1) @Descending Instant at, @Column String type,
      @Column long value) {}

  interface Events extends HBaseRepository<Event> {
    long countByAtBetween(Instant from, Instant to);

    List<Event> findByDeviceIdAndAtBetween(String deviceId, Instant from, Instant to, Limit limit);

    List<Event> findByDeviceIdAndAtBetween(String deviceId, Instant from, Instant to, Sort sort);

    Page<Event> findByDeviceIdAndAtBetweenOrderByAtDesc(String deviceId, Instant from, Instant to, PageRequest page);
  }

  /** The same table as {@link Typed}, before its view was declared. */
  @Table(name = "dev_log")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, ahead = 0)
  record Untyped(@RowKey(order = 0) String deviceId, @RowKey(order = 1) Instant at, @Column String type) {}

  @Table(name = "dev_log")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, ahead = 0)
  @Index(name = "type", key = {"type", "at"})
  record Typed(@RowKey(order = 0) String deviceId, @RowKey(order = 1) Instant at, @Column String type) {}

  interface Untypeds extends HBaseRepository<Untyped> {}

  interface Typeds extends HBaseRepository<Typed> {
    List<Typed> findByTypeAndAtBetween(String type, Instant from, Instant to);
  }

  interface Orders extends HBaseRepository<Event> {
    Optional<Event> findFirstByDeviceIdAndAtBetweenOrderByAtDesc(String deviceId, Instant from, Instant to);

    List<Event> findByDeviceIdAndAtBetween(String deviceId, Instant from, Instant to, Sort sort, Limit limit);

    List<Event> findTop3ByDeviceIdAndAtBeforeOrTypeAndAtAfterOrderByAtDesc(String deviceId, Instant before,
        String type, Instant after);

    Page<Event> findByDeviceIdAndAtBetweenOrTypeAndAtBetweenOrderByAtDesc(String deviceId, Instant from, Instant to,
        String type, Instant typeFrom, Instant typeTo, PageRequest page);

    long countByDeviceIdAndAtBefore(String deviceId, Instant before);

    List<Event> findByDeviceIdAndAtIn(String deviceId, List<Instant> at);

    Page<Event> findByDeviceIdAndAtAfterOrderByAtAsc(String deviceId, Instant after, PageRequest page);
  }

  private static final Instant JANUARY = Instant.parse("2025-01-10T10:00:00Z");
  private static final Instant FEBRUARY = Instant.parse("2025-02-10T10:00:00Z");

  @Test
  void aPeriodThatDropExpiredPeriodsDroppedIsNotReadByTheNextQueryOfTheSameRowan(Connection connection,
      TestNamespace namespace) {
    try (Rowan rowan = slowToListPeriods(connection, namespace)) {
      Events events = rowan.repository(Events.class);
      Instant oldTime = savedInAnExpiringPeriod(rowan, events);
      LocalDate old = LocalDate.ofInstant(oldTime, ZoneOffset.UTC);
      assertEquals(1, events.countByAtBetween(oldTime.minusSeconds(1), Instant.now()));

      assertEquals(List.of(old, old.plusMonths(1)), rowan.schema().dropExpiredPeriods(Event.class));
      // Schema.dropExpiredPeriods: "queries stop reading a dropped period at once"
      assertEquals(0, events.countByAtBetween(oldTime.minusSeconds(1), Instant.now()),
          "a dropped period is not read");
    }
  }

  @Test
  void aWriteToAPeriodThatDropExpiredPeriodsDroppedIsRefusedNamingItsMissingTable(Connection connection,
      TestNamespace namespace) {
    try (Rowan rowan = slowToListPeriods(connection, namespace)) {
      Events events = rowan.repository(Events.class);
      Instant oldTime = savedInAnExpiringPeriod(rowan, events);
      rowan.schema().dropExpiredPeriods(Event.class);
      dev.rowan.mapping.InvalidValueException refused = assertThrows(dev.rowan.mapping.InvalidValueException.class,
          () -> events.save(new Event("dev-2", oldTime, "boot", 1)));
      assertTrue(refused.getMessage().contains("which does not exist"), refused.getMessage());
    }
  }

  @Test
  void aTimeThatNoPeriodTableCanHoldIsRefusedAsAValueThatCannotBeWritten(Rowan rowan) {
    rowan.schema().createPeriods(Event.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 1, 1));
    Events events = rowan.repository(Events.class);
    dev.rowan.mapping.InvalidValueException refused = assertThrows(dev.rowan.mapping.InvalidValueException.class,
        () -> events.save(new Event("dev-1", Instant.parse("+10000-01-01T00:00:00Z"), "boot", 1)));
    assertEquals("Event.at: +10000-01-01T00:00:00Z names no period table: periods are of the years 0001 to 9999 (UTC),"
        + " which table names hold in four digits", refused.getMessage());
  }

  /**
   * A Rowan that lists the periods again only every five minutes, as a production one lists them
   * every ten seconds: the tests' own Rowan lists them every second, sooner than a drop takes.
   */
  private static Rowan slowToListPeriods(Connection connection, TestNamespace namespace) {
    return Rowan.builder(connection).namespace(namespace.name()).viewRefresh(Duration.ofMinutes(5)).build();
  }

  /**
   * Makes the periods from 13 months back to the current one and saves an event in the oldest,
   * which {@code dropExpiredPeriods} drops (keep = 12); the event's time.
   */
  private static Instant savedInAnExpiringPeriod(Rowan rowan, Events events) {
    LocalDate current = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);
    LocalDate old = current.minusMonths(13);
    rowan.schema().createPeriods(Event.class, old, current);
    Instant oldTime = old.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60);
    events.save(new Event("dev-1", oldTime, "boot", 1));
    return oldTime;
  }

  @Table(name = "dev_days")
  @TablePerPeriod(property = "day", every = ChronoUnit.DAYS, keep = 3, ahead = 0)
  record Reading(@RowKey(order = 0) String sensor, @RowKey(order = 1) LocalDate day, @RowKey(order = 2) int seq) {}

  interface Readings extends HBaseRepository<Reading> {
    Page<Reading> findByDayBetween(LocalDate from, LocalDate to, PageRequest page);

    long countByDayBetween(LocalDate from, LocalDate to);
  }

  @Test
  void aPageContinuesInTheNextPeriodLeftWhenThisRowanDropsThePeriodItEndedIn(Rowan rowan) {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    Readings readings = readingsAroundAnExpiringDay(rowan, today);
    Page<Reading> first = readings.findByDayBetween(today.minusDays(10), today.plusDays(10), PageRequest.of(2));
    assertEquals(List.of(new Reading("s", today.minusDays(5), 0), new Reading("s", today.minusDays(5), 1)),
        first.content());

    assertEquals(List.of(today.minusDays(5), today.minusDays(4), today.minusDays(3)),
        rowan.schema().dropExpiredPeriods(Reading.class));
    Page<Reading> second = readings.findByDayBetween(today.minusDays(10), today.plusDays(10), first.next());
    assertEquals(List.of(new Reading("s", today.minusDays(1), 0), new Reading("s", today, 0)), second.content());
    assertEquals(null, second.next());
  }

  @Test
  void aPageContinuesInTheNextPeriodLeftWhenAnotherRowanDropsThePeriodItEndedIn(Rowan rowan, Connection connection,
      TestNamespace namespace) {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    Readings readings = readingsAroundAnExpiringDay(rowan, today);
    Page<Reading> first = readings.findByDayBetween(today.minusDays(10), today.plusDays(10), PageRequest.of(2));
    try (Rowan other = slowToListPeriods(connection, namespace)) {
      other.schema().dropExpiredPeriods(Reading.class);
    }
    // a read that finds the dropped tables gone lists the periods again (as a refresh would, in time)
    assertEquals(2, readings.countByDayBetween(today.minusDays(10), today.plusDays(10)));
    Page<Reading> second = readings.findByDayBetween(today.minusDays(10), today.plusDays(10), first.next());
    assertEquals(List.of(new Reading("s", today.minusDays(1), 0), new Reading("s", today, 0)), second.content());
  }

  @Test
  void aPageTokenOfAPeriodTheCallCannotReadIsStillRefusedNamingTheMethod(Rowan rowan) {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    Readings readings = readingsAroundAnExpiringDay(rowan, today);
    Page<Reading> first = readings.findByDayBetween(today.minusDays(10), today.plusDays(10), PageRequest.of(2));
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> readings.findByDayBetween(today.minusDays(1), today, first.next()));
    assertEquals("Readings.findByDayBetween: the PageRequest continues in period " + today.minusDays(5) + ", which this"
        + " call does not read (its arguments differ from those of the call that made it)", refused.getMessage());
  }

  /**
   * Makes the periods from five days back to today and saves three readings five days back, one
   * four days back (both dropped by {@code dropExpiredPeriods}, keep = 3), one yesterday and one
   * today.
   */
  private static Readings readingsAroundAnExpiringDay(Rowan rowan, LocalDate today) {
    rowan.schema().createPeriods(Reading.class, today.minusDays(5), today);
    Readings readings = rowan.repository(Readings.class);
    readings.saveAll(List.of(new Reading("s", today.minusDays(5), 0), new Reading("s", today.minusDays(5), 1),
        new Reading("s", today.minusDays(5), 2), new Reading("s", today.minusDays(4), 0),
        new Reading("s", today.minusDays(1), 0), new Reading("s", today, 0)));
    return readings;
  }

  @Test
  void aViewAddedToAnEntityIsBuildingInThePeriodsThatExistWhichAnswerFromTheirMainTablesUntilItIsBuilt(Rowan rowan) {
    rowan.schema().create(Untyped.class); // the current period, without the view
    Instant now = Instant.now();
    rowan.repository(Untypeds.class).save(new Untyped("dev-1", now, "boot"));
    LocalDate current = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);

    rowan.schema().create(Typed.class);
    rowan.schema().createPeriods(Typed.class, current.plusMonths(1), current.plusMonths(1));

    assertEquals(java.util.Set.of("type"), rowan.schema().buildingViews(Typed.class));
    String currentView = rowan.tableName(String.format("dev_log_%d_%02d.type", current.getYear(),
        current.getMonthValue())).getNameAsString();
    assertEquals(List.of("Table " + currentView + " is a view of Typed that is still building: queries do not read it"
        + " until RebuildViews has filled it and made it active."), rowan.schema().check(Typed.class).differences());
    Typeds typeds = rowan.repository(Typeds.class);
    Instant next = current.plusMonths(1).atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(5);
    typeds.save(new Typed("dev-2", next, "boot"));
    typeds.save(new Typed("dev-1", now, "boot")); // written in the current period, to its building view too
    assertEquals(List.of(new Typed("dev-1", now, "boot"), new Typed("dev-2", next, "boot")),
        typeds.findByTypeAndAtBetween("boot", now.minusSeconds(1), next.plusSeconds(1)),
        "the current period read through its main table, the next through its view");
  }

  @Test
  void aViewTableLeftWithoutItsMainTableIsRefusedByCreate(Rowan rowan, Admin admin, TestNamespace namespace)
      throws Exception {
    rowan.schema().createPeriods(Typed.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 1, 1));
    rowan.repository(Typeds.class).save(new Typed("dev-1", JANUARY, "boot"));
    admin.disableTable(namespace.tableName("dev_log_2025_01")); // the main table gone, by hand or an old drop
    admin.deleteTable(namespace.tableName("dev_log_2025_01"));
    String refused = assertThrows(dev.rowan.core.SchemaMismatchException.class,
        () -> rowan.schema().createPeriods(Typed.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 1, 1)))
        .getMessage();
    assertTrue(refused.contains("Table " + namespace.name() + ":dev_log_2025_01.type, a view of Typed, exists but its"
        + " main table " + namespace.name() + ":dev_log_2025_01 does not"), refused);
  }

  @Test
  void aDropOfAPeriodEntityThatDiedAfterAMainTableDropsThatPeriodsViewsWhenRunAgain(Rowan rowan, Admin admin,
      TestNamespace namespace) throws Exception {
    rowan.schema().createPeriods(Typed.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 1, 1));
    rowan.repository(Typeds.class).save(new Typed("dev-1", JANUARY, "boot"));
    // a drop that died after the main table and before the view (by hand, or a drop that took the main table first)
    admin.disableTable(namespace.tableName("dev_log_2025_01"));
    admin.deleteTable(namespace.tableName("dev_log_2025_01"));
    rowan.schema().drop(Typed.class); // run again, as after any failed drop
    assertTrue(!admin.tableExists(namespace.tableName("dev_log_2025_01.type")),
        "schema().drop leaves the view table of a period whose main table went first");
  }

  @Test
  void aPeriodMadeAgainAfterAnInterruptedDropDoesNotAnswerFromItsOldViewRows(Rowan rowan, Admin admin,
      TestNamespace namespace) throws Exception {
    rowan.schema().createPeriods(Typed.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 1, 1));
    rowan.repository(Typeds.class).save(new Typed("dev-1", JANUARY, "boot"));
    admin.disableTable(namespace.tableName("dev_log_2025_01"));
    admin.deleteTable(namespace.tableName("dev_log_2025_01"));
    rowan.schema().drop(Typed.class);
    rowan.schema().createPeriods(Typed.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 1, 1));
    try (Rowan fresh = Rowan.builder(admin.getConnection()).namespace(namespace.name()).build()) {
      assertEquals(List.of(), fresh.repository(Typeds.class).findByTypeAndAtBetween("boot", JANUARY.minusSeconds(1),
          JANUARY.plusSeconds(1)), "the period's main table is new and empty");
    }
  }

  @Test
  void ordersLimitsOrGroupsPagesAndBoundsAcrossPeriodsAnswerAsASingleTableWould(Rowan rowan) {
    rowan.schema().createPeriods(Event.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 4, 1));
    Orders events = rowan.repository(Orders.class);
    Event jan10 = new Event("d1", Instant.parse("2025-01-10T00:00:00Z"), "boot", 1);
    Event jan20 = new Event("d1", Instant.parse("2025-01-20T00:00:00Z"), "alarm", 2);
    Event feb05 = new Event("d1", Instant.parse("2025-02-05T00:00:00Z"), "boot", 3);
    Event feb28 = new Event("d1", Instant.parse("2025-02-28T23:59:59.999Z"), "alarm", 4);
    Event mar01 = new Event("d1", Instant.parse("2025-03-01T00:00:00Z"), "boot", 5);
    Event mar15 = new Event("d1", Instant.parse("2025-03-15T00:00:00Z"), "alarm", 6);
    Event other = new Event("d2", Instant.parse("2025-02-10T00:00:00Z"), "alarm", 7);
    events.saveAll(List.of(jan10, jan20, feb05, feb28, mar01, mar15, other));
    Instant from = Instant.parse("2025-01-01T00:00:00Z");
    Instant to = Instant.parse("2025-04-30T00:00:00Z");

    assertEquals(Optional.of(mar15), events.findFirstByDeviceIdAndAtBetweenOrderByAtDesc("d1", from, to));
    assertEquals(List.of(mar15, mar01, feb28),
        events.findByDeviceIdAndAtBetween("d1", from, to, Sort.by("at").descending(), Limit.of(3)));
    assertEquals(List.of(mar15, feb28, other), events.findTop3ByDeviceIdAndAtBeforeOrTypeAndAtAfterOrderByAtDesc(
        "d1", Instant.parse("2025-01-15T00:00:00Z"), "alarm", Instant.parse("2025-02-01T00:00:00Z")));
    assertEquals(4, events.countByDeviceIdAndAtBefore("d1", mar01.at()), "Before is exclusive");
    assertEquals(List.of(jan10, mar01), events.findByDeviceIdAndAtIn("d1", List.of(mar01.at(), jan10.at())));

    List<Event> paged = new java.util.ArrayList<>();
    PageRequest request = PageRequest.of(2);
    List<Integer> sizes = new java.util.ArrayList<>();
    do {
      Page<Event> page = events.findByDeviceIdAndAtBetweenOrTypeAndAtBetweenOrderByAtDesc("d1", from, to, "alarm",
          from, to, request);
      paged.addAll(page.content());
      sizes.add(page.content().size());
      request = page.next();
    } while (request != null && sizes.size() < 10);
    assertEquals(List.of(mar15, mar01, feb28, other, feb05, jan20, jan10), paged, "pages " + sizes);

    List<Event> ascending = new java.util.ArrayList<>();
    request = PageRequest.of(2);
    int pages = 0;
    do {
      Page<Event> page = events.findByDeviceIdAndAtAfterOrderByAtAsc("d1", from, request);
      ascending.addAll(page.content());
      request = page.next();
    } while (request != null && ++pages < 10);
    assertEquals(List.of(jan10, jan20, feb05, feb28, mar01, mar15), ascending);
  }

  @Test
  void schemaCallsOnViewsWorkOnEveryPeriodAndRecordLayoutRecordsEachPeriod(Rowan rowan) {
    rowan.schema().create(Event.class);
    rowan.schema().recordLayout(Event.class); // every period records it already: nothing to do, nothing refused
    assertEquals(java.util.Set.of(), rowan.schema().activateViews(Event.class), "Event declares no view");
    rowan.schema().awaitBuildingViewsKnown(Event.class); // none building: no wait
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
        () -> rowan.schema().dropView(Event.class, "type"));
    assertTrue(refused.getMessage().startsWith("cannot drop view 'type' of Event: no period has its table (one table"
        + " per month of Event.at"), refused.getMessage());
    assertTrue(rowan.schema().check(Event.class).matches());
  }

  @Test
  void aPageTokenOfAnotherMethodIsRefusedNamingTheMethod(Rowan rowan) {
    rowan.schema().createPeriods(Event.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 2, 1));
    Events events = rowan.repository(Events.class);
    byte[] foreign = new byte[24];
    Arrays.fill(foreign, (byte) 0x7f);
    RuntimeException refused = assertThrows(RuntimeException.class, () -> events
        .findByDeviceIdAndAtBetweenOrderByAtDesc("dev-1", JANUARY, FEBRUARY, new PageRequest(5, foreign)));
    assertTrue(refused instanceof IllegalArgumentException && refused.getMessage().equals(
        "Events.findByDeviceIdAndAtBetweenOrderByAtDesc: the PageRequest's continuation was not made by this method,"
        + " or was changed; continue with the PageRequest that Page.next() returned"),
        refused.getClass().getName() + ": " + refused.getMessage());
  }

  @Test
  void aNullLimitOrSortIsRefusedEvenWhenNoPeriodIsRead(Rowan rowan) {
    rowan.schema().createPeriods(Event.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 2, 1));
    Events events = rowan.repository(Events.class);
    Instant from = Instant.parse("2030-01-01T00:00:00Z"); // no period's tables
    Instant to = Instant.parse("2030-02-01T00:00:00Z");
    // a single table's method refuses both: "the Limit is null; pass Limit.unlimited() for no limit"
    assertThrows(IllegalArgumentException.class,
        () -> events.findByDeviceIdAndAtBetween("dev-1", JANUARY, FEBRUARY, (Limit) null), "periods read");
    assertEquals("Events.findByDeviceIdAndAtBetween: the Limit is null; pass Limit.unlimited() for no limit",
        assertThrows(IllegalArgumentException.class,
            () -> events.findByDeviceIdAndAtBetween("dev-1", from, to, (Limit) null), "no period read").getMessage());
    assertEquals("Events.findByDeviceIdAndAtBetween: the Sort is null; pass Sort.unsorted() for the method's own order",
        assertThrows(IllegalArgumentException.class,
            () -> events.findByDeviceIdAndAtBetween("dev-1", from, to, (Sort) null), "no period read").getMessage());
    String order = assertThrows(IllegalArgumentException.class, () -> events.findByDeviceIdAndAtBetween("dev-1",
        JANUARY, FEBRUARY, Sort.by("value"))).getMessage();
    assertTrue(order.startsWith("Events.findByDeviceIdAndAtBetween: the Sort orders by value, but Event.at names the"
        + " period table of each entity, and the periods are read one after another: sort by at first (Sort.by(\"at\"),"
        + " then value)"), order);
  }

  interface Explained extends HBaseRepository<Event> {
    List<Event> findByDeviceIdAndAtBetween(String deviceId, Instant from, Instant to, Sort sort, Limit limit);
  }

  @Test
  void explainOfAPeriodMethodTellsOfItsLimitAndSortParameters(Rowan rowan) {
    rowan.schema().createPeriods(Event.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 2, 1));
    String plan = rowan.repository(Explained.class).explain("findByDeviceIdAndAtBetween");
    assertTrue(plan.contains("  order: from the Sort parameter, at each call"), plan);
    assertTrue(plan.contains("  limit: from the Limit parameter, at each call"), plan);
    assertTrue(plan.contains("one after another, in the order of the call's Sort (newest first when it sorts by at"
        + " descending; the method's own: oldest first)"), plan);
    assertTrue(plan.endsWith("existing now: 2 periods, dev_events_2025_01 to dev_events_2025_02\n"), plan);
  }
}
