package dev.rowan.core.internal.repository;

import dev.rowan.core.Sort;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A query asked in code ({@code rowan.query(...)}), planned and ready to run: on one entity's
 * tables ({@link AdHocQuery}), or on the tables of each period an entity kept in one table per
 * period has ({@link dev.rowan.core.internal.period.PeriodAdHocQuery}); an entity's {@link
 * EntityStorage} gives its planner.
 *
 * <p>Thread-safety: thread-safe; each run reads afresh.
 *
 * @param <T> the entity type
 */
public interface PlannedQuery<T> {

  /**
   * The entities that match and that {@code filter} (null: none) accepts, lazily, at most the
   * limit.
   */
  Stream<T> stream(@Nullable Predicate<? super T> filter);

  /** How many entities match, read as a count method reads them, at most the limit. */
  long count();

  /** The plan text, as a repository's {@code explain} gives it. */
  String explain();

  /**
   * Plans queries asked in code of one entity type.
   *
   * @param <T> the entity type
   */
  @FunctionalInterface
  interface Planner<T> {

    /**
     * Plans a query through {@code view} (null: as the planner chooses) with {@code terms}, ordered
     * by {@code sort} and cut at {@code limit} (0: no limit); a count when {@code counting}.
     *
     * @throws IllegalArgumentException naming the entity and the property, view or sort at fault,
     *     or the reason the query would read the whole table without {@code allowScan}
     * @throws dev.rowan.core.QueryMethodException naming the entity when the query cannot be served
     *     as asked
     */
    PlannedQuery<T> plan(
        @Nullable String view,
        List<AdHocQuery.Term> terms,
        Sort sort,
        int limit,
        boolean allowScan,
        boolean counting);
  }
}
