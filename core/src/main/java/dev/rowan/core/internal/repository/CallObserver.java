package dev.rowan.core.internal.repository;

import dev.rowan.core.Page;
import dev.rowan.core.internal.plumbing.BackgroundSettles;
import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.internal.plumbing.ObservedCalls.Current;
import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.plan.AccessPlan;
import dev.rowan.core.internal.query.plan.MethodPlan;
import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.core.observation.RepositoryCallContext.Access;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import dev.rowan.core.spi.ObservedAs;
import dev.rowan.mapping.EntityModel;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.Spliterator;
import java.util.function.Consumer;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.jspecify.annotations.Nullable;

/**
 * Observes the calls of one repository ({@link RepositoryCallContext}): each call is an
 * observation, started and opened in scope on the calling thread, and stopped when the call returns
 * or throws; a call that returns a {@link Stream} is stopped when the stream is closed or read to
 * its end, whichever comes first (read to its end, it is closed then), and each element is read in
 * the observation's scope. While a registry has no handler ({@link ObservationRegistry#isNoop()}),
 * a call runs as it would unobserved.
 *
 * <p>Thread-safety: thread-safe.
 */
final class CallObserver {

  /** What the calls of one method are named and tagged with. */
  record Target(String method, String table, Access access, boolean write) {}

  private final ObservationRegistry registry;
  private final String repository;

  /**
   * The background settles of the Rowan, whose queue a call reports; null when it settles inline.
   */
  private final @Nullable BackgroundSettles background;

  private CallObserver(
      ObservationRegistry registry, String repository, @Nullable BackgroundSettles background) {
    this.registry = registry;
    this.repository = repository;
    this.background = background;
  }

  /**
   * The observer of the calls of repository {@code type}, or null when {@code registry} is {@link
   * ObservationRegistry#NOOP}.
   */
  static @Nullable CallObserver of(
      @Nullable ObservationRegistry registry,
      Class<?> type,
      @Nullable BackgroundSettles background) {
    return registry == null || registry == ObservationRegistry.NOOP
        ? null
        : new CallObserver(registry, observedName(type), background);
  }

  /**
   * The name observations give repository {@code type}: its {@link ObservedAs}, or its simple name.
   */
  static String observedName(Class<?> type) {
    ObservedAs name = type.getAnnotation(ObservedAs.class);
    return name != null ? name.value() : type.getSimpleName();
  }

  /** The name observations give {@code method}: its {@link ObservedAs}, or its name. */
  static String observedName(Method method) {
    ObservedAs name = method.getAnnotation(ObservedAs.class);
    return name != null ? name.value() : method.getName();
  }

  /** The target of a write method {@code method} of {@code model}'s entities. */
  static Target write(String method, EntityModel<?> model, boolean delete) {
    return new Target(method, model.tableName(), delete ? Access.DELETE : Access.WRITE, true);
  }

  /** The target of a read method {@code method} of {@code model}'s main table. */
  static Target read(String method, EntityModel<?> model, Access access) {
    return new Target(method, model.tableName(), access, false);
  }

  /** The target of query method {@code method}, planned as {@code plan}. */
  static Target query(String method, MethodPlan plan, EntityModel<?> model) {
    if (plan.query().action() == QueryAction.DELETE) {
      return write(method, model, true);
    }
    return new Target(method, table(plan, model), access(plan), false);
  }

  /**
   * The table {@code plan} reads, within the namespace and without period: of several {@code Or}
   * groups that read different tables, each once, joined by {@code +}.
   */
  static String table(MethodPlan plan, EntityModel<?> model) {
    Set<String> tables = new LinkedHashSet<>();
    for (AccessPlan group : plan.groups()) {
      tables.add(group.view() == null ? model.tableName() : group.view().tableName());
    }
    return String.join("+", tables);
  }

  /** How {@code plan} reads: of several {@code Or} groups, the widest of their accesses. */
  static Access access(MethodPlan plan) {
    Access widest = Access.GET;
    for (AccessPlan group : plan.groups()) {
      Access access =
          switch (group.access()) {
            case GET -> group.multiGet() ? Access.MULTI_GET : Access.GET;
            case SCAN -> group.skipScan() ? Access.SKIP_SCAN : Access.RANGE;
            case FULL_SCAN -> Access.FULL_SCAN;
          };
      widest = access.ordinal() > widest.ordinal() ? access : widest;
    }
    return widest;
  }

