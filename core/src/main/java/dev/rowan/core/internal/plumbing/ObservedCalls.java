package dev.rowan.core.internal.plumbing;

import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import io.micrometer.observation.Observation;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.client.Result;
import org.jspecify.annotations.Nullable;

/**
 * The observed repository call a thread works for, if any ({@link
 * dev.rowan.core.internal.repository.CallObserver}), and the counting of what it costs where the
 * cost happens. Nothing is set unless a call is observed: until a Rowan with an observation
 * registry that is not a no-op starts its first observation, a count is one read of a static field,
 * and after that one read of a thread-local.
 *
 * <p>Work a call hands to Rowan's pool threads ({@link ParallelCalls}, {@link BackgroundSettles})
 * runs as that call's ({@link #carried}): its observation's scope open on the pool thread (so
 * HBase's own tracing spans nest under the call's span), and counting into its context while the
 * call runs.
 *
 * <p>Thread-safety: thread-safe; the state is per thread.
 */
public final class ObservedCalls {

  /**
   * The call a thread works for: its observation, and its context, or null once the call has ended.
   */
  public record Current(Observation observation, @Nullable RepositoryCallContext context) {}

  private static final ThreadLocal<Current> CURRENT = new ThreadLocal<>();

  /** Whether any call was ever observed in this JVM: until then, nothing is looked up. */
  private static volatile boolean observing;

  private ObservedCalls() {}

  /** Marks that calls are observed from now on. */
  public static void observing() {
    if (!observing) {
      observing = true;
    }
  }

  /** The context of the observed call this thread works for, or null. */
  public static @Nullable RepositoryCallContext context() {
    if (!observing) {
      return null;
    }
    Current current = CURRENT.get();
    return current == null ? null : current.context();
  }

  /** The observed call this thread works for, or null. */
  static @Nullable Current current() {
    return observing ? CURRENT.get() : null;
  }

  /**
   * Makes {@code current} (null: none) the call this thread works for; returns the one it replaces.
   */
  public static Current enter(Current current) {
    Current before = CURRENT.get();
    if (current == null) {
      CURRENT.remove();
    } else {
      CURRENT.set(current);
    }
    return before;
  }

  /** Adds {@code amount} to {@code cost} of the observed call this thread works for, if any. */
  public static void count(Cost cost, long amount) {
    RepositoryCallContext context = context();
    if (context != null) {
      context.add(cost, amount);
    }
  }

  /**
   * Counts one call to HBase made for {@code context} (the context of this thread, read before the
   * call; null: none), and the rows it returned when it returned rows.
   */
  static void called(@Nullable RepositoryCallContext context, Object returned) {
    if (context == null) {
      return;
    }
    context.add(Cost.RPCS, 1);
    if (returned instanceof Result result) {
      context.add(Cost.ROWS_READ, result.isEmpty() ? 0 : 1);
    } else if (returned instanceof Result[] results) {
      long rows = 0;
      for (Result result : results) {
        rows += result == null || result.isEmpty() ? 0 : 1;
      }
      context.add(Cost.ROWS_READ, rows);
    }
  }

  /**
   * {@code task}, made to run as part of the call this thread works for, on whatever thread runs
   * it: with that call's observation in scope and its costs counted into its context. {@code task}
   * itself when no call is observed.
   */
  static <R> Supplier<R> carried(Supplier<R> task) {
    Current current = current();
    if (current == null) {
      return task;
    }
    return () -> {
      Current before = enter(current);
      try (Observation.Scope scope = current.observation().openScope()) {
        return task.get();
      } finally {
        enter(before);
      }
    };
  }

  /**
   * {@code task}, made to run as part of the call this thread works for, as {@link
   * #carried(Supplier)}.
   */
  static Runnable carried(Runnable task) {
    if (current() == null) {
      return task;
    }
    Supplier<Void> carried =
        carried(
            () -> {
              task.run();
              return null;
            });
    return carried::get;
  }

  /**
   * {@code task}, made to run after the call this thread works for has ended (a settle in the
   * background): in the scope of its observation, so that its spans nest under the call's, but
   * counting nothing into a call that has ended.
   */
  static Runnable detached(Runnable task) {
    Current current = current();
    if (current == null) {
      return task;
    }
    Current after = new Current(current.observation(), null);
    return () -> {
      Current before = enter(after);
      try (Observation.Scope scope = after.observation().openScope()) {
        task.run();
      } finally {
        enter(before);
      }
    };
  }
}
