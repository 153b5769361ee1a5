package dev.rowan.core.internal;

import dev.rowan.core.AllowScan;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.internal.QueryCursor.Found;
import dev.rowan.core.internal.query.Action;
import dev.rowan.core.internal.query.AccessPlan;
import dev.rowan.core.internal.query.ConditionCheck;
import dev.rowan.core.internal.query.Projection;
import dev.rowan.core.internal.query.RowRead;
import dev.rowan.core.internal.query.MethodNameParser;
import dev.rowan.core.internal.query.MethodPlan;
import dev.rowan.core.internal.query.ParsedQuery;
import dev.rowan.core.internal.query.PlanText;
import dev.rowan.core.internal.query.QueryPlanner;
import dev.rowan.core.internal.query.Vocabulary;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * One derived query method of a repository: parsed, planned and checked when the repository is
 * created, then executed on every call with nothing left to decide but the arguments. A find
 * returns entities or, when it declares a record or interface of some of the entity's properties,
 * projections of them ({@link Projection}), reading only those properties.
 *
 * @param <T> the entity type
 */
final class QueryMethod<T> implements RepositoryHandler.Invoker {

  private final String name;
  private final EntityStore<T> store;
  private final MethodPlan plan;
  private final Result result;
  private final boolean paged;
  /** Identifies the method in its page tokens ({@link PageTokens#fingerprint}). */
  private final byte[] fingerprint;
  /** The order of results that are collected whole: those of Or groups or of a sort in memory. */
  private final InMemoryOrder inMemory;
  private final String[] parameterNames;
  /** What the method returns of each entity instead of the entity, or null. */
  private final Projection projection;

  /** The kinds of return value a query method may declare. */
  enum Result { LIST, SET, STREAM, OPTIONAL, ENTITY, PAGE, COUNT_LONG, COUNT_INT, BOOLEAN, VOID }

  private QueryMethod(String name, EntityStore<T> store, MethodPlan plan, Result result, boolean paged,
      byte[] fingerprint, String[] parameterNames, Projection projection) {
    this.name = name;
    this.store = store;
    this.plan = plan;
    this.result = result;
    this.paged = paged;
    this.fingerprint = fingerprint;
    this.inMemory = new InMemoryOrder(store.model(), plan.query().sorts());
    this.parameterNames = parameterNames;
    this.projection = projection;
  }

  /** The text {@code explain} returns. */
  String explain() {
    return PlanText.explain(name, plan, store.model());
  }

  /**
   * Builds the query method of {@code method}, or adds to {@code problems} every reason it
   * cannot be served and returns null.
   */
  static <T> QueryMethod<T> create(Class<?> repository, Method method, EntityStore<T> store, List<String> problems) {
    String name = repository.getSimpleName() + "." + method.getName();
    EntityModel<T> model = store.model();
    Class<?>[] types = method.getParameterTypes();
    boolean paged = types.length > 0 && types[types.length - 1] == PageRequest.class;
    int predicateParameters = types.length - (paged ? 1 : 0);
    List<ViewModel> views = store.context().views.views();
    Map<String, List<String>> viewKeys = new LinkedHashMap<>();
    views.forEach(v -> viewKeys.put(v.name(), v.keyProperties().stream().map(PropertyModel::name).toList()));
    Vocabulary vocabulary = new Vocabulary(model.entityName(),
        model.properties().stream().map(PropertyModel::name).toList(), viewKeys);
    ParsedQuery query;
    try {
      query = MethodNameParser.parse(method.getName(), predicateParameters, vocabulary);
    } catch (IllegalArgumentException e) {
      problems.add(repository.getSimpleName() + "." + e.getMessage());
      return null;
    }
    int before = problems.size();
    Result result = MethodChecks.result(name, method, query, paged, RepositoryTypes.of(repository), model.type(),
        problems);
    Projection projection = MethodChecks.projection(name, method, query, RepositoryTypes.of(repository), model,
        problems);
    QueryParameters.check(name, method, query, model, problems);
    MethodChecks.checkSorts(name, query, model, problems);
    MethodPlan plan = QueryPlanner.plan(query, model, views, projection == null ? null : projection.properties());
    if (plan.readsWholeTable() && !method.isAnnotationPresent(AllowScan.class)) {
      problems.add(name + " would read the whole table " + model.tableName() + ": "
          + plan.groups().stream().filter(g -> g.access() == AccessPlan.Access.FULL_SCAN).findFirst()
              .map(PlanText::fullScanReason).orElse("") + ". " + QueryParameters.suggestView(query, model, views)
          + " Or annotate the method with @AllowScan to accept the full scan.");
    }
    String unpageable = paged && plan.sortInMemory() ? InMemoryOrder.unpageable(model, query.sorts()) : null;
    if (unpageable != null) {
      problems.add(name + " returns pages, but " + unpageable);
    }
    String[] parameterNames = Arrays.stream(method.getParameters())
        .map(parameter -> parameter.isNamePresent() ? parameter.getName() : null).toArray(String[]::new);
    return problems.size() > before ? null : new QueryMethod<>(name, store, plan, result, paged,
        PageTokens.fingerprint(repository, method, model.type()), parameterNames, projection);
  }