  /**
   * Sets the table and access of the call this thread makes when it is observed, from {@code plan},
   * the plan chosen for its arguments.
   */
  static void planned(MethodPlan plan, EntityModel<?> model) {
    RepositoryCallContext context = ObservedCalls.context();
    if (context != null && plan.query().action() != QueryAction.DELETE) {
      context.plan(table(plan, model), access(plan));
    }
  }

  /** Calls {@code invoker} with {@code args}, observed as {@code target}. */
  @Nullable Object call(Target target, RepositoryHandler.Invoker invoker, Object[] args)
      throws Throwable {
    if (registry.isNoop()) {
      return invoker.invoke(args);
    }
    ObservedCalls.observing();
    RepositoryCallContext context =
        new RepositoryCallContext(repository, target.method(), target.table(), target.access());
    Observation observation =
        Observation.createNotStarted(RepositoryCallContext.NAME, () -> context, registry).start();
    Current call = new Current(observation, context);
    Current before = ObservedCalls.enter(call);
    Object result;
    try (Observation.Scope scope = observation.openScope()) {
      result = invoker.invoke(args);
    } catch (Throwable e) {
      ObservedCalls.enter(before);
      stop(observation, context, e);
      throw e;
    } finally {
      ObservedCalls.enter(before);
    }
    if (result instanceof Stream<?> stream && !target.write()) {
      return new ObservedStream<>(stream, call).stream();
    }
    context.add(Cost.ROWS_RETURNED, target.write() ? 0 : returned(result));
    stop(observation, context, null);
    return result;
  }

  /** The entities or projections in {@code result}, what a read method returned. */
  static long returned(@Nullable Object result) {
    if (result instanceof Collection<?> collection) {
      return collection.size();
    }
    if (result instanceof Optional<?> optional) {
      return optional.isPresent() ? 1 : 0;
    }
    if (result instanceof Page<?> page) {
      return page.content().size();
    }
    return result == null || result instanceof Number || result instanceof Boolean ? 0 : 1;
  }

  private void stop(
      Observation observation, @Nullable RepositoryCallContext context, @Nullable Throwable error) {
    Objects.requireNonNull(context, "an observed call has its context")
        .settleQueueDepth(background == null ? 0 : background.queued());
    context.end(error);
    if (error != null) {
      observation.error(error);
    }
    observation.stop();
  }

  /**
   * The stream a call returned, read in its observation's scope (an element at a time), which ends
   * the observation when it is closed or read to its end.
   */
  private final class ObservedStream<T> implements Spliterator<T> {

    private final Stream<T> source;
    private final Spliterator<T> elements;
    private final Current call;
    private boolean ended;
    private @Nullable T next;

    ObservedStream(Stream<T> source, Current call) {
      this.source = source;
      this.elements = source.spliterator();
      this.call = call;
    }

    Stream<T> stream() {
      return StreamSupport.stream(this, false).onClose(this::close);
    }

    @Override
    public boolean tryAdvance(Consumer<? super T> action) {
      if (ended) {
        return false;
      }
      Current before = ObservedCalls.enter(call);
      boolean advanced;
      try (Observation.Scope scope = call.observation().openScope()) {
        advanced = elements.tryAdvance(element -> next = element);
      } catch (RuntimeException | Error e) {
        ObservedCalls.enter(before);
        end(e);
        throw e;
      } finally {
        ObservedCalls.enter(before);
      }
      if (!advanced) {
        close(); // read to its end: its scanners are done, and what they cost is counted as they
        // close
        return false;
      }
      Objects.requireNonNull(call.context(), "a stream's own call keeps its context")
          .add(Cost.ROWS_RETURNED, 1);
      T element = next;
      next = null;
      action.accept(element);
      return true;
    }

    private void close() {
      if (ended) {
        return;
      }
      Current before = ObservedCalls.enter(call);
      try (Observation.Scope scope = call.observation().openScope()) {
        source.close();
      } catch (RuntimeException | Error e) {
        ObservedCalls.enter(before);
        end(e);
        throw e;
      } finally {
        ObservedCalls.enter(before);
      }
      end(null);
    }

    private void end(@Nullable Throwable error) {
      if (!ended) {
        ended = true;
        stop(call.observation(), call.context(), error);
      }
    }

    @Override
    public @Nullable Spliterator<T> trySplit() {
      return null;
    }

    @Override
    public long estimateSize() {
      return Long.MAX_VALUE;
    }

    @Override
    public int characteristics() {
      return elements.characteristics() & (ORDERED | NONNULL);
    }
  }
}
