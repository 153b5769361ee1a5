package dev.rowan.core;

import dev.rowan.core.internal.repository.AdHocQuery;
import dev.rowan.core.internal.repository.PlannedQuery;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A question the method-name grammar cannot say, asked in code: the escape hatch of query methods
 * (docs/queries.md, "Queries in code"). Conditions, a view, a sort and a limit are given as a
 * repository method's name would give them, and planned the same way (the same planner, the same
 * view checks: no view row that is not settled is returned unchecked); a {@link #filter(Predicate)
 * filter} then tests each entity in the client, for what no keyword says. A question that would
 * read the whole table is refused unless {@link #allowScan()} says so, as {@code @AllowScan} does
 * for a method.
 *
 * <pre>{@code
 * List<Order> big = rowan.query(Order.class)
 *     .on("seller")                                  // optional: the view to read
 *     .where("sellerId", "s-1")
 *     .whereBetween("createdAt", from, to)
 *     .filter(order -> order.amount() != null && order.amount().scale() > 2)
 *     .orderBy(Sort.by("createdAt").descending())
 *     .limit(20)
 *     .list();
 * }</pre>
 *
 * <p>An entity kept in one table per period ({@code @TablePerPeriod}) is queried as its query
 * methods are: every condition group must bound the period property (or {@link #allowScan()}
 * accepts reading every period), an order must start with the period property, and the periods the
 * bounds can match are read one after another, oldest first (newest first when ordered by the
 * period property descending), the limit counting across them.
 *
 * <p>Each method returns a new query; a query is immutable, thread-safe and may be run many times.
 * Errors name the entity and the property or view at fault, as a repository's do: an unknown
 * property, a value of another type, a sort that would sort every match in memory.
 *
 * @param <T> the entity type
 * @since 0.1
 */
public final class EntityQuery<T> {

  private final PlannedQuery.Planner<T> planner;
  private final @Nullable String view;
  private final List<AdHocQuery.Term> terms;
  private final Sort sort;
  private final int limit;
  private final @Nullable Predicate<? super T> filter;
  private final boolean allowScan;

  EntityQuery(PlannedQuery.Planner<T> planner) {
    this(planner, null, List.of(), Sort.unsorted(), 0, null, false);
  }

  private EntityQuery(
      PlannedQuery.Planner<T> planner,
      @Nullable String view,
      List<AdHocQuery.Term> terms,
      Sort sort,
      int limit,
      @Nullable Predicate<? super T> filter,
      boolean allowScan) {
    this.planner = planner;
    this.view = view;
    this.terms = List.copyOf(terms);
    this.sort = sort;
    this.limit = limit;
    this.filter = filter;
    this.allowScan = allowScan;
  }

  private EntityQuery<T> with(AdHocQuery.Term term) {
    List<AdHocQuery.Term> more = new ArrayList<>(terms);
    more.add(term);
    return new EntityQuery<>(planner, view, more, sort, limit, filter, allowScan);
  }

  /**
   * This query, read through view {@code view} (its name as declared) rather than as the planner
   * chooses.
   */
  public EntityQuery<T> on(String view) {
    return new EntityQuery<>(
        planner, Objects.requireNonNull(view, "view"), terms, sort, limit, filter, allowScan);
  }

  /** Only entities whose {@code property} equals {@code value}. */
  public EntityQuery<T> where(String property, Object value) {
    return with(AdHocQuery.Term.equal(property, value));
  }

  /** Only entities whose {@code property} is one of {@code values}. */
  public EntityQuery<T> whereIn(String property, Collection<?> values) {
    return with(AdHocQuery.Term.in(property, values));
  }

  /** Only entities whose {@code property} lies in {@code [from, to]}, both ends included. */
  public EntityQuery<T> whereBetween(String property, Object from, Object to) {
    return with(AdHocQuery.Term.between(property, from, to));
  }

  /** Only entities whose {@code property} is below {@code value}. */
  public EntityQuery<T> whereLessThan(String property, Object value) {
    return with(AdHocQuery.Term.lessThan(property, value, false));
  }

  /** Only entities whose {@code property} is at most {@code value}. */
  public EntityQuery<T> whereLessThanEqual(String property, Object value) {
    return with(AdHocQuery.Term.lessThan(property, value, true));
  }

  /** Only entities whose {@code property} is above {@code value}. */
  public EntityQuery<T> whereGreaterThan(String property, Object value) {
    return with(AdHocQuery.Term.greaterThan(property, value, false));
  }

  /** Only entities whose {@code property} is at least {@code value}. */
  public EntityQuery<T> whereGreaterThanEqual(String property, Object value) {
    return with(AdHocQuery.Term.greaterThan(property, value, true));
  }

  /** Only entities whose string {@code property} starts with {@code prefix}. */
  public EntityQuery<T> whereStartingWith(String property, String prefix) {
    return with(AdHocQuery.Term.startingWith(property, prefix));
  }

  /**
   * Only entities that {@code filter} accepts, tested in the client on each entity that every other
   * condition has let through (and the view checks have confirmed); combined with an earlier filter
   * by {@code and}. A limit counts the entities it accepts.
   */
  public EntityQuery<T> filter(Predicate<? super T> filter) {
    Objects.requireNonNull(filter, "filter");
    Predicate<? super T> combined = this.filter == null ? filter : both(this.filter, filter);
    return new EntityQuery<>(planner, view, terms, sort, limit, combined, allowScan);
  }

  private static <T> Predicate<T> both(Predicate<? super T> first, Predicate<? super T> second) {
    return entity -> first.test(entity) && second.test(entity);
  }

  /**
   * This query's results in {@code sort}'s order, as a repository method's {@code Sort} parameter
   * orders them.
   */
  public EntityQuery<T> orderBy(Sort sort) {
    return new EntityQuery<>(
        planner, view, terms, Objects.requireNonNull(sort, "sort"), limit, filter, allowScan);
  }

  /** At most {@code max} results. */
  public EntityQuery<T> limit(int max) {
    if (max < 1) {
      throw new IllegalArgumentException("a limit is at least 1 result, not " + max);
    }
    return new EntityQuery<>(planner, view, terms, sort, max, filter, allowScan);
  }

  /** This query, allowed to read the whole table or view when no condition bounds its key. */
  public EntityQuery<T> allowScan() {
    return new EntityQuery<>(planner, view, terms, sort, limit, filter, true);
  }

  private PlannedQuery<T> plan(boolean counting) {
    return planner.plan(view, terms, sort, limit, allowScan, counting && filter == null);
  }

  /** The entities that match, in the asked order. */
  public List<T> list() {
    try (Stream<T> all = stream()) {
      return all.toList();
    }
  }

  /** The entities that match, read lazily; close the stream to release its scanners. */
  public Stream<T> stream() {
    return plan(false).stream(filter);
  }

  /** The first entity that matches, in the asked order. */
  public Optional<T> first() {
    try (Stream<T> all = limit(1).stream()) {
      return all.findFirst();
    }
  }

  /**
   * How many entities match: from keys alone when no filter needs the entities, as a count method
   * reads.
   */
  public long count() {
    if (filter == null) {
      return plan(true).count();
    }
    try (Stream<T> all = stream()) {
      return all.count();
    }
  }

  /** How Rowan reads this query: the plan text a repository's {@code explain} gives. */
  public String explain() {
    return plan(false).explain();
  }
}
