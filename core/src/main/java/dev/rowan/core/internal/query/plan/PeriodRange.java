package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Which periods' tables a query of an entity kept in one table per period reads: those its
 * conditions on the period property can match, in each {@code Or} group (an equality or an {@code
 * In} names periods, a range bounds them; a group without either reads every period), of the
 * periods that exist. A pure function of the query, its arguments and the periods listed.
 *
 * <p>Thread-safety: stateless.
 */
public final class PeriodRange {

  private PeriodRange() {}

  /**
   * Whether {@code model} is kept in one table per period and every {@code Or} group of {@code
   * query} bounds its period property: then each period the query reads may be read whole.
   */
  public static boolean boundsPeriods(ParsedQuery query, EntityModel<?> model) {
    return model
        .tablePerPeriod()
        .map(periods -> unboundedGroup(query, periods) == null)
        .orElse(false);
  }

  /**
   * The first {@code Or} group of {@code query} whose conditions do not bound the period property,
   * as its conditions' text; null when every group does.
   */
  public static @Nullable String unboundedGroup(ParsedQuery query, PeriodModel periods) {
    for (List<Condition> group : query.groups()) {
      if (group.stream().noneMatch(condition -> bounds(condition, periods))) {
        return group.isEmpty()
            ? "no condition"
            : group.stream()
                .map(c -> c.property() + " " + ConditionCheck.keywordName(c.keyword()))
                .toList()
                .toString();
      }
    }
    return null;
  }

  /**
   * The conditions of {@code query} that bound the period property, as explain shows them: {@code
   * [at Between]}.
   */
  public static List<String> bounds(ParsedQuery query, PeriodModel periods) {
    List<String> shown = new ArrayList<>();
    for (List<Condition> group : query.groups()) {
      for (Condition condition : group) {
        if (bounds(condition, periods)) {
          shown.add(condition.property() + " " + ConditionCheck.keywordName(condition.keyword()));
        }
      }
    }
    return shown;
  }

  /** Whether {@code condition} narrows the periods a query reads. */
  private static boolean bounds(Condition condition, PeriodModel periods) {
    if (!condition.property().equals(periods.property().name()) || condition.isEveryValue()) {
      return false;
    }
    return switch (condition.keyword()) {
      case EQUALS, IN, BETWEEN, LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN, GREATER_THAN_EQUAL ->
          true;
      default -> false;
    };
  }

  /**
   * The periods of {@code existing} that a call of {@code query} with {@code args} can find
   * entities in, oldest first.
   */
  public static List<LocalDate> periods(
      ParsedQuery query, Object[] args, PeriodModel periods, List<LocalDate> existing) {
    Set<LocalDate> read = new TreeSet<>();
    for (List<Condition> group : query.groups()) {
      LocalDate low = null;
      LocalDate high = null;
      Set<LocalDate> named = null; // the periods an equality or In names, when one does
      for (Condition condition : group) {
        if (!bounds(condition, periods)) {
          continue;
        }
        Object first = args[condition.parameter()];
        switch (condition.keyword()) {
          case EQUALS -> named = intersect(named, Set.of(periods.periodOfBound(first)));
          case IN -> {
            Set<LocalDate> in = new TreeSet<>();
            ConditionCheck.values(first).forEach(value -> in.add(periods.periodOfBound(value)));
            named = intersect(named, in);
          }
          case BETWEEN -> {
            low = later(low, periods.periodOfBound(first));
            high = earlier(high, periods.periodOfBound(args[condition.parameter() + 1]));
          }
          case GREATER_THAN, GREATER_THAN_EQUAL -> low = later(low, periods.periodOfBound(first));
          case LESS_THAN, LESS_THAN_EQUAL -> high = earlier(high, periods.periodOfBound(first));
          default -> throw new IllegalStateException(condition.keyword() + " bounds no period");
        }
      }
      for (LocalDate period : existing) {
        if ((low == null || !period.isBefore(low))
            && (high == null || !period.isAfter(high))
            && (named == null || named.contains(period))) {
          read.add(period);
        }
      }
    }
    return new ArrayList<>(read);
  }

  /**
   * The periods of {@code existing} that a call of {@code query} with {@code args} can find
   * entities in, in the order the call reads them: oldest first, newest first when {@code sorts}
   * (the call's order) start with the period property descending.
   */
  public static List<LocalDate> order(
      ParsedQuery query,
      Object[] args,
      PeriodModel periods,
      List<LocalDate> existing,
      List<SortKey> sorts) {
    List<LocalDate> order = periods(query, args, periods, existing);
    if (newestFirst(sorts)) {
      Collections.reverse(order);
    }
    return order;
  }

  /** Whether a call ordered by {@code sorts} reads the periods newest first. */
  public static boolean newestFirst(List<SortKey> sorts) {
    return !sorts.isEmpty() && sorts.get(0).descending();
  }

  /**
   * Where a page of a call continues whose token names {@code period}: its index in {@code order}
   * (the periods the call reads, in the order it reads them, {@code descending} when newest first),
   * or, when that period is no longer among them (its tables were dropped), the index of the first
   * period read after it, {@code order.size()} when none is. -1 when the call cannot have made the
   * token: {@code period} is not a period's first day, or one its arguments cannot match.
   */
  public static int resume(
      ParsedQuery query,
      Object[] args,
      PeriodModel periods,
      List<LocalDate> order,
      LocalDate period,
      boolean descending) {
    int at = order.indexOf(period);
    if (at >= 0) {
      return at;
    }
    if (!periods.periodOfBound(period).equals(period)
        || periods(query, args, periods, List.of(period)).isEmpty()) {
      return -1;
    }
    for (int i = 0; i < order.size(); i++) {
      if (descending ? order.get(i).isBefore(period) : order.get(i).isAfter(period)) {
        return i;
      }
    }
    return order.size();
  }

  private static Set<LocalDate> intersect(@Nullable Set<LocalDate> named, Set<LocalDate> more) {
    if (named == null) {
      return more;
    }
    Set<LocalDate> both = new TreeSet<>(named);
    both.retainAll(more);
    return both;
  }

  private static LocalDate later(@Nullable LocalDate bound, LocalDate other) {
    return bound == null || other.isAfter(bound) ? other : bound;
  }

  private static LocalDate earlier(@Nullable LocalDate bound, LocalDate other) {
    return bound == null || other.isBefore(bound) ? other : bound;
  }
}
