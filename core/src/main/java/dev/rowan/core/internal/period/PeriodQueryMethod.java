package dev.rowan.core.internal.period;

import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Sort;
import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.check.SpecialParameters;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.query.plan.CompiledQuery;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.core.internal.query.plan.PeriodChecks;
import dev.rowan.core.internal.query.plan.PeriodRange;
import dev.rowan.core.internal.query.plan.PlanText;
import dev.rowan.core.internal.query.plan.QueryCompiler;
import dev.rowan.core.internal.read.CallSorts;
import dev.rowan.core.internal.read.PageTokens;
import dev.rowan.core.internal.repository.EntityStore;
import dev.rowan.core.internal.repository.QueryMethod;
import dev.rowan.core.internal.repository.RepositoryHandler;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import java.lang.reflect.Method;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A derived query method of an entity kept in one table per period: compiled once when its
 * repository is created (and refused there as {@link PeriodChecks} says), then at each call run on
 * every period its arguments can match ({@link PeriodRange}), one period after another in the order
 * of the period property (newest first when the method orders by it descending), each by the
 * period's own {@link QueryMethod}. Lists and streams are the periods' results in turn, cut at the
 * method's limit; counts add up; a page continues in the period where the one before stopped (its
 * token names the period).
 *
 * <p>Thread-safety: thread-safe.
 *
 * @param <T> the entity type
 */
final class PeriodQueryMethod<T> implements RepositoryHandler.DerivedQuery {

  private final Class<?> repository;
  private final Method method;
  private final PeriodStores<T> stores;
  private final CompiledQuery compiled;
  private final PeriodModel periods;

  /** Identifies the method in its page tokens ({@link PageTokens#fingerprint}). */
  private final byte[] fingerprint;

  private final Map<LocalDate, QueryMethod<T>> byPeriod = new ConcurrentHashMap<>();

  private PeriodQueryMethod(
      Class<?> repository, Method method, PeriodStores<T> stores, CompiledQuery compiled) {
    this.repository = repository;
    this.method = method;
    this.stores = stores;
    this.compiled = compiled;
    this.periods = stores.periodModel();
    this.fingerprint = PageTokens.fingerprint(repository, method, stores.model().type());
  }

  /**
   * The query method {@code method}, or null after adding to {@code problems} why it cannot be
   * served.
   */
  static <T> @Nullable PeriodQueryMethod<T> create(
      Class<?> repository, Method method, PeriodStores<T> stores, MethodProblems problems) {
    EntityModel<T> model = stores.model();
    CompiledQuery compiled =
        QueryCompiler.compile(
            repository, method, model, ViewMaintainer.of(model).views(), problems);
    return compiled == null ? null : new PeriodQueryMethod<>(repository, method, stores, compiled);
  }

  /** The plan of a call without a {@code Sort}, with every view readable. */
  @Override
  public MethodPlan plan() {
    return compiled.plan();
  }

  @Override
  public String explain() {
    ParsedQuery query = compiled.plan().query();
    List<LocalDate> existing = stores.periods();
    String table = stores.model().tableName();
    List<String> bounds = PeriodRange.bounds(query, periods);
    String order =
        compiled.special().sort() >= 0
            ? "in the order of the call's Sort (newest first when it sorts by "
                + periods.property().name()
                + " descending; the method's own: "
                + (descending(query) ? "newest" : "oldest")
                + " first)"
            : (descending(query) ? "newest" : "oldest") + " first";
    return PlanText.explain(compiled.name(), compiled.plan(), stores.model())
        + QueryMethod.parameterLines(
            compiled.plan(), compiled.special(), compiled.result(), stores.model())
        + "  periods: "
        + periods.describe(table)
        + "; a call reads the periods "
        + (bounds.isEmpty()
            ? "that exist, every one (@AllowScan)"
            : "its " + String.join(", ", bounds) + " can match, of those that exist")
        + ", one after another, "
        + order
        + ", each period's tables ("
        + periods.pattern(table)
        + " and its views, "
        + periods.pattern(table)
        + ".<view>) as above"
        + "; existing now: "
        + (existing.isEmpty()
            ? "none"
            : existing.size() == 1
                ? table + periods.suffix(existing.get(0))
                : existing.size()
                    + " periods, "
                    + table
                    + periods.suffix(existing.get(0))
                    + " to "
                    + table
                    + periods.suffix(existing.get(existing.size() - 1)))
        + "\n";
  }

