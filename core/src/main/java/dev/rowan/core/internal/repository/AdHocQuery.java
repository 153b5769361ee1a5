package dev.rowan.core.internal.repository;

import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Sort;
import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.check.QueryParameters;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.core.internal.query.plan.PlanText;
import dev.rowan.core.internal.query.plan.QueryPlanner;
import dev.rowan.core.internal.read.CallSorts;
import dev.rowan.core.internal.read.InMemoryOrder;
import dev.rowan.core.internal.read.QueryCall;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewNames;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * A query asked in code ({@code rowan.query(Order.class)...}), planned and run as a query method
 * is: its terms become the conditions of one {@code And} group, bound to an argument array, and the
 * same planner, refusals, view checks and cursor apply. Built for each run: planning is a pure
 * function of a few conditions.
 *
 * @param <T> the entity type
 */
public final class AdHocQuery<T> implements PlannedQuery<T> {

  /**
   * One condition of a query asked in code.
   *
   * @param property the entity property, by its field name
   * @param keyword the keyword
   * @param values its arguments, as many as the keyword binds
   */
  public record Term(String property, Keyword keyword, List<Object> values) {

    /**
     * Copies the values, which may hold nulls (refused, naming the property, when the query runs).
     */
    public Term {
      values = Collections.unmodifiableList(new ArrayList<>(values));
    }

    /** {@code property} equals {@code value}. */
    public static Term equal(String property, Object value) {
      return new Term(property, Keyword.EQUALS, Arrays.asList(value));
    }

    /** {@code property} is one of {@code values}. */
    public static Term in(String property, Collection<?> values) {
      return new Term(property, Keyword.IN, Arrays.asList((Object) values));
    }

    /** {@code property} lies in {@code [from, to]}. */
    public static Term between(String property, Object from, Object to) {
      return new Term(property, Keyword.BETWEEN, Arrays.asList(from, to));
    }

    /** {@code property} is below {@code value}, or at most it when {@code orEqual}. */
    public static Term lessThan(String property, Object value, boolean orEqual) {
      return new Term(
          property, orEqual ? Keyword.LESS_THAN_EQUAL : Keyword.LESS_THAN, Arrays.asList(value));
    }

    /** {@code property} is above {@code value}, or at least it when {@code orEqual}. */
    public static Term greaterThan(String property, Object value, boolean orEqual) {
      return new Term(
          property,
          orEqual ? Keyword.GREATER_THAN_EQUAL : Keyword.GREATER_THAN,
          Arrays.asList(value));
    }

    /** String {@code property} starts with {@code prefix}. */
    public static Term startingWith(String property, String prefix) {
      return new Term(property, Keyword.STARTING_WITH, Arrays.asList(prefix));
    }
  }

  private final String name;
  private final EntityStore<T> store;
  private final MethodPlan plan;
  private final InMemoryOrder inMemory;
  private final Object[] args;
  private final int limit;

  private AdHocQuery(
      String name,
      EntityStore<T> store,
      MethodPlan plan,
      InMemoryOrder inMemory,
      Object[] args,
      int limit) {
    this.name = name;
    this.store = store;
    this.plan = plan;
    this.inMemory = inMemory;
    this.args = args;
    this.limit = limit;
  }

  /**
   * Plans a query of {@code store}'s entities through {@code view} (null: as the planner chooses)
   * with {@code terms}, ordered by {@code sort} and cut at {@code limit} (0: no limit); a count
   * when {@code counting}.
   *
   * @throws IllegalArgumentException naming the entity and the property, view or sort at fault, or
   *     the reason the query would read the whole table without {@code allowScan}
   * @throws QueryMethodException naming the entity, the view and its first key property when {@code
   *     view} alone would leave out matching entities whose first view key property is null
   */
  public static <T> AdHocQuery<T> plan(
      EntityStore<T> store,
      @Nullable String view,
      List<Term> terms,
      Sort sort,
      int limit,
      boolean allowScan,
      boolean counting) {
    return plan(store, view, terms, sort, limit, allowScan, counting, true);
  }

  /**
   * The entities that view {@code view} holds rows of and that match {@code terms}, in view key
   * order: what {@code rowan.views(type).find(view, ...)} promises, which an entity without a row
   * in the view (its first view key property null) is not part of.
   */
  static <T> AdHocQuery<T> ofViewRows(EntityStore<T> store, String view, List<Term> terms) {
    return plan(store, view, terms, Sort.unsorted(), 0, true, false, false);
  }

