package dev.rowan.core.internal.repository;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.rowan.core.Limit;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Sort;
import dev.rowan.core.TimeRange;
import dev.rowan.core.internal.context.ViewRoster;
import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.check.Projection;
import dev.rowan.core.internal.query.check.ResultKind;
import dev.rowan.core.internal.query.check.SpecialParameters;
import dev.rowan.core.internal.query.parse.MethodProblems;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.query.plan.CompiledQuery;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.core.internal.query.plan.PlanText;
import dev.rowan.core.internal.query.plan.QueryCompiler;
import dev.rowan.core.internal.read.BuildingViewPlans;
import dev.rowan.core.internal.read.CallSorts;
import dev.rowan.core.internal.read.InMemoryOrder;
import dev.rowan.core.internal.read.PageTokens;
import dev.rowan.core.internal.read.QueryCall;
import dev.rowan.core.internal.read.VersionReads;
import dev.rowan.index.EntityHistory;
import dev.rowan.mapping.EntityModel;
import java.lang.reflect.Method;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * One derived query method of a repository: parsed, planned and checked when the repository is
 * created, then executed on every call with nothing left to decide but the arguments. A find
 * returns entities or, when it declares a record or interface of some of the entity's properties,
 * projections of them ({@link Projection}), reading only those properties. Trailing {@link Sort}
 * and {@link Limit} parameters choose the order and the most results at each call: a call's sort is
 * planned once and kept ({@link #plans}), and refused when it would sort every match in memory.
 *
 * @param <T> the entity type
 */
public final class QueryMethod<T> implements RepositoryHandler.DerivedQuery {

  private final String name;
  private final EntityStore<T> store;

  /** The plan of a call without a {@code Sort} (or whose sort is the name's). */
  private final MethodPlan plan;

  private final ResultKind result;
  private final SpecialParameters special;

  /** Identifies the method in its page tokens ({@link PageTokens#fingerprint}). */
  private final byte[] fingerprint;

  /** The order of results that are collected whole: those of Or groups or of a sort in memory. */
  private final InMemoryOrder inMemory;

  private final String[] parameterNames;

  /** What the method returns of each entity instead of the entity, or null. */
  private final @Nullable Projection projection;

  /** The plans of the sorts calls have asked for, with the reason a sort is refused. */
  private final Cache<List<SortKey>, Planned> plans = Caffeine.newBuilder().maximumSize(64).build();

  /** The plans of the method's questions without the views still building. */
  private final BuildingViewPlans withoutBuilding;

  /** The plan of one sort, and the order of its results in memory; or why the sort is refused. */
  private record Planned(
      @Nullable MethodPlan plan, @Nullable InMemoryOrder inMemory, @Nullable String refusal) {}

  private QueryMethod(
      CompiledQuery compiled, EntityStore<T> store, byte[] fingerprint, boolean allowScan) {
    this.name = compiled.name();
    this.store = store;
    this.plan = compiled.plan();
    this.result = compiled.result();
    this.special = compiled.special();
    this.fingerprint = fingerprint;
    this.inMemory = new InMemoryOrder(store.model(), plan.query().sorts());
    this.parameterNames = compiled.parameterNames();
    this.projection = compiled.projection();
    this.withoutBuilding =
        new BuildingViewPlans(
            name,
            store.model(),
            store.context().declaredViews(),
            projection == null ? null : projection.properties(),
            allowScan,
            store.context().roster()::whyUnread);
  }

  /** The text {@code explain} returns. */
  /** The plan of a call without a {@code Sort}, with every view readable. */
  @Override
  public MethodPlan plan() {
    return plan;
  }

  @Override
  public String explain() {
    String text = PlanText.explain(name, plan, store.model());
    Set<String> building = store.context().roster().unreadable();
    if (BuildingViewPlans.readsAny(plan, building)) {
      String meanwhile;
      try {
        meanwhile =
            PlanText.explain(name, withoutBuilding.around(plan, building, false), store.model());
      } catch (IllegalStateException refused) {
        meanwhile = "  refused: " + refused.getMessage() + "\n";
      }
      ViewRoster roster = store.context().roster();
      String state =
          building.stream().allMatch(view -> roster.whyUnread(view).equals(ViewRoster.DROPPED))
              ? "dropped"
              : building.stream()
                      .allMatch(view -> roster.whyUnread(view).equals(ViewRoster.MISSING))
                  ? "missing"
                  : "building";
      text +=
          "  "
              + state
              + ": "
              + String.join(
                  "; ",
                  building.stream()
                      .sorted()
                      .map(view -> "view " + view + " " + roster.whyUnread(view))
                      .toList())
              + "; meanwhile the method reads:\n"
              + meanwhile.indent(2);
    }
    return text + parameterLines(plan, special, result, store.model());
  }

  /**
   * The lines {@code explain} adds for the method's {@code Sort}, {@code TimeRange} and {@code
   * Limit} parameters and versions.
   */
  public static String parameterLines(
      MethodPlan plan, SpecialParameters special, ResultKind result, EntityModel<?> model) {
    String text = "";
    if (special.sort() >= 0) {
      text +=
          "  order: from the Sort parameter, at each call: by key where the table or view read serves it,"
              + " refused where it would sort every match in memory\n";
    }
    if (result == ResultKind.VERSIONS) {
      text +=
          "  versions: of the entity the get names, newest first, at most "
              + EntityHistory.depth(model)
              + " (the most its families keep): one scan of every version"
              + " of every cell of its main row (Scan.setRaw, readAllVersions); views hold the latest state only\n";
    }
    if (special.timeRange() >= 0) {
      text +=
          "  time range: from the TimeRange parameter, at each call: the entities as they were at its end, written"
              + " within it; the main table only, which keeps every version (Get/Scan.setTimeRange)\n";
    }
    if (special.limit() >= 0) {
      text +=
          "  limit: from the Limit parameter, at each call"
              + (plan.query().limit() > 0
                  ? " (at most " + plan.query().limit() + ", the name's)"
                  : "")
              + "; each scan limited to it (Scan.setLimit)\n";
    }
    return text;
  }

  /**
   * Refuses a call of method {@code name} whose {@code PageRequest}, {@code Sort}, {@code
   * TimeRange} or {@code Limit} is null, saying what to pass instead.
   *
   * @throws IllegalArgumentException naming the method and the parameter
   */
  public static void refuseNullSpecials(String name, SpecialParameters special, Object[] args) {
    refuseNull(name, special.page(), args, "PageRequest", "start with PageRequest.of(size)");
    refuseNull(
        name, special.sort(), args, "Sort", "pass Sort.unsorted() for the method's own order");
    refuseNull(
        name,
        special.timeRange(),
        args,
        "TimeRange",
        "pass TimeRange.since(Instant.EPOCH) for the latest state");
    refuseNull(name, special.limit(), args, "Limit", "pass Limit.unlimited() for no limit");
  }

  /** Whether the call's {@code Limit} asks for no result ({@code Limit.of(0)}). */
  public static boolean limitsToNone(SpecialParameters special, Object[] args) {
    return special.limit() >= 0 && ((Limit) args[special.limit()]).max() == 0;
  }

  /**
   * The empty result of a find that returns {@code result}, as a call limited to no result returns
   * it.
   */
  public static @Nullable Object none(ResultKind result) {
    return switch (result) {
      case LIST, VERSIONS -> List.of();
      case SET -> new LinkedHashSet<>();
      case STREAM -> Stream.empty();
      case OPTIONAL -> Optional.empty();
      case ENTITY -> null;
      default -> throw new IllegalStateException(result + " takes no Limit");
    };
  }

  private static void refuseNull(String name, int at, Object[] args, String type, String instead) {
    if (at >= 0 && args[at] == null) {
      throw new IllegalArgumentException(name + ": the " + type + " is null; " + instead);
    }
  }

  /**
   * Builds the query method of {@code method} ({@link QueryCompiler#compile}), or adds to {@code
   * problems} every reason it cannot be served and returns null.
   */
  public static <T> @Nullable QueryMethod<T> create(
      Class<?> repository, Method method, EntityStore<T> store, MethodProblems problems) {
    CompiledQuery compiled =
        QueryCompiler.compile(
            repository, method, store.model(), store.context().declaredViews(), problems);
    return compiled == null
        ? null
        : new QueryMethod<>(
            compiled,
            store,
            PageTokens.fingerprint(repository, method, store.model().type()),
            QueryCompiler.scanAccepted(method, compiled.plan().query(), store.model()));
  }

  @Override
  public @Nullable Object invoke(Object[] args) {
    refuseNullSpecials(name, special, args);
    PageRequest page = special.page() >= 0 ? (PageRequest) args[special.page()] : null;
    ConditionCheck.checkArguments(name, plan.query(), args, store.model(), parameterNames);
    Planned planned = planned(args);
    MethodPlan chosen = Objects.requireNonNull(planned.plan(), "a sort not refused has a plan");
    if (limitsToNone(special, args)) {
      return none(result);
    }
    MethodPlan readable =
        withoutBuilding.around(chosen, store.context().roster().unreadable(), chosen != plan);
    if (readable != plan) {
      CallObserver.planned(readable, store.model()); // an observed call reads what this plan reads
    }
    // a page token names a position in the table its plan read: one of a plan without a building
    // view is its own
    byte[] pages =
        readable == chosen
            ? fingerprint
            : PageTokens.fingerprint(
                fingerprint, "without building views " + store.context().roster().unreadable());
    QueryCall<T> call =
        new QueryCall<>(
            name,
            store.context(),
            store.viewReader(),
            readable,
            Objects.requireNonNull(planned.inMemory(), "a sort not refused has an order"),
            projection,
            pages,
            limit(args),
            args,
            timeRange(args));
    QueryAction action = plan.query().action();
    return switch (result) {
      case LIST -> call.list();
      case SET -> new LinkedHashSet<>(call.list());
      case STREAM -> call.stream();
      case OPTIONAL -> Optional.ofNullable(call.single());
      case ENTITY -> call.single();
      case PAGE -> call.page(page);
      case COUNT_LONG -> action == QueryAction.DELETE ? (long) delete(call) : (long) call.count();
      case COUNT_INT -> action == QueryAction.DELETE ? delete(call) : call.count();
      case BOOLEAN -> call.exists();
      case VOID -> {
        delete(call);
        yield null;
      }
      case VERSIONS ->
          VersionReads.of(name, store.context(), readable.groups().get(0), args, limit(args));
    };
  }

  /** Deletes what {@code call} finds; the number deleted. */
  private int delete(QueryCall<T> call) {
    List<T> entities = call.toDelete();
    store.deleteAll(entities);
    return entities.size();
  }

  /** The plan of this call: the method's, or the one of the call's {@code Sort}. */
  private Planned planned(Object[] args) {
    if (special.sort() < 0) {
      return new Planned(plan, inMemory, null);
    }
    Sort sort = (Sort) args[special.sort()];
    if (sort.isUnsorted()) {
      return new Planned(plan, inMemory, null);
    }
    List<SortKey> sorts = CallSorts.keys(sort);
    Planned planned = plans.get(sorts, this::plan);
    if (planned.refusal() != null) {
      throw new IllegalArgumentException(planned.refusal());
    }
    return planned;
  }

  /**
   * The plan of the method's conditions with {@code sorts}, which a call's {@code Sort} asks for,
   * or why the sort is refused ({@link CallSorts#plan}).
   */
  private Planned plan(List<SortKey> sorts) {
    EntityModel<T> model = store.model();
    ParsedQuery query = plan.query();
    ParsedQuery sorted =
        new ParsedQuery(
            query.methodName(),
            query.action(),
            query.limit(),
            query.groups(),
            sorts,
            query.view(),
            query.parameterCount());
    try {
      MethodPlan planned =
          CallSorts.plan(
              name,
              sorted,
              model,
              special.timeRange() >= 0 ? List.of() : store.context().declaredViews(),
              projection == null ? null : projection.properties(),
              false,
              "Sort by the key's order, declare a view whose key serves this order, or declare a method that names"
                  + " this order ("
                  + CallSorts.orderBy(sorts)
                  + "), which sorts in memory");
      return new Planned(planned, new InMemoryOrder(model, sorts), null);
    } catch (IllegalArgumentException refused) {
      return new Planned(null, null, refused.getMessage());
    }
  }

  /** The call's {@code TimeRange}, or null when the method takes none. */
  private @Nullable TimeRange timeRange(Object[] args) {
    if (special.timeRange() < 0) {
      return null;
    }
    return (TimeRange) args[special.timeRange()];
  }

  /**
   * The most results of this call: the name's {@code First}/{@code Top} and the call's {@code
   * Limit}, the smaller.
   */
  private int limit(Object[] args) {
    return special.effectiveLimit(plan.query().limit(), args);
  }
}
