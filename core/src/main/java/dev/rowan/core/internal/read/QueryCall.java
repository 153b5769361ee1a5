package dev.rowan.core.internal.read;

import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.TimeRange;
import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.query.check.Projection;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.plan.AccessPlan;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.core.internal.query.plan.RowRead;
import dev.rowan.core.internal.read.QueryCursor.Found;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * One call of a query method: its plan (the method's, or the one planned for the call's {@code
 * Sort}), its limit and its arguments, executed as a list, a stream, one entity, a page, a count,
 * an existence check or a delete.
 *
 * @param <T> the entity type
 */
public final class QueryCall<T> {

  private final String name;
  private final StoreContext<T> context;
  private final ViewReader<T> viewReader;
  private final MethodPlan plan;

  /** The order of results that are collected whole: those of Or groups or of a sort in memory. */
  private final InMemoryOrder inMemory;

  /** What the method returns of each entity instead of the entity, or null. */
  private final @Nullable Projection projection;

  /** Identifies the method in its page tokens ({@link PageTokens#fingerprint}). */
  private final byte @Nullable [] fingerprint;

  /** The most results, or 0 for no limit. */
  private final int limit;

  private final Object[] args;

  /**
   * The writes whose state the call reads ({@link dev.rowan.core.TimeRange}), or null for the
   * latest.
   */
  private final @Nullable TimeRange written;

  public QueryCall(
      String name,
      StoreContext<T> context,
      ViewReader<T> viewReader,
      MethodPlan plan,
      InMemoryOrder inMemory,
      @Nullable Projection projection,
      byte @Nullable [] fingerprint,
      int limit,
      Object[] args) {
    this(name, context, viewReader, plan, inMemory, projection, fingerprint, limit, args, null);
  }

  public QueryCall(
      String name,
      StoreContext<T> context,
      ViewReader<T> viewReader,
      MethodPlan plan,
      InMemoryOrder inMemory,
      @Nullable Projection projection,
      byte @Nullable [] fingerprint,
      int limit,
      Object[] args,
      @Nullable TimeRange written) {
    this.name = name;
    this.context = context;
    this.viewReader = viewReader;
    this.plan = plan;
    this.inMemory = inMemory;
    this.projection = projection;
    this.fingerprint = fingerprint;
    this.limit = limit;
    this.args = args;
    this.written = written;
  }

  private int limit() {
    return limit == 0 ? Integer.MAX_VALUE : limit;
  }

  /**
   * Whether the method reads one group in the asked order, so that its entities are read lazily.
   */
  private boolean lazy() {
    return plan.groups().size() == 1 && !plan.sortInMemory();
  }

  /**
   * The entities found, lazily when one group is read in the asked order (or counted), else
   * collected, sorted and cut. Each row is read as its group's plan says ({@link RowRead}): whole,
   * or, for a count or a projection, only the cells that tell whether it matches and what the
   * method returns.
   */
  private Iterator<Found> found(
      int wanted, PageTokens.@Nullable Position after, List<AutoCloseable> toClose) {
    QueryAction action = plan.query().action();
    boolean counting = action == QueryAction.COUNT || action == QueryAction.EXISTS;
    if (lazy() || counting && plan.groups().size() == 1) {
      QueryCursor cursor = cursor(0, wanted, after);
      toClose.add(cursor);
      return cursor;
    }
    return collected(false).stream().map(InMemoryOrder.Keyed::found).iterator();
  }

  /**
   * Every entity of every group, each once, in the method's order (in key order too if {@code
   * keyOrder}).
   */
  private List<InMemoryOrder.Keyed> collected(boolean keyOrder) {
    if (plan.groups().size() == 1) {
      return inMemory.collect(1, i -> cursor(i, Integer.MAX_VALUE, null), keyOrder);
    }
    // Or groups: an entity may move from one group's range to another's between their reads, so
    // the groups' second looks come after every group has read, judged against every group
    long began = System.currentTimeMillis();
    List<QueryCursor> cursors = new ArrayList<>();
    return inMemory.collect(
        plan.groups().size(),
        i -> {
          QueryCursor cursor = cursor(i, Integer.MAX_VALUE, null).deferringSecondLook(began);
          cursors.add(cursor);
          return cursor;
        },
        keyOrder,
        () -> {
          Set<ByteBuffer> candidates = new LinkedHashSet<>();
          cursors.forEach(cursor -> candidates.addAll(cursor.movedCandidates()));
          return MovedEntities.matchingAny(context, candidates, plan.query().groups(), args);
        });
  }

  /** The cursor of group {@code i}. */
  private QueryCursor cursor(int i, int wanted, PageTokens.@Nullable Position after) {
    AccessPlan group = plan.groups().get(i);
    return new QueryCursor(
        context,
        viewReader,
        group,
        plan.query().groups().get(i),
        args,
        wanted,
        after,
        group.read(),
        written);
  }

  /**
   * What the method returns of the entity whose values are {@code values}: it, or its projection.
   */
  private Object result(Object @Nullable [] values) {
    return projection == null
        ? context.model().instantiate(Objects.requireNonNull(values, "a live row has values"))
        : projection.create(Objects.requireNonNull(values, "a live row has values"));
  }

