package dev.rowan.it.period;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * A view declared after periods of an entity kept in one table per month were made
 * (docs/row-keys.md, "Time-period tables"): {@code schema().create} adds it to each period that
 * exists, building, {@code RebuildViews} builds and activates it in each, queries of every period
 * read it from then on, and {@code schema().dropView} removes it from every period.
 */
@HBaseTest
class PeriodViewBuildIT {

  /** The entity before its view was declared. */
  @Table(name = "pv_log")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, ahead = 0)
  record Untyped(@RowKey(order = 0) String deviceId, @RowKey(order = 1) Instant at, @Column String type) {}

  /** The same table with the view. */
  @Table(name = "pv_log")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, ahead = 0)
  @Index(name = "type", key = {"type", "at"})
  record Typed(@RowKey(order = 0) String deviceId, @RowKey(order = 1) Instant at, @Column String type) {}

  interface Untypeds extends HBaseRepository<Untyped> {}

  interface Typeds extends HBaseRepository<Typed> {
    List<Typed> findByTypeAndAtBetween(String type, Instant from, Instant to);
  }

  private static final LocalDate JANUARY = LocalDate.of(2025, 1, 1);
  private static final LocalDate FEBRUARY = LocalDate.of(2025, 2, 1);
  private static final int TYPES = 4;
  private static final ViewModel TYPE_VIEW = ViewMaintainer.of(EntityModel.of(Typed.class)).view("type").orElseThrow();

  @Test
  void aViewDeclaredAfterThePeriodsWereMadeIsBuiltInEachOfThemAndThenDroppedFromEach(Connection connection,
      Admin admin, TestNamespace namespace) throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("PeriodViewBuildIT seed " + seed);
    Random random = new Random(seed);
    LocalDate current = LocalDate.now(ZoneOffset.UTC).withDayOfMonth(1);
    List<LocalDate> periods = List.of(JANUARY, FEBRUARY, current);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).viewRefresh(Duration.ofSeconds(1))
        .writeLease(Duration.ofSeconds(3)).build()) {
      rowan.schema().createPeriods(Untyped.class, JANUARY, FEBRUARY);
      List<Typed> stored = new ArrayList<>();
      Untypeds untypeds = rowan.repository(Untypeds.class);
      for (LocalDate month : List.of(JANUARY, FEBRUARY)) {
        for (int i = 0; i < 60; i++) {
          Typed entity = entity(random, month, i);
          untypeds.save(new Untyped(entity.deviceId(), entity.at(), entity.type()));
          stored.add(entity);
        }
      }

      rowan.schema().create(Typed.class); // the current period, and the view in the two that exist, building

      assertEquals(Set.of("type"), rowan.schema().buildingViews(Typed.class));
      for (LocalDate month : periods) {
        assertTrue(admin.tableExists(viewTable(rowan, month)), viewTable(rowan, month) + " made");
      }
      Typeds typeds = rowan.repository(Typeds.class);
      for (LocalDate month : periods) { // written to the building views by their writers
        for (int i = 60; i < 70; i++) {
          Typed entity = entity(random, month, i);
          typeds.save(entity);
          stored.add(entity);
        }
      }
      assertAnswers(typeds, stored, "while building, queries read the old periods' main tables");

      ByteArrayOutputStream progress = new ByteArrayOutputStream();
      List<ViewReport> built = RebuildViews.of(rowan, Typed.class).progress(new PrintStream(progress, true)).run();

      assertEquals(List.of(viewTable(rowan, JANUARY), viewTable(rowan, FEBRUARY), viewTable(rowan, current)),
          built.stream().map(ViewReport::table).toList(), progress.toString());
      assertEquals(List.of(ViewReport.State.ACTIVATED, ViewReport.State.ACTIVATED, ViewReport.State.ACTIVE),
          built.stream().map(ViewReport::state).toList(), progress.toString());
      assertEquals(Set.of(), rowan.schema().buildingViews(Typed.class));
      assertTrue(rowan.schema().check(Typed.class).matches(), rowan.schema().check(Typed.class).toString());
      List<ViewReport> verified = VerifyViews.of(rowan, Typed.class).progress(new PrintStream(progress, true)).check();
      assertEquals(List.of(70L, 70L, 10L), verified.stream().map(ViewReport::rows).toList(), progress.toString());
      verified.forEach(report -> assertTrue(report.consistent(), "seed " + seed + ": " + report.summary()));

      List<Typed> seen = new ArrayList<>(stored);
      for (LocalDate month : periods) { // a row written by hand into each period's view only: a query reading it finds it
        Typed ghost = new Typed("ghost", month.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(7), "t0");
        Object[] values = EntityModel.of(Typed.class).values(ghost);
        try (org.apache.hadoop.hbase.client.Table view = connection.getTable(viewTable(rowan, month))) {
          view.put(TYPE_VIEW.put(TYPE_VIEW.rowKey(values), values, new RowStatus(RowStatus.State.VERIFIED,
              System.currentTimeMillis(), 1), EntityModel.of(Typed.class).rowKey(ghost)));
        }
        seen.add(ghost);
      }
      try (Rowan fresh = Rowan.builder(connection).namespace(namespace.name()).build()) {
        assertAnswers(fresh.repository(Typeds.class), seen, "seed " + seed + ": every period read through its view");
      }

      rowan.schema().dropView(Typed.class, "type");

      for (LocalDate month : periods) {
        assertFalse(admin.tableExists(viewTable(rowan, month)), viewTable(rowan, month) + " dropped");
      }
      try (Rowan fresh = Rowan.builder(connection).namespace(namespace.name()).build()) {
        assertAnswers(fresh.repository(Typeds.class), stored, "seed " + seed + ": every period read through its main"
            + " table once the view is dropped");
        assertEquals(Set.of("type"), fresh.schema().droppedViews(Typed.class));
      }
    }
  }

  private static Typed entity(Random random, LocalDate month, int i) {
    Instant at = month.atStartOfDay(ZoneOffset.UTC).toInstant().plusSeconds(60L * i + random.nextInt(60));
    return new Typed("dev-" + random.nextInt(5), at, "t" + random.nextInt(TYPES));
  }

  private static LocalDate periodOf(Typed entity) {
    return LocalDate.ofInstant(entity.at(), ZoneOffset.UTC).withDayOfMonth(1);
  }

  private static TableName viewTable(Rowan rowan, LocalDate month) {
    return rowan.tableName(String.format("pv_log_%d_%02d.type", month.getYear(), month.getMonthValue()));
  }

  /** Each type's query over every period answers exactly the entities of {@code expected} of that type. */
  private static void assertAnswers(Typeds typeds, List<Typed> expected, String message) {
    Comparator<Typed> byKey = Comparator.comparing(Typed::at).thenComparing(Typed::deviceId);
    Instant from = JANUARY.atStartOfDay(ZoneOffset.UTC).toInstant();
    Instant to = LocalDate.now(ZoneOffset.UTC).plusMonths(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    for (int t = 0; t < TYPES; t++) {
      String type = "t" + t;
      List<Typed> answer = new ArrayList<>(typeds.findByTypeAndAtBetween(type, from, to));
      answer.sort(byKey);
      assertEquals(expected.stream().filter(e -> e.type().equals(type)).sorted(byKey).toList(), answer,
          message + ", type " + type);
    }
  }
}
