package dev.rowan.it.model;

import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Judges a read made while writers change entities (docs/reliability.md, "reads during writes"):
 * a read from {@code start} to {@code end} returns each entity at most once, in a state it had
 * during the read and that matches the query; it returns every entity each state of which during
 * the read matches; one whose states differ may be returned or not. Counts lie between the two,
 * exists follows. Each page is its own read; across the pages of one walk, an entity that kept one
 * state that matches comes exactly once. Top-N and other limited answers are judged by their size
 * and by what they return, not by which entities they chose. The query is the condition of the
 * check's last question to its {@link ReadModel}; answers that are not entities (projections)
 * are not judged. One per reader thread.
 *
 * @param <E> the entity record
 */
final class ReadVerdict<E> extends Verdict<E> {

  private final Entities<E> entities;
  private final History<E> history;
  private final ReadModel<E> model;
  private final Supplier<String> where;
  private long start;
  private boolean walked;
  int judged;
  int notJudged;
  /** Reads that returned an entity whose states differ, or left one out. */
  int eitherWay;
  int pagesRead;

  ReadVerdict(Entities<E> entities, History<E> history, ReadModel<E> model, Supplier<String> where) {
    super(entities, where);
    this.entities = entities;
    this.history = history;
    this.model = model;
    this.where = where;
  }

  /** A check begins now: its reads start no earlier. */
  void begin() {
    start = System.nanoTime();
    walked = false;
    model.reset();
  }

  private void failRead(String call, long from, long to, String problem, Set<String> keys) {
    StringBuilder text = new StringBuilder(where.get()).append("\n  call:     ").append(call)
        .append("\n  read from ").append(history.at(from)).append(" to ").append(history.at(to)).append("\n  ")
        .append(problem).append("\n  writes of the entities concerned:");
    for (String key : keys) {
      text.append("\n").append(history.describe(key));
    }
    org.junit.jupiter.api.Assertions.fail(text + "\n  (replay with -Drowan.seed=<seed> on this class; thread"
        + " interleavings differ from run to run)");
  }

  /** Whether the check asked a question this verdict can judge by; counts the ones it cannot. */
  private boolean judgeable() {
    if (model.condition == null) {
      notJudged++;
      return false;
    }
    return true;
  }

  /**
   * Judges one read's entities: {@code limit} null for an answer that must hold every entity that
   * matched throughout, otherwise the most it may hold.
   */
  private void judge(String call, List<E> actual, Integer limit, long from) {
    long to = System.nanoTime();
    Predicate<E> condition = model.condition;
    Map<String, List<E>> possible = history.possible(from, to);
    judged++;
    Set<String> seen = new HashSet<>();
    for (E got : actual) {
      String key = entities.key(got);
      if (!seen.add(key)) {
        failRead(call, from, to, "returned " + key + " twice: " + texts(actual), Set.of(key));
      }
      List<E> states = possible.getOrDefault(key, List.of());
      boolean had = states.stream().anyMatch(s -> s != null && entities.text(s).equals(entities.text(got)));
      if (!had) {
        failRead(call, from, to, "returned " + entities.text(got) + ", a state the entity did not have during the read",
            Set.of(key));
      }
      if (!condition.test(got)) {
        failRead(call, from, to, "returned " + entities.text(got) + ", which does not match", Set.of(key));
      }
    }
    Set<String> must = must(possible, condition);
    if (limit == null) {
      Set<String> missing = new LinkedHashSet<>(must);
      missing.removeAll(seen);
      if (!missing.isEmpty()) {
        failRead(call, from, to, "left out " + missing + ", each state of which during the read matches; returned "
            + texts(actual), missing);
      }
    } else if (actual.size() > limit || actual.size() < Math.min(limit, must.size())) {
      failRead(call, from, to, "returned " + actual.size() + " entities, expected at most " + limit + " and at least "
          + Math.min(limit, must.size()) + " (" + must + " match throughout): " + texts(actual), must);
    }
    if (!seen.equals(must)) {
      eitherWay++;
    }
  }

  /** The keys each state of which during the read is an entity that matches. */
  private static <E> Set<String> must(Map<String, List<E>> possible, Predicate<E> condition) {
    Set<String> must = new LinkedHashSet<>();
    possible.forEach((key, states) -> {
      if (!states.isEmpty() && states.stream().allMatch(s -> s != null && condition.test(s))) {
        must.add(key);
      }
    });
    return must;
  }

  private static <E> Set<String> may(Map<String, List<E>> possible, Predicate<E> condition) {
    Set<String> may = new LinkedHashSet<>();
    possible.forEach((key, states) -> {
      if (states.stream().anyMatch(s -> s != null && condition.test(s))) {
        may.add(key);
      }
    });
    return may;
  }

  private String texts(List<E> list) {
    return list.size() + " " + list.stream().map(entities::text).toList();
  }

