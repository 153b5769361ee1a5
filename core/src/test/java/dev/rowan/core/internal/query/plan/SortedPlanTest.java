package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A call's SortKey, which may not sort in memory, is planned on a table or view that reads in its order. */
class SortedPlanTest {

  /** Keyed by seller then number; a narrow view by seller then time. */
  @Table(name = "orders")
  @Index(name = "byTime", key = {"sellerId", "createdAt"}, include = {"amount"})
  record Order(@RowKey(order = 0) String sellerId, @RowKey(order = 1) String orderNo, Instant createdAt, long amount,
      String note) {}

  private static MethodPlan plan(boolean sorted) {
    EntityModel<?> model = EntityModel.of(Order.class);
    List<ViewModel> views = ViewMaintainer.of(model).views();
    Map<String, List<String>> viewKeys = new LinkedHashMap<>();
    views.forEach(v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
    Vocabulary vocabulary = new Vocabulary(model.entityName(),
        model.properties().stream().map(PropertyModel::name).toList(), viewKeys);
    ParsedQuery parsed = MethodNameParser.parse("findBySellerId", 1, vocabulary);
    ParsedQuery byTime = new ParsedQuery(parsed.methodName(), parsed.action(), 0, parsed.groups(),
        List.of(new SortKey("createdAt", false)), null, 1);
    return sorted ? QueryPlanner.planSorted(byTime, model, views, null) : QueryPlanner.plan(byTime, model, views);
  }

  @Test
  void aViewThatReadsInTheAskedOrderWinsOverTheMainTableWhenTheOrderIsACallsSort() {
    MethodPlan named = plan(false);
    assertNull(named.groups().get(0).view(), "OrderBy in a name: no second read first, then a sort in memory");
    assertTrue(named.sortInMemory());
    MethodPlan sorted = plan(true);
    assertEquals("byTime", sorted.groups().get(0).view().name());
    assertFalse(sorted.sortInMemory(), "read in key order, with a second read for the columns the view lacks");
  }
}
