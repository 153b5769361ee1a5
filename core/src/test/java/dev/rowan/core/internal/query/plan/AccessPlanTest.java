package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What an access plan says of itself: how many key parts it binds, and how many rows a scan asks for. */
class AccessPlanTest {

  @Test
  void aScanAsksForTheRowsWantedBetweenOneAndTheLimitOfOneStep() {
    assertEquals(1, AccessPlan.scanLimit(0));
    assertEquals(1, AccessPlan.scanLimit(1));
    assertEquals(10, AccessPlan.scanLimit(10));
    assertEquals(AccessPlan.MAX_SCAN_LIMIT, AccessPlan.scanLimit(AccessPlan.MAX_SCAN_LIMIT));
    assertEquals(AccessPlan.MAX_SCAN_LIMIT, AccessPlan.scanLimit(Integer.MAX_VALUE));
  }

  @Test
  void thePartsBoundAreThePrefixAndTheRange() {
    Condition seller = new Condition("sellerId", Keyword.EQUALS, 0);
    Condition created = new Condition("createdAt", Keyword.BETWEEN, 1);
    assertEquals(1, plan(List.of(seller), null).boundParts());
    assertEquals(2, plan(List.of(seller), created).boundParts());
    assertEquals(1, plan(List.of(), created).boundParts());
    assertEquals(0, plan(List.of(), null).boundParts());
  }

  private static AccessPlan plan(List<Condition> prefix, Condition range) {
    return new AccessPlan(null, null, AccessPlan.Operation.SCAN, prefix, range, List.of(), false, false,
        RowRead.WHOLE_ENTITIES);
  }
}