  @Override
  public Object invoke(Object[] args) {
    PageRequest page = paged ? (PageRequest) args[args.length - 1] : null;
    if (paged && page == null) {
      throw new IllegalArgumentException(name + ": the PageRequest is null; start with PageRequest.of(size)");
    }
    ConditionCheck.checkArguments(name, plan.query(), args, store.model(), parameterNames);
    return switch (result) {
      case LIST -> list(args);
      case SET -> new LinkedHashSet<>(list(args));
      case STREAM -> stream(args);
      case OPTIONAL -> Optional.ofNullable(single(args));
      case ENTITY -> single(args);
      case PAGE -> page(args, page);
      case COUNT_LONG -> plan.query().action() == Action.DELETE ? (long) delete(args) : (long) count(args);
      case COUNT_INT -> plan.query().action() == Action.DELETE ? delete(args) : count(args);
      case BOOLEAN -> exists(args);
      case VOID -> {
        delete(args);
        yield null;
      }
    };
  }

  private int limit() {
    return plan.query().limit() == 0 ? Integer.MAX_VALUE : plan.query().limit();
  }


  /** Whether the method reads one group in the asked order, so that its entities are read lazily. */
  private boolean lazy() {
    return plan.groups().size() == 1 && !plan.sortInMemory();
  }

  /**
   * The entities found, lazily when one group is read in the asked order (or counted), else
   * collected, sorted and cut. Each row is read as its group's plan says ({@link RowRead}): whole,
   * or, for a count or a projection, only the cells that tell whether it matches and what the
   * method returns.
   */
  private Iterator<Found> found(Object[] args, int wanted, PageTokens.Position after, List<AutoCloseable> toClose) {
    Action action = plan.query().action();
    boolean counting = action == Action.COUNT || action == Action.EXISTS;
    if (lazy() || counting && plan.groups().size() == 1) {
      QueryCursor cursor = cursor(0, args, wanted, after);
      toClose.add(cursor);
      return cursor;
    }
    return collected(args, false).stream().map(InMemoryOrder.Keyed::found).iterator();
  }

  /** Every entity of every group, each once, in the method's order (in key order too if {@code keyOrder}). */
  private List<InMemoryOrder.Keyed> collected(Object[] args, boolean keyOrder) {
    return inMemory.collect(plan.groups().size(), i -> cursor(i, args, Integer.MAX_VALUE, null), keyOrder);
  }

  /** The cursor of group {@code i}. */
  private QueryCursor cursor(int i, Object[] args, int wanted, PageTokens.Position after) {
    AccessPlan group = plan.groups().get(i);
    return new QueryCursor(store.context(), store.viewReader(), group, plan.query().groups().get(i), args, wanted,
        after, group.read());
  }

  /** What the method returns of the entity whose values are {@code values}: it, or its projection. */
  private Object result(Object[] values) {
    return projection == null ? store.model().instantiate(values) : projection.create(values);
  }

