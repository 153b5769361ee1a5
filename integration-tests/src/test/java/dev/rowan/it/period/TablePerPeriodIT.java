package dev.rowan.it.period;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Admin;
import org.junit.jupiter.api.Test;

/**
 * Entities kept in one table per period ({@code @TablePerPeriod}) against HBase: random saves,
 * re-saves and deletes over six months of tables, every query compared with an in-memory oracle
 * (seed printed; replay with {@code -Drowan.seed}), through the main tables and the views of each
 * period, as lists, streams, pages, counts and single results; a wide entity by year; the schema's
 * periods ahead and retention; refusals of unbounded queries, of orders the periods cannot serve
 * and of writes to periods without tables; and explain.
 */
@HBaseTest
class TablePerPeriodIT {

  /** The worked example of docs/row-keys.md: a device's events, one table per month. */
  @Table(name = "device_events")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, keep = 12, ahead = 1)
  @Index(name = "type", key = {"type", "at"}) // per period: device_events_2026_11.type
  record DeviceEvent(
      @RowKey(order = 0) String deviceId,
      @RowKey(order = 1) @Descending Instant at,
      @Column String type,
      @Column long value) {}

  interface DeviceEvents extends HBaseRepository<DeviceEvent> {
    List<DeviceEvent> findByDeviceIdAndAtBetweenOrderByAtDesc(String deviceId, Instant from, Instant to);

    Page<DeviceEvent> findByDeviceIdAndAtBetweenOrderByAtDesc(String deviceId, Instant from, Instant to,
        PageRequest page);

    List<DeviceEvent> findByTypeAndAtBetween(String type, Instant from, Instant to);

    List<DeviceEvent> findTop5ByTypeAndAtAfterOrderByAtDesc(String type, Instant after);

    Stream<DeviceEvent> streamByDeviceIdAndAtBefore(String deviceId, Instant before);

    long countByAtBetween(Instant from, Instant to);

    boolean existsByTypeAndAtBetween(String type, Instant from, Instant to);

    Optional<DeviceEvent> findByDeviceIdAndAt(String deviceId, Instant at);

    long deleteByDeviceIdAndAtBetween(String deviceId, Instant from, Instant to);

    @AllowScan
    long countByType(String type);

    boolean updateTypeByDeviceIdAndAt(String type, String deviceId, Instant at);

    long addToValueByDeviceIdAndAt(long add, String deviceId, Instant at);
  }

  /** Wide and salted, without views: the shapes the first entity does not take. */
  @Table(name = "meter_readings", salt = @Salt(buckets = 3))
  @TablePerPeriod(property = "day", every = ChronoUnit.YEARS, keep = 2, ahead = 0)
  record MeterReading(
      @RowKey(order = 0) String meter,
      @RowKey(order = 1) LocalDate day,
      @ColumnKey(order = 0) int hour,
      @Column double kwh) {}

  interface MeterReadings extends HBaseRepository<MeterReading> {
    List<MeterReading> findByMeterAndDayBetween(String meter, LocalDate from, LocalDate to);

    List<MeterReading> findByMeterAndDayIn(String meter, List<LocalDate> days);

    long countByMeterAndDayAfter(String meter, LocalDate after);
  }

  interface Unbounded extends HBaseRepository<DeviceEvent> {
    List<DeviceEvent> findByDeviceId(String deviceId);

    List<DeviceEvent> findByTypeAndAtAfterOrTypeOrderByAtDesc(String type, Instant after, String other);

    List<DeviceEvent> findByDeviceIdAndAtAfterOrderByValue(String deviceId, Instant after);
  }

  private static final LocalDate FIRST = LocalDate.of(2025, 1, 1);
  private static final int MONTHS = 6;
  private static final List<String> DEVICES = List.of("dev-1", "dev-2", "dev-3", "dev-4");
  private static final List<String> TYPES = List.of("boot", "alarm", "reading");

  @Test
  void queriesAcrossMonthsAnswerAsTheOracleWhileEventsAreSavedChangedAndDeleted(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("TablePerPeriodIT seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
    Random random = new Random(seed);
    rowan.schema().createPeriods(DeviceEvent.class, FIRST, FIRST.plusMonths(MONTHS - 1));
    DeviceEvents events = rowan.repository(DeviceEvents.class);
    Map<String, DeviceEvent> oracle = new TreeMap<>();
    List<DeviceEvent> batch = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      batch.add(randomEvent(random));
    }
    events.saveAll(batch);
    batch.forEach(e -> oracle.put(key(e), e));
    int ops = Integer.getInteger("rowan.model.ops", 400);
    for (int op = 0; op < ops; op++) {
      List<DeviceEvent> stored = new ArrayList<>(oracle.values());
      DeviceEvent some = stored.get(random.nextInt(stored.size()));
      switch (random.nextInt(5)) {
        case 0 -> {
          DeviceEvent event = randomEvent(random);
          events.save(event);
          oracle.put(key(event), event);
        }
        case 1 -> { // changes the type, which moves the event in its period's view
          DeviceEvent changed = new DeviceEvent(some.deviceId(), some.at(), TYPES.get(random.nextInt(TYPES.size())),
              random.nextInt(100));
          events.save(changed);
          oracle.put(key(changed), changed);
        }
        case 2 -> {
          events.delete(some);
          oracle.remove(key(some));
        }
        case 3 -> {
          events.deleteByKey(some.deviceId(), some.at());
          oracle.remove(key(some));
          events.save(some); // deleted and saved again, as the same event, within the millisecond
          oracle.put(key(some), some);
        }
        default -> assertEquals(Optional.of(some), events.findByKey(some.deviceId(), some.at()), "seed " + seed);
      }
      if (op % 40 == 0) {
        checkQueries(events, new ArrayList<>(oracle.values()), random, seed);
      }
    }
    checkQueries(events, new ArrayList<>(oracle.values()), random, seed);
    Instant[] range = randomRange(random);
    String device = DEVICES.get(random.nextInt(DEVICES.size()));
    long deleted = oracle.values().stream().filter(e -> e.deviceId().equals(device) && within(e, range[0], range[1]))
        .count();
    assertEquals(deleted, events.deleteByDeviceIdAndAtBetween(device, range[0], range[1]), "seed " + seed);
    oracle.values().removeIf(e -> e.deviceId().equals(device) && within(e, range[0], range[1]));
    checkQueries(events, new ArrayList<>(oracle.values()), random, seed);
    assertEquals(oracle.size(), events.scanAll().count(), "scanAll reads every period, seed " + seed);
    assertEquals(oracle.values().stream().filter(e -> e.type().equals("alarm")).count(), events.countByType("alarm"));
  }

  private static void checkQueries(DeviceEvents events, List<DeviceEvent> all, Random random, long seed) {
    for (int i = 0; i < 6; i++) {
      Instant[] range = randomRange(random);
      Instant from = range[0];
      Instant to = range[1];
      String device = DEVICES.get(random.nextInt(DEVICES.size()));
      String type = TYPES.get(random.nextInt(TYPES.size()));
      String call = " from " + from + " to " + to + ", seed " + seed;
      List<DeviceEvent> byDevice = all.stream().filter(e -> e.deviceId().equals(device) && within(e, from, to))
          .sorted(Comparator.comparing(DeviceEvent::at).reversed()).toList();
      assertEquals(byDevice, events.findByDeviceIdAndAtBetweenOrderByAtDesc(device, from, to), device + call);
      List<DeviceEvent> paged = new ArrayList<>();
      PageRequest request = PageRequest.of(1 + random.nextInt(7));
      do {
        Page<DeviceEvent> page = events.findByDeviceIdAndAtBetweenOrderByAtDesc(device, from, to, request);
        assertFalse(page.content().isEmpty() && paged.size() < byDevice.size() && page.content().size()
            < request.size() && page.hasNext(), "a page that is not full has no next" + call);
        paged.addAll(page.content());
        request = page.next();
      } while (request != null);
      assertEquals(byDevice, paged, "pages of " + device + call);

      List<DeviceEvent> byType = all.stream().filter(e -> e.type().equals(type) && within(e, from, to)).toList();
      List<DeviceEvent> found = events.findByTypeAndAtBetween(type, from, to);
      assertEquals(new HashSet<>(byType), new HashSet<>(found), type + " through the views" + call);
      assertEquals(byType.size(), found.size(), "each once" + call);
      assertEquals(!byType.isEmpty(), events.existsByTypeAndAtBetween(type, from, to), call);
      assertTrue(isMonthByMonth(found), "period after period, oldest first" + call);

      List<Instant> latest = all.stream().filter(e -> e.type().equals(type) && e.at().isAfter(from))
          .map(DeviceEvent::at).sorted(Comparator.reverseOrder()).limit(5).toList();
      assertEquals(latest, events.findTop5ByTypeAndAtAfterOrderByAtDesc(type, from).stream().map(DeviceEvent::at)
          .toList(), "the latest 5 " + type + call);

      assertEquals(all.stream().filter(e -> within(e, from, to)).count(), events.countByAtBetween(from, to), call);

      List<DeviceEvent> before = all.stream().filter(e -> e.deviceId().equals(device) && e.at().isBefore(to))
          .sorted(Comparator.comparing(TablePerPeriodIT::month).thenComparing(DeviceEvent::at, Comparator.reverseOrder()))
          .toList();
      try (Stream<DeviceEvent> stream = events.streamByDeviceIdAndAtBefore(device, to)) {
        assertEquals(before, stream.toList(), "months oldest first, each newest first (the key's order)" + call);
      }
      try (Stream<DeviceEvent> stream = events.streamByDeviceIdAndAtBefore(device, to)) {
        assertEquals(before.stream().limit(2).toList(), stream.limit(2).toList(), call);
      }
      if (!byDevice.isEmpty()) {
        DeviceEvent one = byDevice.get(random.nextInt(byDevice.size()));
        assertEquals(Optional.of(one), events.findByDeviceIdAndAt(one.deviceId(), one.at()), call);
      }
    }
  }

  @Test
  void wideEntitiesOfEachYearAreReadAcrossYearsAsTheOracleSays(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("TablePerPeriodIT wide seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
    Random random = new Random(seed);
    rowan.schema().createPeriods(MeterReading.class, LocalDate.of(2023, 6, 1), LocalDate.of(2025, 6, 1));
    assertEquals(List.of(LocalDate.of(2023, 1, 1), LocalDate.of(2024, 1, 1), LocalDate.of(2025, 1, 1)),
        rowan.schema().periods(MeterReading.class));
    MeterReadings readings = rowan.repository(MeterReadings.class);
    Map<String, MeterReading> oracle = new TreeMap<>();
    for (int op = 0; op < 600; op++) {
      MeterReading reading = new MeterReading("m" + random.nextInt(3),
          LocalDate.of(2023, 1, 1).plusDays(random.nextInt(3 * 365)), random.nextInt(4), random.nextInt(50));
      String key = reading.meter() + "/" + reading.day() + "/" + reading.hour();
      if (random.nextInt(4) == 0 && oracle.containsKey(key)) {
        readings.deleteByKey(reading.meter(), reading.day(), reading.hour());
        oracle.remove(key);
      } else {
        readings.save(reading);
        oracle.put(key, reading);
      }
    }
    Comparator<MeterReading> keyOrder = Comparator.comparing(MeterReading::day).thenComparing(MeterReading::hour);
    for (int i = 0; i < 30; i++) {
      String meter = "m" + random.nextInt(3);
      LocalDate from = LocalDate.of(2023, 1, 1).plusDays(random.nextInt(3 * 365));
      LocalDate to = from.plusDays(random.nextInt(500));
      assertEquals(oracle.values().stream().filter(r -> r.meter().equals(meter) && !r.day().isBefore(from)
          && !r.day().isAfter(to)).sorted(keyOrder).toList(), readings.findByMeterAndDayBetween(meter, from, to),
          meter + " " + from + " to " + to + ", seed " + seed);
      List<LocalDate> days = List.of(from, to, from.plusDays(400));
      assertEquals(oracle.values().stream().filter(r -> r.meter().equals(meter) && days.contains(r.day()))
          .sorted(keyOrder).toList(), readings.findByMeterAndDayIn(meter, days), "In " + days + ", seed " + seed);
      assertEquals(oracle.values().stream().filter(r -> r.meter().equals(meter) && r.day().isAfter(from)).count(),
          readings.countByMeterAndDayAfter(meter, from), "seed " + seed);
    }
  }

  @Test
  void schemaCreatesTheCurrentPeriodAndThoseAheadAndDropsThoseOlderThanItKeeps(Rowan rowan, Admin admin,
      TestNamespace namespace) throws Exception {
    rowan.schema().create(DeviceEvent.class);
    LocalDate current = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);
    assertEquals(List.of(current, current.plusMonths(1)), rowan.schema().periods(DeviceEvent.class));
    String name = String.format("device_events_%04d_%02d", current.getYear(), current.getMonthValue());
    assertTrue(admin.tableExists(namespace.tableName(name)), name);
    assertTrue(admin.tableExists(namespace.tableName(name + ".type")), "each period has its views");
    assertTrue(rowan.schema().check(DeviceEvent.class).matches(), rowan.schema().check(DeviceEvent.class).toString());

    LocalDate old = current.minusMonths(14);
    rowan.schema().createPeriods(DeviceEvent.class, old, current.minusMonths(10));
    assertEquals(7, rowan.schema().periods(DeviceEvent.class).size());
    DeviceEvents events = rowan.repository(DeviceEvents.class);
    Instant oldTime = old.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60);
    events.save(new DeviceEvent("dev-1", oldTime, "boot", 1));
    assertEquals(1, events.countByAtBetween(oldTime.minusSeconds(1), Instant.now()));

    // keep = 12: the current month and 11 before; 14, 13 and 12 months ago go
    assertEquals(List.of(old, old.plusMonths(1), old.plusMonths(2)), rowan.schema().dropExpiredPeriods(DeviceEvent.class));
    assertFalse(admin.tableExists(namespace.tableName(String.format("device_events_%04d_%02d", old.getYear(),
        old.getMonthValue()) + ".type")), "with its views");
    assertEquals(List.of(current.minusMonths(11), current.minusMonths(10), current, current.plusMonths(1)),
        rowan.schema().periods(DeviceEvent.class));
    assertEquals(0, events.countByAtBetween(oldTime.minusSeconds(1), Instant.now()), "a dropped period is not read");
    assertEquals(List.of(), rowan.schema().dropExpiredPeriods(DeviceEvent.class));

    admin.disableTable(namespace.tableName(name));
    admin.deleteTable(namespace.tableName(name));
    String missing = rowan.schema().check(DeviceEvent.class).differences().toString();
    assertTrue(missing.contains("Table " + namespace.name() + ":" + name + " (the period of " + current), missing);
    rowan.schema().drop(DeviceEvent.class);
    assertEquals(List.of(), rowan.schema().periods(DeviceEvent.class));
  }

  @Test
  void writesToAPeriodWithoutTablesAreRefusedWithNothingWritten(Rowan rowan) {
    rowan.schema().createPeriods(DeviceEvent.class, FIRST, FIRST);
    DeviceEvents events = rowan.repository(DeviceEvents.class);
    DeviceEvent january = new DeviceEvent("dev-1", Instant.parse("2025-01-10T10:00:00Z"), "boot", 1);
    DeviceEvent march = new DeviceEvent("dev-1", Instant.parse("2025-03-10T10:00:00Z"), "boot", 1);
    dev.rowan.mapping.InvalidValueException refused = assertThrows(dev.rowan.mapping.InvalidValueException.class,
        () -> events.saveAll(List.of(january, march)), "HBaseRepository.save: a value that cannot be written");
    assertTrue(refused.getMessage().startsWith("DeviceEvent.at: cannot write DeviceEvent (deviceId=dev-1, at=2025-03-10T10:00:00Z): its at"
        + " 2025-03-10T10:00:00Z belongs to period table "), refused.getMessage());
    assertTrue(refused.getMessage().contains("device_events_2025_03, which does not exist"), refused.getMessage());
    assertEquals(Optional.empty(), events.findByKey(january.deviceId(), january.at()), "nothing written");
    assertEquals(Optional.empty(), events.findByKey(march.deviceId(), march.at()), "a period without tables is empty");
    events.deleteByKey(march.deviceId(), march.at()); // nothing to delete: no error
    events.save(january);
    assertEquals(Optional.of(january), events.findByKey(january.deviceId(), january.at()));
  }

  @Test
  void partialUpdatesAndCountersGoToTheirPeriodsTablesAndItsViews(Rowan rowan) {
    rowan.schema().createPeriods(DeviceEvent.class, FIRST, FIRST.plusMonths(1));
    DeviceEvents events = rowan.repository(DeviceEvents.class);
    Instant january = Instant.parse("2025-01-31T23:59:59Z");
    Instant february = Instant.parse("2025-02-01T00:00:00Z");
    events.saveAll(List.of(new DeviceEvent("dev-1", january, "boot", 1), new DeviceEvent("dev-1", february, "boot", 1)));
    assertTrue(events.updateTypeByDeviceIdAndAt("alarm", "dev-1", february));
    assertEquals(11, events.addToValueByDeviceIdAndAt(10, "dev-1", february));
    assertEquals(List.of(new DeviceEvent("dev-1", february, "alarm", 11)),
        events.findByTypeAndAtBetween("alarm", january, february), "February's view follows the update");
    assertEquals(List.of(new DeviceEvent("dev-1", january, "boot", 1)),
        events.findByTypeAndAtBetween("boot", january, february), "January's is untouched");
    assertFalse(events.updateTypeByDeviceIdAndAt("alarm", "dev-1", Instant.parse("2025-07-01T00:00:00Z")),
        "no entity in a period without tables");
  }

  @Test
  void queriesWithoutATimeBoundOrOrderedByAnotherPropertyAreRefusedNamingTheMethod(Rowan rowan) {
    String message = assertThrows(QueryMethodException.class, () -> rowan.repository(Unbounded.class)).getMessage();
    assertTrue(message.contains("Unbounded.findByDeviceId would read every period table of one table per month of"
        + " DeviceEvent.at (device_events_YYYY_MM, UTC): [deviceId Equals] bounds no at"), message);
    assertTrue(message.contains("Unbounded.findByTypeAndAtAfterOrTypeOrderByAtDesc would read every period table"),
        message);
    assertTrue(message.contains("Unbounded.findByDeviceIdAndAtAfterOrderByValue orders by value, but DeviceEvent.at"
        + " names the period table of each entity"), message);
  }

  @Test
  void explainShowsThePeriodsACallReads(Rowan rowan) {
    rowan.schema().createPeriods(DeviceEvent.class, FIRST, FIRST.plusMonths(2));
    String plan = rowan.repository(DeviceEvents.class).explain("findTop5ByTypeAndAtAfterOrderByAtDesc");
    assertTrue(plan.contains("reads view device_events.type"), plan);
    assertTrue(plan.contains("  periods: one table per month of DeviceEvent.at (device_events_YYYY_MM, UTC); a call"
        + " reads the periods its at GreaterThan can match, of those that exist, one after another, newest first, each"
        + " period's tables (device_events_YYYY_MM and its views, device_events_YYYY_MM.<view>) as above; existing now:"
        + " 3 periods, device_events_2025_01 to device_events_2025_03"), plan);
  }

  private static DeviceEvent randomEvent(Random random) {
    Instant at = FIRST.atStartOfDay(ZoneOffset.UTC).toInstant()
        .plusMillis((long) (random.nextDouble() * MONTHS * 30 * 86_400_000L));
    return new DeviceEvent(DEVICES.get(random.nextInt(DEVICES.size())), at, TYPES.get(random.nextInt(TYPES.size())),
        random.nextInt(100));
  }

  /** A range within the six months and a few days beyond them on either side. */
  private static Instant[] randomRange(Random random) {
    Instant start = FIRST.atStartOfDay(ZoneOffset.UTC).toInstant().minus(5, ChronoUnit.DAYS);
    long span = (MONTHS * 31L + 10) * 86_400_000L;
    Instant a = start.plusMillis((long) (random.nextDouble() * span));
    Instant b = start.plusMillis((long) (random.nextDouble() * span));
    return a.isBefore(b) ? new Instant[] {a, b} : new Instant[] {b, a};
  }

  private static boolean within(DeviceEvent event, Instant from, Instant to) {
    return !event.at().isBefore(from) && !event.at().isAfter(to);
  }

  private static boolean isMonthByMonth(List<DeviceEvent> events) {
    for (int i = 1; i < events.size(); i++) {
      if (month(events.get(i)).isBefore(month(events.get(i - 1)))) {
        return false;
      }
    }
    return true;
  }

  private static LocalDate month(DeviceEvent event) {
    return LocalDate.ofInstant(event.at(), ZoneOffset.UTC).withDayOfMonth(1);
  }

  private static String key(DeviceEvent event) {
    return event.deviceId() + "/" + event.at();
  }
}
