package dev.rowan.core.internal.query.check;

import dev.rowan.core.Limit;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Sort;
import dev.rowan.core.TimeRange;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.QueryAction;
import java.lang.reflect.Method;

/**
 * Where a query method's special parameters are: the trailing {@link PageRequest}, {@link Sort},
 * {@link Limit} and {@link TimeRange} (in any order, each at most once) that follow the parameters
 * its conditions bind.
 *
 * @param predicateParameters the number of parameters before them, which the conditions bind
 * @param page the index of the {@code PageRequest}, or -1
 * @param sort the index of the {@code Sort}, or -1
 * @param limit the index of the {@code Limit}, or -1
 * @param timeRange the index of the {@code TimeRange}, or -1
 */
public record SpecialParameters(
    int predicateParameters, int page, int sort, int limit, int timeRange) {

  /** Special parameters without a {@code TimeRange}. */
  public SpecialParameters(int predicateParameters, int page, int sort, int limit) {
    this(predicateParameters, page, sort, limit, -1);
  }

  /** The special parameters of {@code method}; adds a problem naming it for a type given twice. */
  public static SpecialParameters of(Method method, MethodProblems problems) {
    Class<?>[] types = method.getParameterTypes();
    int page = -1;
    int sort = -1;
    int limit = -1;
    int timeRange = -1;
    int first = types.length;
    while (first > 0 && isSpecial(types[first - 1])) {
      first--;
      Class<?> type = types[first];
      int previous =
          type == PageRequest.class
              ? page
              : type == Sort.class ? sort : type == Limit.class ? limit : timeRange;
      if (previous >= 0) {
        problems.add("takes two " + type.getSimpleName() + " parameters; declare one");
      }
      if (type == PageRequest.class) {
        page = first;
      } else if (type == Sort.class) {
        sort = first;
      } else if (type == Limit.class) {
        limit = first;
      } else {
        timeRange = first;
      }
    }
    return new SpecialParameters(first, page, sort, limit, timeRange);
  }

  private static boolean isSpecial(Class<?> type) {
    return type == PageRequest.class
        || type == Sort.class
        || type == Limit.class
        || type == TimeRange.class;
  }

  /** Adds a problem naming the method for each special parameter {@code query} cannot take. */
  public void check(ParsedQuery query, MethodProblems problems) {
    if (timeRange >= 0 && query.action() != QueryAction.FIND) {
      problems.add(
          kind(query.action())
              + " method takes no TimeRange parameter;"
              + " it chooses the state a find returns");
    }
    if ((sort >= 0 || limit >= 0) && query.action() != QueryAction.FIND) {
      problems.add(
          kind(query.action())
              + " method takes no Sort or Limit parameter;"
              + " they order and limit what a find returns");
      return;
    }
    if (sort >= 0 && !query.sorts().isEmpty()) {
      problems.add(
          "its name orders by "
              + query.sorts().stream().map(s -> s.property()).toList()
              + " and it takes a Sort; declare one or the other");
    }
    if (page >= 0 && (sort >= 0 || limit >= 0)) {
      problems.add(
          "returns pages and takes a "
              + (sort >= 0 ? "Sort" : "Limit")
              + "; the order of pages is"
              + " the name's (OrderBy) and their size the PageRequest's");
    }
  }

  /** "a count", "an exists", ...: the action as a message names a method of it. */
  private static String kind(QueryAction action) {
    String word = action.name().toLowerCase();
    return ("aeiou".indexOf(word.charAt(0)) >= 0 ? "an " : "a ") + word;
  }

  /**
   * The most results a call with {@code args} returns, 0 for no limit: the smaller of the limit its
   * name gives ({@code named}, 0 for none: {@code findTop10By...}) and its {@link Limit} argument,
   * when it has one that limits. The one home of that rule, for every kind of query method.
   */
  public int effectiveLimit(int named, Object[] args) {
    if (limit < 0 || !(args[limit] instanceof Limit given) || !given.isLimited()) {
      return named;
    }
    return named == 0 ? given.max() : Math.min(named, given.max());
  }
}