  public List<Object> list() {
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      List<Object> entities = new ArrayList<>();
      for (Found found : firstOf(found(limit(), null, resources), limit())) {
        entities.add(result(found.values()));
      }
      return entities;
    } finally {
      closeAll(resources);
    }
  }

  /**
   * The first {@code max} entities of {@code found}, in its order: when it is a cursor of a view
   * that stops before its end, with those that moved within the part read while it read ({@link
   * QueryCursor#movedUpTo}), in their place.
   */
  private static List<Found> firstOf(Iterator<Found> found, int max) {
    List<Found> first = new ArrayList<>();
    while (first.size() < max && found.hasNext()) {
      first.add(found.next());
    }
    if (found instanceof QueryCursor cursor) {
      if (first.size() == max) {
        first.addAll(cursor.movedUpTo(first.get(max - 1)));
      }
      if (cursor.foundMoved()) {
        first.sort(cursor::compare);
        return first.size() > max ? new ArrayList<>(first.subList(0, max)) : first;
      }
    }
    return first;
  }

  public Stream<Object> stream() {
    if (limit()
        < Integer
            .MAX_VALUE) { // at most the limit in memory: read as a list, with what moved in its
      // place
      return list().stream();
    }
    List<AutoCloseable> resources = new ArrayList<>();
    Iterator<Found> found = found(limit(), null, resources);
    Iterator<Object> entities =
        new Iterator<>() {
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
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(
                entities, Spliterator.ORDERED | Spliterator.NONNULL),
            false)
        .onClose(() -> closeAll(resources));
  }

  public @Nullable Object single() {
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      Iterator<Found> found = found(2, null, resources);
      if (!found.hasNext()) {
        return null;
      }
      Object first = result(found.next().values());
      if (limit == 0 && found.hasNext()) {
        throw new IllegalStateException(
            name
                + " found more than one "
                + context.model().entityName()
                + "; declare it to return a List, or name it find"
                + "First"
                + "By...");
      }
      return first;
    } finally {
      closeAll(resources);
    }
  }

  public Page<Object> page(@Nullable PageRequest request) {
    PageTokens.Position after =
        PageTokens.read(
            name,
            fingerprint,
            Objects.requireNonNull(request, "a Page method refuses a null PageRequest")
                .continuation());
    int wanted = Math.min(request.size(), limit());
    if (!lazy()) {
      // Or groups or a sort in memory: every page reads every entity, and continues after the
      // position of the previous page's last entity in the method's order
      List<InMemoryOrder.Keyed> rest = inMemory.after(collected(true), after, name);
      List<Object> content = new ArrayList<>();
      for (InMemoryOrder.Keyed keyed : rest.subList(0, Math.min(wanted, rest.size()))) {
        content.add(result(keyed.found().values()));
      }
      boolean more = rest.size() > wanted && limit == 0;
      return new Page<>(
          content,
          more
              ? new PageRequest(
                  request.size(),
                  PageTokens.write(
                      Objects.requireNonNull(
                          fingerprint, "only query methods page, and each has a fingerprint"),
                      inMemory.position(rest.get(wanted - 1))))
              : null);
    }
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      List<Found> first = firstOf(found(wanted + 1, after, resources), wanted + 1);
      List<Object> content = new ArrayList<>();
      for (Found found : first.subList(0, Math.min(wanted, first.size()))) {
        content.add(result(found.values()));
      }
      boolean more = first.size() > wanted && limit == 0;
      if (!more) {
        return new Page<>(content, null);
      }
      Found last = first.get(wanted - 1);
      int saltLength = plan.groups().get(0).key().saltLength();
      byte[] row =
          Arrays.copyOfRange(
              Objects.requireNonNull(last.rowKey(), "an entity a cursor found has a row key"),
              saltLength,
              last.rowKey().length);
      return new Page<>(
          content,
          new PageRequest(
              request.size(),
              PageTokens.write(
                  Objects.requireNonNull(
                      fingerprint, "only query methods page, and each has a fingerprint"),
                  new PageTokens.Position(row, last.columnKey()))));
    } finally {
      closeAll(resources);
    }
  }

  /**
   * How many entities match, up to the method's limit: each row read only as far as {@link RowRead}
   * says, no entity built.
   */
  public int count() {
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      Iterator<Found> found = found(Integer.MAX_VALUE, null, resources);
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

  /**
   * Whether an entity matches: read as a count, each scan limited to one row, stopping at the
   * first.
   */
  public boolean exists() {
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      return found(1, null, resources).hasNext();
    } finally {
      closeAll(resources);
    }
  }

  /**
   * The entities a delete method deletes, read as the plan says and cut to the limit; the caller
   * deletes them (the read path does not write).
   */
  public List<T> toDelete() {
    List<T> entities = new ArrayList<>();
    List<AutoCloseable> resources = new ArrayList<>();
    try {
      for (Found found : firstOf(found(Integer.MAX_VALUE, null, resources), limit())) {
        entities.add(
            context
                .model()
                .instantiate(Objects.requireNonNull(found.values(), "a live row has values")));
      }
    } finally {
      closeAll(resources);
    }
    return entities;
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
