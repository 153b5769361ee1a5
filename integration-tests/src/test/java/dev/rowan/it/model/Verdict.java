package dev.rowan.it.model;

import static org.junit.jupiter.api.Assertions.fail;

import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Compares what the repository answered with what the model says, and fails with a message that
 * names the shape, seed, step, operation, the call and both answers, and the recent operations.
 */
class Verdict<E> {

  private final Entities<E> entities;
  private final Supplier<String> where;
  int checks;

  Verdict(Entities<E> entities, Supplier<String> where) {
    this.entities = entities;
    this.where = where;
  }

  /** Fails with the context of the run. */
  void fail(String call, String expected, String actual) {
    org.junit.jupiter.api.Assertions.fail(where.get() + "\n  call:     " + call + "\n  expected: " + expected
        + "\n  actual:   " + actual + "\n" + "  (replay with -Drowan.seed=<seed> on this class)");
  }

  private String texts(List<E> list) {
    return list.size() + " " + list.stream().map(entities::text).collect(Collectors.joining("\n            ", "[\n            ", "]"));
  }

  /**
   * The expectation of a call Rowan must refuse when it is made (a range across the cycles of a
   * {@code @Cyclic} part, a sort no key order serves): an {@code IllegalArgumentException} whose
   * message contains {@code says}, and nothing answered.
   */
  void refused(String call, String says, java.util.function.Supplier<Object> query) {
    Object answer;
    try {
      answer = query.get();
    } catch (IllegalArgumentException expected) {
      if (!String.valueOf(expected.getMessage()).contains(says)) {
        fail(call, "IllegalArgumentException saying " + says, "IllegalArgumentException: " + expected.getMessage());
      }
      checks++;
      return;
    }
    fail(call, "IllegalArgumentException saying " + says, "answered " + Entities.value(answer));
  }

  /** The same entities in the same order. */
  void inOrder(String call, List<E> expected, List<E> actual) {
    checks++;
    List<String> want = expected.stream().map(entities::text).toList();
    List<String> got = actual.stream().map(entities::text).toList();
    if (!want.equals(got)) {
      fail(call, texts(expected), texts(actual));
    }
  }

  /** The same entities, in any order. */
  void anyOrder(String call, List<E> expected, List<E> actual) {
    checks++;
    List<String> want = expected.stream().map(entities::text).sorted().toList();
    List<String> got = actual.stream().map(entities::text).sorted().toList();
    if (!want.equals(got)) {
      fail(call, texts(expected), texts(actual));
    }
  }

  /**
   * The first {@code limit} of the matching entities in {@code order}: ties may come in any order,
   * so each position is compared by the sort only, and every entity must match.
   */
  void sorted(String call, List<E> matching, Comparator<E> order, int limit, List<E> actual) {
    checks++;
    List<E> expected = new ArrayList<>(matching);
    expected.sort(order);
    expected = expected.subList(0, Math.min(limit, expected.size()));
    Set<String> allowed = matching.stream().map(entities::text).collect(Collectors.toSet());
    Set<String> seen = new HashSet<>();
    boolean ok = actual.size() == expected.size();
    for (int i = 0; ok && i < actual.size(); i++) {
      E got = actual.get(i);
      ok = allowed.contains(entities.text(got)) && seen.add(entities.key(got)) && order.compare(got, expected.get(i)) == 0;
    }
    if (ok && limit >= matching.size()) {
      anyOrder(call, matching, actual);
    }
    if (!ok) {
      fail(call, texts(expected) + " (ties in any order)", texts(actual));
    }
  }

  void same(String call, Object expected, Object actual) {
    checks++;
    if (!String.valueOf(expected).equals(String.valueOf(actual))) {
      fail(call, String.valueOf(expected), String.valueOf(actual));
    }
  }

  void sameEntity(String call, E expected, E actual) {
    checks++;
    if (!entities.text(expected).equals(entities.text(actual))) {
      fail(call, entities.text(expected), entities.text(actual));
    }
  }

  static <T> List<T> list(Stream<T> stream) {
    try (stream) {
      return stream.toList();
    }
  }

  /**
   * Walks every page with random page sizes, checking each page's size; fails when the pages do
   * not end within one page per expected entity, plus one.
   */
  List<E> pages(String call, Random random, int expected, Function<PageRequest, Page<E>> query) {
    return pages(call, random, expected, query, PageRequest.of(1 + random.nextInt(5)));
  }

  /** As {@link #pages(String, Random, int, Function)}, from page {@code request} on. */
  List<E> pages(String call, Random random, int expected, Function<PageRequest, Page<E>> query, PageRequest request) {
    List<E> all = new ArrayList<>();
    int pages = 0;
    List<Integer> sizes = new ArrayList<>();
    while (request != null) {
      Page<E> page = query.apply(request);
      sizes.add(page.content().size());
      if (page.content().size() > request.size()) {
        fail(call + " page " + pages, "at most " + request.size() + " entities", texts(page.content()));
      }
      all.addAll(page.content());
      if (++pages > expected + 2) {
        fail(call, "at most " + (expected + 1) + " pages of " + expected + " entities",
            "more pages, sizes " + sizes + ", entities so far " + texts(all));
      }
      request = page.next() == null ? null : new PageRequest(1 + random.nextInt(5), page.next().continuation());
    }
    return all;
  }
}