  private static final java.util.regex.Pattern LIMIT =
      java.util.regex.Pattern.compile(
      "^(?:find|stream|read|get|query|search)(?:Distinct)?(?:Top|First)(\\d*)|first (\\d+)|Limit\\.of\\((\\d+)\\)");

  /**
   * The limit of a check's answer: the one its call names (Top-N, First, "first N", a Limit), or
   * the size of its expected answer when that is shorter than the last question's answer; null
   * when there is none.
   */
  private Integer limitOf(String call, int expected) {
    java.util.regex.Matcher named = LIMIT.matcher(call);
    if (named.find()) {
      for (int group = 1; group <= 3; group++) {
        if (named.group(group) != null && !named.group(group).isEmpty()) {
          return Integer.parseInt(named.group(group));
        }
      }
      return 1; // First or Top without a number
    }
    return model.answer == null || expected >= model.answer.size() ? null : expected;
  }

  /** Whether a walk of pages just judged this answer. */
  private boolean walked() {
    boolean was = walked;
    walked = false;
    return was;
  }

  @Override
  void inOrder(String call, List<E> expected, List<E> actual) {
    if (!walked() && judgeable()) {
      judge(call, actual, limitOf(call, expected.size()), start);
    }
  }

  @Override
  void anyOrder(String call, List<E> expected, List<E> actual) {
    inOrder(call, expected, actual);
  }

  @Override
  void sorted(String call, List<E> matching, Comparator<E> order, int limit, List<E> actual) {
    if (!walked() && judgeable()) {
      judge(call, actual, limit == Integer.MAX_VALUE ? limitOf(call, matching.size()) : Integer.valueOf(limit), start);
    }
  }

  @Override
  void sameEntity(String call, E expected, E actual) {
    if (judgeable()) {
      judge(call, actual == null ? List.of() : List.of(actual), model.answer.size() > 1 ? Integer.valueOf(1) : limitOf(call, 1), start);
    }
  }

  @Override
  void same(String call, Object expected, Object actual) {
    List<E> answer = model.answer;
    if (model.condition == null || answer == null) {
      notJudged++;
      return;
    }
    boolean count = expected instanceof Number e && actual instanceof Number && e.longValue() == answer.size();
    boolean exists = expected instanceof Boolean e && actual instanceof Boolean && e == !answer.isEmpty();
    if (!count && !exists) {
      notJudged++;
      return;
    }
    long to = System.nanoTime();
    Map<String, List<E>> possible = history.possible(start, to);
    Set<String> must = must(possible, model.condition);
    Set<String> may = may(possible, model.condition);
    judged++;
    if (count) {
      long got = ((Number) actual).longValue();
      if (got < must.size() || got > may.size()) {
        failRead(call, start, to, "counted " + got + ", expected from " + must.size() + " to " + may.size(), may);
      }
    } else {
      boolean got = (Boolean) actual;
      if (got ? may.isEmpty() : !must.isEmpty()) {
        failRead(call, start, to, "answered " + got + "; " + must + " match throughout, " + may + " at some time", may);
      }
    }
    if (must.size() != may.size()) {
      eitherWay++;
    }
  }

  @Override
  List<E> pages(String call, Random random, int expected, Function<PageRequest, Page<E>> query) {
    if (model.condition == null) {
      notJudged++;
      return super.pages(call, random, expected, query);
    }
    long walkStart = System.nanoTime();
    List<E> all = new ArrayList<>();
    PageRequest request = PageRequest.of(1 + random.nextInt(5));
    int pages = 0;
    while (request != null) {
      long from = System.nanoTime();
      Page<E> page = query.apply(request);
      if (page.content().size() > request.size()) {
        failRead(call + " page " + pages, from, System.nanoTime(), "returned " + page.content().size()
            + " entities on a page of " + request.size() + ": " + texts(page.content()), Set.of());
      }
      judge(call + " page " + pages, page.content(), page.content().size(), from);
      all.addAll(page.content());
      pagesRead++;
      if (++pages > 1000) {
        failRead(call, walkStart, System.nanoTime(), "the pages do not end: 1000 pages, " + all.size() + " entities",
            Set.of());
      }
      request = page.next() == null ? null : new PageRequest(1 + random.nextInt(5), page.next().continuation());
    }
    long walkEnd = System.nanoTime();
    int walkedPages = pages;
    // Across the walk: an entity that kept one state, and it matches, is on exactly one page.
    Map<String, Integer> times = new HashMap<>();
    all.forEach(e -> times.merge(entities.key(e), 1, Integer::sum));
    history.possible(walkStart, walkEnd).forEach((key, states) -> {
      boolean kept = states.size() == 1 || states.stream().map(entities::text).distinct().count() == 1;
      if (kept && states.get(0) != null && model.condition.test(states.get(0)) && times.getOrDefault(key, 0) != 1) {
        failRead(call + " (all pages)", walkStart, walkEnd, key + " kept one state that matches, and came "
            + times.getOrDefault(key, 0) + " times in " + walkedPages + " pages: " + texts(all), Set.of(key));
      }
    });
    walked = true;
    return all;
  }
}