  private static <T> AdHocQuery<T> plan(
      EntityStore<T> store,
      @Nullable String view,
      List<Term> terms,
      Sort sort,
      int limit,
      boolean allowScan,
      boolean counting,
      boolean whole) {
    EntityModel<T> model = store.model();
    String name = name(model);
    List<ViewModel> views = store.context().roster().readable(store.context().declaredViews());
    ViewModel onView = null;
    Optional<String> unread =
        store.context().roster().unreadable().stream()
            .filter(v -> ViewNames.same(v, view))
            .findFirst();
    if (view != null && unread.isPresent()) {
      throw new IllegalStateException(
          name
              + ": view "
              + unread.get()
              + " of "
              + model.entityName()
              + " "
              + store.context().roster().whyUnread(unread.get()));
    }
    if (view != null) {
      onView = named(name, model, views, view);
    }
    String viewName = onView == null ? null : onView.name();
    Asked asked = ask(model, viewName, terms, sort, counting);
    ParsedQuery query = asked.query();
    if (onView != null && whole) {
      refuseIncompleteView(name, model, onView, query.groups().get(0));
    }
    MethodPlan plan =
        query.sorts().isEmpty()
            ? QueryPlanner.plan(query, model, views)
            : CallSorts.plan(
                name,
                query,
                model,
                views,
                null,
                allowScan,
                "Sort by the key's order, or call allowScan() to accept reading every match");
    if (plan.readsWholeTable() && !allowScan) {
      throw new IllegalArgumentException(
          name
              + " "
              + PlanText.wholeRead(
                  viewName == null ? "table " + model.tableName() : "view " + viewName, plan)
              + ". "
              + QueryParameters.suggestView(query, model, views)
              + " Or call allowScan() to accept the full scan.");
    }
    return new AdHocQuery<>(
        name, store, plan, new InMemoryOrder(model, query.sorts()), asked.args(), limit);
  }

  /**
   * How a query asked in code of {@code model}'s entities names itself in messages: {@code
   * rowan.query(Order)}.
   */
  public static String name(EntityModel<?> model) {
    return "rowan.query(" + model.entityName() + ")";
  }

  /**
   * View {@code view} of {@code views} (its name ignoring case).
   *
   * @throws IllegalArgumentException naming the query, the entity and its views when it has no such
   *     view
   */
  public static ViewModel named(
      String name, EntityModel<?> model, List<ViewModel> views, String view) {
    return ViewNames.require(name + ": ", model.entityName(), views, view);
  }

  /**
   * A query asked in code, as a query method's parse would give it, and its arguments.
   *
   * @param query the terms as one {@code And} group, the sort's keys (none when counting) and the
   *     view
   * @param args the terms' values, in the order of the conditions' parameters
   */
  public record Asked(ParsedQuery query, Object[] args) {}

  /**
   * The terms, sort and view (null: none, else its declared name) of a query of {@code model}'s
   * entities, checked as a query method's arguments are.
   *
   * @throws IllegalArgumentException naming the entity and the property or value at fault
   */
  public static Asked ask(
      EntityModel<?> model,
      @Nullable String viewName,
      List<Term> terms,
      Sort sort,
      boolean counting) {
    String name = name(model);
    List<Condition> conditions = new ArrayList<>();
    List<Object> arguments = new ArrayList<>();
    for (Term term : terms) {
      if (model.properties().stream().noneMatch(p -> p.name().equals(term.property()))) {
        throw new IllegalArgumentException(
            name
                + ": "
                + model.entityName()
                + " has no property '"
                + term.property()
                + "'; its properties are "
                + model.properties().stream().map(PropertyModel::name).toList());
      }
      conditions.add(new Condition(term.property(), term.keyword(), arguments.size()));
      arguments.addAll(term.values());
    }
    List<SortKey> sorts = counting ? List.of() : CallSorts.keys(sort); // a count has no order
    ParsedQuery query =
        new ParsedQuery(
            name,
            counting ? QueryAction.COUNT : QueryAction.FIND,
            0,
            List.of(conditions),
            sorts,
            viewName,
            arguments.size());
    Object[] args = arguments.toArray();
    ConditionCheck.checkArguments(name, query, args, model, new String[args.length]);
    return new Asked(query, args);
  }

  /**
   * Refuses reading {@code view} alone for {@code conditions} when entities that match have no row
   * in it: their first view key property is null and no condition excludes null from it.
   */
  private static void refuseIncompleteView(
      String name, EntityModel<?> model, ViewModel view, List<Condition> conditions) {
    QueryPlanner.nullsLeftOut(view, conditions)
        .ifPresent(
            lead -> {
              throw QueryMethodException.ofQuery(
                  name
                      + " cannot read only view '"
                      + view.name()
                      + "' of "
                      + model.entityName()
                      + " without a condition on its first key property "
                      + lead.name()
                      + ": an "
                      + model.entityName()
                      + " whose "
                      + lead.name()
                      + " is null has no row in that view, so the answer would"
                      + " leave it out. Add a condition on "
                      + lead.name()
                      + ", or leave out on(\""
                      + view.name()
                      + "\") so that the planner chooses (the main table, with allowScan(), when no view answers).");
            });
  }

  @Override
  public Stream<T> stream(@Nullable Predicate<? super T> filter) {
    QueryCall<T> call =
        new QueryCall<>(
            name,
            store.context(),
            store.viewReader(),
            plan,
            inMemory,
            null,
            null,
            filter == null ? limit : 0,
            args);
    @SuppressWarnings("unchecked")
    Stream<T> entities = (Stream<T>) (Stream<?>) call.stream();
    if (filter != null) {
      entities = entities.filter(filter);
      if (limit > 0) {
        entities = entities.limit(limit);
      }
    }
    return entities;
  }

  @Override
  public long count() {
    return new QueryCall<>(
            name, store.context(), store.viewReader(), plan, inMemory, null, null, limit, args)
        .count();
  }

  @Override
  public String explain() {
    return PlanText.explain(name, plan, store.model());
  }
}
