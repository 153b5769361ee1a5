package dev.rowan.it.model;

import dev.rowan.core.Rowan;
import dev.rowan.test.HBaseTest;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The model scenario of three shapes whose views Rowan 0.2 wrote differently, run from a table as
 * 0.2 left it: every quarter of the run and before its concurrent phase, every settled view row is
 * rewritten as 0.2 settled it (beside a write mark) and 0.2's layout recorded, {@code
 * schema().create} records this version's format as on an upgrade, and the run goes on, reading
 * and writing over the old rows; {@code RebuildViews}
 * then converts the rest, and the views must equal their rebuild with no row under a mark ({@link
 * ModelRun#runFromTheFormerFormat}). The salted, versioned orders (a full copy and a narrow view),
 * the users of a unique view, and the events kept in a table per period.
 */
@HBaseTest
class FormerFormatModelIT {

  @Test
  void saltedVersionedOrdersWithAFullCopyAndANarrowView(Rowan rowan) {
    run(rowan, "salted orders", new SaltedViewsModelIT.OrdersShape());
  }

  @Test
  void usersOfAUniqueView(Rowan rowan) {
    run(rowan, "unique view", new UniqueViewModelIT.UsersShape());
  }

  @Test
  void eventsKeptInATablePerPeriod(Rowan rowan) {
    run(rowan, "periods", new PeriodTablesModelIT.EventsShape());
  }

  private void run(Rowan rowan, String name, Shape<?, ?> shape) {
    Assumptions.assumeFalse(KnownDefects.skipped(shape.hits()),
        () -> name + " runs into known defects " + shape.hits() + " (KnownDefects)");
    ModelRun.runFromTheFormerFormat(rowan, getClass().getSimpleName() + " (" + name + ")", shape);
  }
}