  @Override
  public @Nullable Object invoke(Object[] args) throws Throwable {
    ParsedQuery query = compiled.plan().query();
    SpecialParameters special = compiled.special();
    QueryMethod.refuseNullSpecials(compiled.name(), special, args); // also when no period is read
    ConditionCheck.checkArguments(
        compiled.name(), query, args, stores.model(), compiled.parameterNames());
    List<SortKey> sorts = query.sorts();
    if (special.sort() >= 0 && args[special.sort()] instanceof Sort sort && !sort.isUnsorted()) {
      sorts = CallSorts.keys(sort);
      String problem = PeriodChecks.sortProblem(sorts, periods);
      if (problem != null) {
        throw new IllegalArgumentException(compiled.name() + ": the Sort " + problem);
      }
    }
    if (QueryMethod.limitsToNone(special, args)) {
      return QueryMethod.none(compiled.result());
    }
    List<LocalDate> existing = stores.periods();
    byPeriod
        .keySet()
        .retainAll(existing); // a period dropped and made again gets a store of its new tables
    List<LocalDate> order = PeriodRange.order(query, args, periods, existing, sorts);
    boolean descending = PeriodRange.newestFirst(sorts);
    int limit = limit(args);
    return switch (compiled.result()) {
      case LIST -> list(order, args, limit);
      case SET -> new LinkedHashSet<>(list(order, args, limit));
      case STREAM -> stream(order, args, limit);
      case OPTIONAL -> Optional.ofNullable(single(order, args, limit));
      case ENTITY -> single(order, args, limit);
      case PAGE -> page(query, order, descending, args);
      case COUNT_LONG -> sum(order, args, limit);
      case COUNT_INT -> (int) sum(order, args, limit);
      case BOOLEAN -> exists(order, args);
      case VOID -> {
        sum(order, args, 0);
        yield null;
      }
      case VERSIONS -> versions(order, args);
    };
  }

  /** The period's query method, compiled on first use against its store. */
  private QueryMethod<T> in(LocalDate period) {
    return byPeriod.computeIfAbsent(
        period,
        p -> {
          EntityStore<T> store = stores.existing(p);
          if (store == null) {
            return null;
          }
          MethodProblems problems = MethodProblems.of(repository, method);
          QueryMethod<T> query = QueryMethod.create(repository, method, store, problems);
          if (query == null) {
            throw new IllegalStateException(
                compiled.name() + " cannot be served on period " + p + ": " + problems);
          }
          return query;
        });
  }

  /**
   * What the period's method returns for {@code args}; null when its tables went since they were
   * listed.
   */
  private @Nullable Object call(LocalDate period, Object[] args) throws Throwable {
    QueryMethod<T> query = in(period);
    try {
      return query == null ? null : query.invoke(args);
    } catch (RuntimeException failed) {
      if (stores.periodGone(failed)) {
        byPeriod.remove(period);
        return null;
      }
      throw failed;
    }
  }

  private List<Object> list(List<LocalDate> order, Object[] args, int limit) throws Throwable {
    List<Object> all = new ArrayList<>();
    for (LocalDate period : order) {
      Object found = call(period, args);
      if (found != null) {
        all.addAll((Collection<?>) found);
      }
      if (limit > 0 && all.size() >= limit) {
        return new ArrayList<>(all.subList(0, limit));
      }
    }
    return all;
  }

  @SuppressWarnings("unchecked")
  private Stream<Object> stream(List<LocalDate> order, Object[] args, int limit) {
    Stream<Object> all =
        PeriodStreams.concat(
            order.size(),
            i -> {
              try {
                Object found = call(order.get(i), args);
                return found == null ? Stream.empty() : (Stream<Object>) found;
              } catch (RuntimeException | Error e) {
                throw e;
              } catch (Throwable e) {
                throw new IllegalStateException(e);
              }
            },
            stores::periodGone);
    return limit > 0 ? all.limit(limit) : all;
  }

