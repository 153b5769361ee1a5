package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.parse.MethodProblems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.lang.reflect.Method;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The view shorthand findBy<View><Keyword>, compiled and planned as a repository is created. */
class ViewShorthandTest {

  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId", "createdAt"})
  record Order(@RowKey String orderNo, @Column String sellerId, @Column Instant createdAt) {}

  interface Orders extends HBaseRepository<Order> {
    List<Order> findBySellerIn(Collection<String> sellers);

    List<Order> findBySellerStartingWith(String prefix);

    long countBySellerStartingWith(String prefix);

    List<Order> findBySellerBetween(String from, String to);
  }

  private static final EntityModel<Order> ORDERS = EntityModel.of(Order.class);

  private static AccessPlan plan(String name, Class<?>... parameters) throws NoSuchMethodException {
    Method method = Orders.class.getMethod(name, parameters);
    MethodProblems problems = MethodProblems.of(Orders.class, method);
    CompiledQuery query = QueryCompiler.compile(Orders.class, method, ORDERS, ViewMaintainer.of(ORDERS).views(),
        problems);
    assertEquals(List.of(), problems.sentences(), name);
    return query.plan().groups().get(0);
  }

  @Test
  void aShorthandWithOnlyItsKeywordsParametersAppliesTheKeywordToTheViewsFirstKeyProperty() throws Exception {
    AccessPlan in = plan("findBySellerIn", Collection.class);
    assertEquals("seller", in.view().name());
    assertEquals(List.of(new Condition("sellerId", Keyword.IN, 0)), in.prefix());

    for (String name : List.of("findBySellerStartingWith", "countBySellerStartingWith")) {
      AccessPlan prefix = plan(name, String.class);
      assertEquals("seller", prefix.view().name(), name);
      assertEquals(AccessPlan.Operation.SCAN, prefix.access(), name);
      assertEquals(new Condition("sellerId", Keyword.STARTING_WITH, 0), prefix.range(), name);
    }

    AccessPlan between = plan("findBySellerBetween", String.class, String.class);
    assertEquals(new Condition("sellerId", Keyword.BETWEEN, 0), between.range());
  }
}
