package dev.rowan.it.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import java.util.List;

/**
 * The view jobs on the entity of a model run kept in one table per period: once the run's writes
 * are settled, {@code VerifyViews} finds the views of every period consistent, one report per
 * period's view table, as the audit of each period's views did.
 */
final class PeriodJobs {

  private PeriodJobs() {}

  /** Verifies the views of every period of {@code type}, when it is kept in one table per period. */
  static void verify(Rowan rowan, Class<?> type) {
    EntityModel<?> model = EntityModel.of(type);
    if (model.tablePerPeriod().isEmpty()) {
      return;
    }
    int periods = rowan.schema().periods(type).size();
    List<ViewReport> reports = VerifyViews.of(rowan, type).check();
    assertTrue(periods > 0, "the run made periods");
    assertEquals(periods * model.views().size(), reports.size(),
        "a report per view of each of the " + periods + " periods: " + reports);
    for (ViewReport report : reports) {
      assertTrue(report.consistent(), "VerifyViews after the run: " + report.summary());
    }
  }
}
