package dev.rowan.core.internal.query.plan;

import dev.rowan.core.AllowScan;
import dev.rowan.core.internal.query.check.ResultKind;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a query method of an entity kept in one table per period must be, checked when its
 * repository is created: bounded on the period property in every {@code Or} group (unless
 * {@code @AllowScan}), since each group reads the periods its bounds span; ordered by the period
 * property first when it orders at all, since results come a period after another; and not both
 * paged and limited by its name.
 */
public final class PeriodChecks {

  private PeriodChecks() {}

  /**
   * Adds to {@code problems} why {@code query} cannot be served across periods, naming the method.
   */
  static void check(
      Method method,
      ParsedQuery query,
      EntityModel<?> model,
      ResultKind result,
      MethodProblems problems) {
    Optional<PeriodModel> spread = model.tablePerPeriod();
    if (spread.isEmpty()) {
      return;
    }
    PeriodModel periods = spread.get();
    String unbounded =
        unboundedPredicate(query, model, periods, "annotate the method with @AllowScan");
    if (unbounded != null && !method.isAnnotationPresent(AllowScan.class)) {
      problems.addPredicate(unbounded);
    }
    String order = orderProblem(query.sorts(), periods);
    if (order != null) {
      problems.addPredicate(order);
    }
    if (result == ResultKind.PAGE && query.limit() > 0) {
      problems.addPredicate(
          "returns pages and names a limit (First/Top): across period tables a page is read a period"
              + " after another, which does not count a limit; pass a Limit or page without one");
    }
  }

  /**
   * Why a query named {@code name} of {@code model}'s entities would read every period table (an
   * {@code Or} group of {@code query} does not bound the period property), ending with {@code
   * allowScan}, what accepts that; null when every group bounds it.
   */
  public static @Nullable String unboundedProblem(
      String name, ParsedQuery query, EntityModel<?> model, PeriodModel periods, String allowScan) {
    String unbounded = unboundedPredicate(query, model, periods, allowScan);
    return unbounded == null ? null : name + " " + unbounded;
  }

  /**
   * {@link #unboundedProblem} without the query's name: the rest of a sentence whose subject is the
   * query ("would read every period table ...").
   */
  private static @Nullable String unboundedPredicate(
      ParsedQuery query, EntityModel<?> model, PeriodModel periods, String allowScan) {
    String unbounded = PeriodRange.unboundedGroup(query, periods);
    if (unbounded == null) {
      return null;
    }
    return "would read every period table of "
        + periods.describe(model.tableName())
        + ": "
        + unbounded
        + " bounds no "
        + periods.property().name()
        + ", which names the period. Bound "
        + periods.property().name()
        + " in every Or group (Between, After, Before, Equals or In), or "
        + allowScan
        + " to read every period.";
  }

  /**
   * Why {@code sorts} cannot order the results of periods read one after another, or null: they
   * must start with the period property (or be empty).
   */
  public static @Nullable String orderProblem(List<SortKey> sorts, PeriodModel periods) {
    String property = periods.property().name();
    return orderProblem(
        sorts,
        periods,
        "order by "
            + property
            + " first (OrderBy"
            + capitalised(property)
            + "Asc or Desc, then "
            + (sorts.isEmpty() ? "" : sorts.get(0).property())
            + ")");
  }

  /**
   * Why a call's {@code Sort}, as {@code sorts}, cannot order the results of periods read one after
   * another, or null.
   */
  public static @Nullable String sortProblem(List<SortKey> sorts, PeriodModel periods) {
    String property = periods.property().name();
    return orderProblem(
        sorts,
        periods,
        "sort by "
            + property
            + " first (Sort.by(\""
            + property
            + "\"), then "
            + (sorts.isEmpty() ? "" : sorts.get(0).property())
            + ")");
  }

  private static @Nullable String orderProblem(
      List<SortKey> sorts, PeriodModel periods, String instead) {
    if (sorts.isEmpty() || sorts.get(0).property().equals(periods.property().name())) {
      return null;
    }
    return "orders by "
        + sorts.get(0).property()
        + ", but "
        + periods.property().qualifiedName()
        + " names the period"
        + " table of each entity, and the periods are read one after another: "
        + instead;
  }

  private static String capitalised(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }
}
