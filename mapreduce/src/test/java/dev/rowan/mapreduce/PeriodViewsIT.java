package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.test.HBaseTest;
import java.io.IOException;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Table;
import org.junit.jupiter.api.Test;

/**
 * The views of an entity kept in one table per month are checked, repaired and rebuilt month by
 * month: damage in one month is found there and nowhere else, and set right.
 */
@HBaseTest
class PeriodViewsIT {

  private static final EntityModel<Visit> MODEL = EntityModel.of(Visit.class);
  private static final ViewModel PAGE = ViewMaintainer.of(MODEL).view("page").orElseThrow();
  private static final LocalDate IN_JANUARY = LocalDate.of(2024, 1, 20);
  private static final LocalDate IN_FEBRUARY = LocalDate.of(2024, 2, 10);

  @Test
  void findsAndRepairsDamageInOneMonthAndRebuildsTheViewsOfAnother(Rowan rowan) throws IOException {
    long seed = System.nanoTime();
    System.out.println("PeriodViewsIT seed " + seed);
    Random random = new Random(seed);
    List<Visit> january = PeriodBulkLoadIT.visits(random, "jan", PeriodBulkLoadIT.JANUARY, PeriodBulkLoadIT.FEBRUARY,
        60);
    List<Visit> february = PeriodBulkLoadIT.visits(random, "feb", PeriodBulkLoadIT.FEBRUARY, PeriodBulkLoadIT.MARCH,
        60);
    rowan.schema().createPeriods(Visit.class, IN_JANUARY, IN_FEBRUARY);
    VisitRepository visits = rowan.repository(VisitRepository.class);
    visits.saveAll(PeriodBulkLoadIT.concat(january, february));
    damagePage(rowan, "visits_2024_02.page", february);

    List<ViewReport> found = VerifyViews.of(rowan, Visit.class).check();

    assertEquals(List.of("visits_2024_01.page", "visits_2024_01.referrer", "visits_2024_02.page",
        "visits_2024_02.referrer"), found.stream().map(r -> r.table().getQualifierAsString()).toList());
    assertCounts(found.get(2), 1, 1, 0);
    assertEquals(60, found.get(2).rows() + 1, found.get(2).summary());
    for (int i : new int[] {0, 1, 3}) {
      assertTrue(found.get(i).consistent(), found.get(i).summary());
    }

    List<ViewReport> repaired = VerifyViews.of(rowan, Visit.class).periods(IN_FEBRUARY).repair();

    assertEquals(List.of("visits_2024_02.page", "visits_2024_02.referrer"),
        repaired.stream().map(r -> r.table().getQualifierAsString()).toList());
    assertCounts(repaired.get(0), 1, 1, 0);
    assertEquals(2, repaired.get(0).repaired(), repaired.get(0).summary());
    assertEquals(0, repaired.get(1).repaired(), repaired.get(1).summary());

    damagePage(rowan, "visits_2024_01.page", january);
    List<ViewReport> rebuilt = RebuildViews.of(rowan, Visit.class).periods(IN_JANUARY).run();

    assertEquals(List.of("visits_2024_01.page", "visits_2024_01.referrer"),
        rebuilt.stream().map(r -> r.table().getQualifierAsString()).toList());
    assertEquals(0, rebuilt.get(0).missing(), rebuilt.get(0).summary());
    List<ViewReport> after = VerifyViews.of(rowan, Visit.class).check();
    assertEquals(4, after.size());
    after.forEach(report -> assertTrue(report.consistent(), report.summary()));
    PeriodBulkLoadIT.assertAnswers(visits, PeriodBulkLoadIT.concat(january, february));
  }

  @Test
  void refusesToWorkOnAPeriodWithoutTablesNamingItsTable(Rowan rowan) {
    rowan.schema().createPeriods(Visit.class, IN_JANUARY, IN_JANUARY);

    SchemaMismatchException refused = assertThrows(SchemaMismatchException.class,
        () -> VerifyViews.of(rowan, Visit.class).periods(LocalDate.of(2024, 3, 3)).check());

    assertTrue(refused.getMessage().contains("Table " + rowan.tableName("visits_2024_03").getNameAsString()
        + " (the period of 2024-03-03 named by rowan.views.periods) does not exist; Visit has tables for the periods"
        + " [2024-01-01]"), refused.getMessage());
  }

  /**
   * Deletes the page row of the first visit of {@code visits} and writes the second's again,
   * verified and newer, with a duration it does not have.
   */
  private static void damagePage(Rowan rowan, String table, List<Visit> visits) throws IOException {
    long now = System.currentTimeMillis() + 10_000;
    TableName name = rowan.tableName(table);
    try (Table page = rowan.connection().getTable(name)) {
      page.delete(new Delete(PAGE.rowKey(MODEL.values(visits.get(0)))));
      Visit second = visits.get(1);
      Visit wrong = new Visit(second.visitor(), second.at(), second.page(), second.referrer(), second.millis() + 7);
      Object[] values = MODEL.values(wrong);
      page.put(PAGE.put(PAGE.rowKey(values), values, new RowStatus(State.VERIFIED, now, 1), MODEL.rowKey(wrong)));
    }
  }

  private static void assertCounts(ViewReport report, long missing, long stale, long orphans) {
    assertEquals(List.of(missing, stale, orphans), List.of(report.missing(), report.stale(), report.orphans()),
        report.summary());
  }
}
