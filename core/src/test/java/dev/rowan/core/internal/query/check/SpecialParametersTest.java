package dev.rowan.core.internal.query.check;

import dev.rowan.core.internal.query.parse.MethodProblems;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.Limit;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Sort;
import dev.rowan.core.TimeRange;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.SortKey;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The trailing PageRequest, Sort, Limit and TimeRange parameters of a query method, found and checked. */
class SpecialParametersTest {

  interface Methods {
    void byName(String name, Sort sort, Limit limit);

    void byNameLimitFirst(String name, Limit limit, Sort sort);

    void paged(String name, PageRequest page);

    void sortInTheMiddle(Sort sort, String name);

    void twoSorts(String name, Sort one, Sort two);

    void asOf(String name, TimeRange written, PageRequest page);
  }

  private static SpecialParameters of(String method, List<String> problems) {
    for (Method m : Methods.class.getMethods()) {
      if (m.getName().equals(method)) {
        MethodProblems refusals = MethodProblems.of(Methods.class, m);
        SpecialParameters special = SpecialParameters.of(m, refusals);
        problems.addAll(refusals.sentences());
        return special;
      }
    }
    throw new AssertionError(method);
  }

  /** Checks {@code special} against {@code query} as method {@code method} of Methods, adding to {@code problems}. */
  private static void check(SpecialParameters special, ParsedQuery query, String method, List<String> problems) {
    MethodProblems refusals = MethodProblems.named("Methods." + method);
    special.check(query, refusals);
    problems.addAll(refusals.sentences());
  }

  private static ParsedQuery query(QueryAction action, int sorts) {
    return new ParsedQuery("m", action, 0, List.of(List.of(new Condition("name", Keyword.EQUALS, 0))),
        sorts == 0 ? List.of() : List.of(new SortKey("name", false)), null, 1);
  }

  @Test
  void trailingSortLimitAndPageAreFoundInAnyOrderAfterThePredicateParameters() {
    List<String> problems = new ArrayList<>();
    assertEquals(new SpecialParameters(1, -1, 1, 2), of("byName", problems));
    assertEquals(new SpecialParameters(1, -1, 2, 1), of("byNameLimitFirst", problems));
    assertEquals(new SpecialParameters(1, 1, -1, -1), of("paged", problems));
    assertEquals(new SpecialParameters(1, 2, -1, -1, 1), of("asOf", problems));
    assertEquals(new SpecialParameters(2, -1, -1, -1), of("sortInTheMiddle", problems),
        "a Sort before a predicate parameter is a predicate parameter, which its property's type then refuses");
    assertEquals(List.of(), problems);
  }

  @Test
  void aTypeGivenTwiceAndParametersTheActionCannotTakeAreRefusedNamingTheMethod() {
    List<String> problems = new ArrayList<>();
    of("twoSorts", problems);
    assertEquals(List.of("Methods.twoSorts: takes two Sort parameters; declare one"), problems);
    problems.clear();
    SpecialParameters sortAndLimit = of("byName", problems);
    check(sortAndLimit, query(QueryAction.COUNT, 0), "byName", problems);
    check(sortAndLimit, query(QueryAction.FIND, 1), "byName", problems);
    check(new SpecialParameters(1, 1, 2, -1), query(QueryAction.FIND, 0), "paged", problems);
    check(of("asOf", problems), query(QueryAction.EXISTS, 0), "asOf", problems);
    assertEquals(List.of(
        "Methods.byName: a count method takes no Sort or Limit parameter; they order and limit what a find returns",
        "Methods.byName: its name orders by [name] and it takes a Sort; declare one or the other",
        "Methods.paged: returns pages and takes a Sort; the order of pages is the name's (OrderBy) and their size the"
            + " PageRequest's",
        "Methods.asOf: an exists method takes no TimeRange parameter; it chooses the state a find returns"), problems);
  }
}