  private @Nullable Object single(List<LocalDate> order, Object[] args, int limit)
      throws Throwable {
    Object first = null;
    for (LocalDate period : order) {
      Object found = call(period, args);
      Object one = found instanceof Optional<?> optional ? optional.orElse(null) : found;
      if (one == null) {
        continue;
      }
      if (first == null) {
        first = one;
        if (limit > 0) {
          return first;
        }
      } else {
        throw new IllegalStateException(
            compiled.name()
                + " found more than one "
                + stores.model().entityName()
                + " (in two period tables); declare it to return a List, or name it findFirstBy...");
      }
    }
    return first;
  }

  private long sum(List<LocalDate> order, Object[] args, int limit) throws Throwable {
    long total = 0;
    for (LocalDate period : order) {
      Object found = call(period, args);
      total += found == null ? 0 : ((Number) found).longValue();
      if (limit > 0 && total >= limit) {
        return limit;
      }
    }
    return total;
  }

  private boolean exists(List<LocalDate> order, Object[] args) throws Throwable {
    for (LocalDate period : order) {
      if (Boolean.TRUE.equals(call(period, args))) {
        return true;
      }
    }
    return false;
  }

  private Object versions(List<LocalDate> order, Object[] args) throws Throwable {
    for (LocalDate period : order) { // a get by key: one period at most holds the entity
      Object found = call(period, args);
      if (found instanceof Collection<?> versions && !versions.isEmpty()) {
        return found;
      }
    }
    return List.of();
  }

  /**
   * A page: the periods read in turn from the one the request's token names (the first otherwise;
   * the next one that exists when the token's was dropped since), each continued from the token's
   * position in it, until the page is full. Its token names the period and the position there, or
   * the start of the next period that holds a match.
   */
  @SuppressWarnings("unchecked")
  private Page<Object> page(
      ParsedQuery query, List<LocalDate> order, boolean descending, Object[] args)
      throws Throwable {
    int at = compiled.special().page();
    PageRequest request = (PageRequest) args[at];
    int from = 0;
    byte[] inner = null;
    if (!request.isFirst()) {
      PageTokens.PeriodPosition position =
          PageTokens.readPeriod(compiled.name(), fingerprint, request.continuation());
      LocalDate period =
          Objects.requireNonNull(position, "a page after the first has a token").period();
      from = PeriodRange.resume(query, args, periods, order, period, descending);
      if (from < 0) {
        throw new IllegalArgumentException(
            compiled.name()
                + ": the PageRequest continues in period "
                + period
                + ", which this call does not read (its arguments differ from those of the call that made it)");
      }
      boolean samePeriod =
          from < order.size() && order.get(from).equals(period); // else it was dropped
      inner = samePeriod ? position.inner() : null;
    }
    List<Object> content = new ArrayList<>();
    Object[] periodArgs = args.clone();
    for (int i = from; i < order.size(); i++) {
      int wanted = request.size() - content.size();
      periodArgs[at] = new PageRequest(wanted, i == from ? inner : null);
      Page<Object> page = (Page<Object>) call(order.get(i), periodArgs);
      if (page != null) {
        content.addAll(page.content());
        PageRequest nextPage = page.next();
        if (nextPage != null) {
          return new Page<>(
              content,
              new PageRequest(request.size(), token(order.get(i), nextPage.continuation())));
        }
      }
      if (content.size() == request.size()) {
        for (int next = i + 1; next < order.size(); next++) {
          if (holdsMatch(order.get(next), args)) {
            return new Page<>(
                content, new PageRequest(request.size(), token(order.get(next), null)));
          }
        }
        return new Page<>(content, null);
      }
    }
    return new Page<>(content, null);
  }

  private byte[] token(LocalDate period, byte @Nullable [] inner) {
    return PageTokens.write(fingerprint, new PageTokens.PeriodPosition(period, inner));
  }

  /**
   * Whether {@code period} holds a match of a paged call with {@code args}: its first page of one
   * is not empty.
   */
  private boolean holdsMatch(LocalDate period, Object[] args) throws Throwable {
    Object[] first = args.clone();
    first[compiled.special().page()] = PageRequest.of(1);
    return call(period, first) instanceof Page<?> page && !page.content().isEmpty();
  }

  /**
   * The most results of a call: the name's First/Top and the call's Limit, the smaller; 0 for none.
   */
  private int limit(Object[] args) {
    return compiled.special().effectiveLimit(compiled.plan().query().limit(), args);
  }

  private boolean descending(ParsedQuery query) {
    return PeriodRange.newestFirst(query.sorts());
  }
}
