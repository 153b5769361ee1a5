package dev.rowan.core.internal.read;

import dev.rowan.core.Sort;
import dev.rowan.core.internal.query.check.MethodChecks;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.query.plan.AccessPlan;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.core.internal.query.plan.PlanText;
import dev.rowan.core.internal.query.plan.QueryPlanner;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Orders chosen at a call ({@code Sort}) rather than in a method's name: turned into the planner's
 * sort keys, and planned with the rule every such order follows, for query methods and queries in
 * code alike. A sort is refused, naming the query, when a property is unknown or has no order, or
 * when it would read every match into memory to sort it: unless every group reads by gets of whole
 * keys (whose number the arguments bound), or the caller accepts reading every match.
 * Thread-safety: stateless.
 */
public final class CallSorts {

  private CallSorts() {}

  /** The planner's sort keys of {@code sort}. */
  public static List<SortKey> keys(Sort sort) {
    List<SortKey> keys = new ArrayList<>();
    for (Sort.Order order : sort.orders()) {
      keys.add(new SortKey(order.property(), order.descending()));
    }
    return keys;
  }

  /**
   * The {@code OrderBy} of a method name that asks for {@code sorts}: {@code
   * OrderByOrderNoAscLineNoDesc}.
   */
  public static String orderBy(List<SortKey> sorts) {
    StringBuilder text = new StringBuilder("OrderBy");
    for (SortKey sort : sorts) {
      text.append(Character.toUpperCase(sort.property().charAt(0)))
          .append(sort.property().substring(1))
          .append(sort.descending() ? "Desc" : "Asc");
    }
    return text.toString();
  }

  /**
   * The plan of {@code query}, whose sorts a call chose, through {@code views}, returning the
   * {@code projected} properties (null: whole entities).
   *
   * @param name the query, as messages name it
   * @param acceptInMemory whether a sort in memory of every match is accepted
   * @param advice what a refusal of a sort in memory tells the caller to do instead
   * @throws IllegalArgumentException naming the query and the sort, when the sort is refused
   */
  public static MethodPlan plan(
      String name,
      ParsedQuery query,
      EntityModel<?> model,
      List<ViewModel> views,
      @Nullable List<PropertyModel> projected,
      boolean acceptInMemory,
      String advice) {
    MethodProblems problems = MethodProblems.named(name);
    for (SortKey sort : query.sorts()) {
      if (model.properties().stream().noneMatch(p -> p.name().equals(sort.property()))) {
        problems.add(
            "cannot sort by '"
                + sort.property()
                + "': "
                + model.entityName()
                + " has no such property;"
                + " its properties are "
                + model.properties().stream().map(PropertyModel::name).toList());
      }
    }
    if (problems.isEmpty()) {
      MethodChecks.checkSorts(query, model, problems);
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(problems.toString());
    }
    MethodPlan plan = QueryPlanner.planSorted(query, model, views, projected);
    if (!acceptInMemory
        && plan.sortInMemory()
        && plan.groups().stream().anyMatch(g -> g.access() != AccessPlan.Operation.GET)) {
      String served =
          plan.groups().size() > 1
              ? "its Or groups are read separately, so no key order serves any sort"
              : PlanText.keyOrder(plan.groups().get(0), model);
      String cyclic =
          query.sorts().stream()
              .map(s -> model.property(s.property()))
              .filter(
                  p ->
                      (p.role() == PropertyModel.Role.ROW_KEY
                              || p.role() == PropertyModel.Role.COLUMN_KEY)
                          && Objects.requireNonNull(p.keyCodec(), "a key part has a key codec")
                                  .cycle()
                              != null)
              .map(PropertyModel::name)
              .findFirst()
              .orElse(null);
      if (cyclic != null) {
        served +=
            " (the keys of @Cyclic "
                + cyclic
                + " interleave its cycles: they follow time order only under a"
                + " Between within one cycle)";
      }
      throw new IllegalArgumentException(
          name
              + ": Sort "
              + query.sorts().stream()
                  .map(s -> s.property() + (s.descending() ? " desc" : " asc"))
                  .toList()
              + " would read every matching "
              + model.entityName()
              + " into memory to sort them; "
              + served
              + ". "
              + advice);
    }
    return plan;
  }
}