  private List<Object> list(Object[] args) {
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      Iterator<Found> found = found(args, limit(), null, resources);
      List<Object> entities = new ArrayList<>();
      while (entities.size() < limit() && found.hasNext()) {
        entities.add(result(found.next().values()));
      }
      return entities;
    } finally {
      closeAll(resources);
    }
  }

  private Stream<Object> stream(Object[] args) {
    List<AutoCloseable> resources = new ArrayList<>();
    Iterator<Found> found = found(args, limit(), null, resources);
    Iterator<Object> entities = new Iterator<>() {
      private int returned;

      @Override
      public boolean hasNext() {
        return returned < limit() && found.hasNext();
      }

      @Override
      public Object next() {
        returned++;
        return result(found.next().values());
      }
    };
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(entities, Spliterator.ORDERED | Spliterator.NONNULL),
        false).onClose(() -> closeAll(resources));
  }

  private Object single(Object[] args) {
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      Iterator<Found> found = found(args, 2, null, resources);
      if (!found.hasNext()) {
        return null;
      }
      Object first = result(found.next().values());
      if (plan.query().limit() == 0 && found.hasNext()) {
        throw new IllegalStateException(name + " found more than one " + store.model().entityName()
            + "; declare it to return a List, or name it find" + "First" + "By...");
      }
      return first;
    } finally {
      closeAll(resources);
    }
  }

  private Page<Object> page(Object[] args, PageRequest request) {
    PageTokens.Position after = PageTokens.read(name, fingerprint, request.continuation());
    int wanted = Math.min(request.size(), limit());
    if (!lazy()) {
      // Or groups or a sort in memory: every page reads every entity, and continues after the
      // position of the previous page's last entity in the method's order
      List<InMemoryOrder.Keyed> rest = inMemory.after(collected(args, true), after, name);
      List<Object> content = new ArrayList<>();
      for (InMemoryOrder.Keyed keyed : rest.subList(0, Math.min(wanted, rest.size()))) {
        content.add(result(keyed.found().values()));
      }
      boolean more = rest.size() > wanted && plan.query().limit() == 0;
      return new Page<>(content, more ? new PageRequest(request.size(),
          PageTokens.write(fingerprint, inMemory.position(rest.get(wanted - 1)))) : null);
    }
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      Iterator<Found> found = found(args, wanted + 1, after, resources);
      List<Object> content = new ArrayList<>();
      Found last = null;
      while (content.size() < wanted && found.hasNext()) {
        last = found.next();
        content.add(result(last.values()));
      }
      boolean more = found.hasNext() && plan.query().limit() == 0;
      if (!more) {
        return new Page<>(content, null);
      }
      int saltLength = plan.groups().get(0).key().salt() == null ? 0 : 1;
      byte[] row = Arrays.copyOfRange(last.rowKey(), saltLength, last.rowKey().length);
      return new Page<>(content, new PageRequest(request.size(),
          PageTokens.write(fingerprint, new PageTokens.Position(row, last.columnKey()))));
    } finally {
      closeAll(resources);
    }
  }

  /**
   * How many entities match, up to the method's limit: each row read only as far as
   * {@link RowRead} says, no entity built.
   */
  private int count(Object[] args) {
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      Iterator<Found> found = found(args, Integer.MAX_VALUE, null, resources);
      int count = 0;
      while (count < limit() && found.hasNext()) {
        found.next();
        count++;
      }
      return count;
    } finally {
      closeAll(resources);
    }
  }

  /** Whether an entity matches: read as a count, each scan limited to one row, stopping at the first. */
  private boolean exists(Object[] args) {
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      return found(args, 1, null, resources).hasNext();
    } finally {
      closeAll(resources);
    }
  }

  private int delete(Object[] args) {
    List<T> entities = new ArrayList<>();
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      Iterator<Found> found = found(args, Integer.MAX_VALUE, null, resources);
      while (entities.size() < limit() && found.hasNext()) {
        entities.add(store.model().instantiate(found.next().values()));
      }
    } finally {
      closeAll(resources);
    }
    store.deleteAll(entities);
    return entities.size();
  }

  private static void closeAll(List<AutoCloseable> resources) {
    for (AutoCloseable resource : resources) {
      try {
        resource.close();
      } catch (Exception e) {
        throw e instanceof RuntimeException runtime ? runtime : new IllegalStateException(e);
      }
    }
  }
}
