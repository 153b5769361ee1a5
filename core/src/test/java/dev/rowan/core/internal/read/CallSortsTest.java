package dev.rowan.core.internal.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Sort;
import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A call's Sort on a wide entity: served by the scan when it is the key's order after the bound parts. */
class CallSortsTest {

  /** Every line of a shop's order in one row, by line number. */
  @Table(name = "shopLines")
  record ShopLine(@RowKey(order = 0) String shop, @RowKey(order = 1) String orderNo, @ColumnKey int lineNo,
      @Column String sku) {}

  private static final EntityModel<ShopLine> LINES = EntityModel.of(ShopLine.class);
  private static final String ADVICE = "Sort by the key's order";

  private static MethodPlan plan(Sort sort) {
    Vocabulary vocabulary = new Vocabulary(LINES.entityName(),
        LINES.properties().stream().map(PropertyModel::name).toList(), Map.of());
    ParsedQuery parsed = MethodNameParser.parse("queryByShop", 1, vocabulary);
    ParsedQuery sorted = new ParsedQuery(parsed.methodName(), parsed.action(), 0, parsed.groups(),
        CallSorts.keys(sort), null, 1);
    return CallSorts.plan("Lines.queryByShop", sorted, LINES, ViewMaintainer.of(LINES).views(), null, false, ADVICE);
  }

  @Test
  void aSortByTheRowKeyThenTheColumnKeyAfterTheBoundPartIsServedByTheScan() {
    for (Sort sort : List.of(Sort.by("orderNo"), Sort.by("orderNo", "lineNo"), Sort.by("shop", "orderNo", "lineNo"))) {
      MethodPlan plan = plan(sort);
      assertFalse(plan.sortInMemory(), sort.toString());
      assertFalse(plan.groups().get(0).reversed(), sort.toString());
    }
    MethodPlan newest = plan(Sort.by(Sort.Order.desc("orderNo"), Sort.Order.asc("lineNo")));
    assertFalse(newest.sortInMemory());
    assertTrue(newest.groups().get(0).reversed());
  }

  @Test
  void aSortTheScanCannotServeIsRefusedNamingTheKeyOrderWithTheColumnKey() {
    IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> plan(Sort.by("lineNo")));
    assertEquals("Lines.queryByShop: Sort [lineNo asc] would read every matching ShopLine into memory to sort them;"
        + " table shopLines [shop][orderNo] is read in the order of its key after shop = ?1, then the entities of"
        + " each row in the order of their column key [lineNo]. Sort by the key's order", refused.getMessage());
  }

  @Test
  void namesTheOrderOfASortAsAMethodNameWould() {
    assertEquals("OrderByOrderNoDescLineNoAsc", CallSorts.orderBy(CallSorts.keys(
        Sort.by(Sort.Order.desc("orderNo"), Sort.Order.asc("lineNo")))));
  }
}
