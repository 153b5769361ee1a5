package dev.rowan.core.internal.period;

import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Sort;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.plan.PeriodChecks;
import dev.rowan.core.internal.query.plan.PeriodRange;
import dev.rowan.core.internal.repository.AdHocQuery;
import dev.rowan.core.internal.repository.EntityStore;
import dev.rowan.core.internal.repository.PlannedQuery;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A query asked in code of an entity kept in one table per period, served as a period query method
 * is ({@link PeriodQueryMethod}): refused unless every {@code Or} group bounds the period property
 * (or {@code allowScan()} accepts reading every period) and unless its order starts with the period
 * property ({@link PeriodChecks}); run on the periods its bounds can match, of those that exist
 * ({@link PeriodRange}), one after another, each planned as a query of that period's tables ({@link
 * AdHocQuery}). The limit counts across periods; a period whose tables are found gone reads as
 * empty.
 *
 * <p>Thread-safety: thread-safe; each run lists the periods as {@link PeriodStores} knows them.
 *
 * @param <T> the entity type
 */
final class PeriodAdHocQuery<T> implements PlannedQuery<T> {

  /** The plan of one period's tables. */
  private record InPeriod<T>(LocalDate period, AdHocQuery<T> plan) {}

  private final String name;
  private final PeriodStores<T> stores;
  private final List<InPeriod<T>> plans;
  private final int limit;

  private PeriodAdHocQuery(
      String name, PeriodStores<T> stores, List<InPeriod<T>> plans, int limit) {
    this.name = name;
    this.stores = stores;
    this.plans = plans;
    this.limit = limit;
  }

  /**
   * Plans the query on every period it reads, as {@link PlannedQuery.Planner#plan} says.
   *
   * @throws QueryMethodException naming the query and the entity when a group does not bound the
   *     period property without {@code allowScan}, or the order does not start with it
   */
  static <T> PeriodAdHocQuery<T> plan(
      PeriodStores<T> stores,
      @Nullable String view,
      List<AdHocQuery.Term> terms,
      Sort sort,
      int limit,
      boolean allowScan,
      boolean counting) {
    EntityModel<T> model = stores.model();
    PeriodModel periods = stores.periodModel();
    String name = AdHocQuery.name(model);
    String viewName =
        view == null
            ? null
            : AdHocQuery.named(name, model, ViewMaintainer.of(model).views(), view).name();
    AdHocQuery.Asked asked = AdHocQuery.ask(model, viewName, terms, sort, counting);
    ParsedQuery query = asked.query();
    String unbounded =
        PeriodChecks.unboundedProblem(name, query, model, periods, "call allowScan()");
    if (unbounded != null && !allowScan) {
      throw QueryMethodException.ofQuery(unbounded);
    }
    String order = PeriodChecks.sortProblem(query.sorts(), periods);
    if (order != null) {
      throw QueryMethodException.ofQuery(name + " " + order);
    }
    List<InPeriod<T>> plans = new ArrayList<>();
    for (LocalDate period :
        PeriodRange.order(query, asked.args(), periods, stores.periods(), query.sorts())) {
      try {
        EntityStore<T> store = stores.existing(period);
        if (store != null) {
          // each period bounded is read whole when no key or view narrows it, as a period query
          // method is
          // (QueryCompiler.scanAccepted): what allowScan() accepts is reading every period
          plans.add(
              new InPeriod<>(
                  period, AdHocQuery.plan(store, view, terms, sort, limit, true, counting)));
        }
      } catch (RuntimeException failed) {
        if (!stores.periodGone(failed)) {
          throw failed;
        }
      }
    }
    return new PeriodAdHocQuery<>(name, stores, List.copyOf(plans), limit);
  }

  @Override
  public Stream<T> stream(@Nullable Predicate<? super T> filter) {
    Stream<T> all =
        PeriodStreams.concat(
            plans.size(), i -> plans.get(i).plan().stream(filter), stores::periodGone);
    return limit > 0 ? all.limit(limit) : all;
  }

  @Override
  public long count() {
    long total = 0;
    for (InPeriod<T> in : plans) {
      try {
        total += in.plan().count();
      } catch (RuntimeException failed) {
        if (!stores.periodGone(failed)) {
          throw failed;
        }
      }
      if (limit > 0 && total >= limit) {
        return limit;
      }
    }
    return total;
  }

  @Override
  public String explain() {
    PeriodModel periods = stores.periodModel();
    String table = stores.model().tableName();
    String read =
        plans.isEmpty()
            ? "none of the periods that exist now"
            : plans.size()
                + (plans.size() == 1 ? " period, " : " periods, ")
                + table
                + periods.suffix(plans.get(0).period())
                + (plans.size() == 1
                    ? ""
                    : " to " + table + periods.suffix(plans.get(plans.size() - 1).period()))
                + ", one after another, each period's tables ("
                + periods.pattern(table)
                + " and its views) as above";
    return (plans.isEmpty() ? name + "\n" : plans.get(0).plan().explain())
        + "  periods: "
        + periods.describe(table)
        + "; this query reads "
        + read
        + "\n";
  }
}
