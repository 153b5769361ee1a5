package dev.rowan.core.internal.write;

import dev.rowan.core.internal.plumbing.BackgroundSettles;
import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.internal.plumbing.ParallelCalls;
import dev.rowan.core.observation.RepositoryCallContext;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;

/**
 * The settles (step four) of one call that writes entities in several batches: each batch's settles
 * run while the next batch is read, written unverified and committed, one batch behind at most; the
 * call waits for the last before it returns, so it returns with its view rows settled, as when
 * settles run inline. A settle that lands after a later write of the same entity changes nothing
 * that write did (docs/view-consistency.md, step 4), so the overlap needs no ordering between
 * batches. With {@link BackgroundSettles}, every settle goes there instead, and the call returns
 * without waiting for any.
 *
 * <p>Thread-safety: one pipeline belongs to one call, on one thread.
 */
public final class SettlePipeline {

  private final boolean overlapping;
  private final @Nullable BackgroundSettles background;
  private CompletableFuture<Void> running = CompletableFuture.completedFuture(null);

  private SettlePipeline(boolean overlapping, @Nullable BackgroundSettles background) {
    this.overlapping = overlapping;
    this.background = background;
  }

  /**
   * Runs {@code call} with a pipeline and waits for its last settle before returning what the call
   * returned; when the call fails, the settle's own failure is added to the call's. Unless {@code
   * overlapping} (a call of one batch has nothing to overlap), each settle runs at once on the
   * caller's thread; with {@code background} (null: none), each runs there, and none is waited for.
   */
  public static <R> R around(
      boolean overlapping,
      @Nullable BackgroundSettles background,
      Function<SettlePipeline, R> call) {
    SettlePipeline settles = new SettlePipeline(overlapping, background);
    R result;
    try {
      result = call.apply(settles);
    } catch (RuntimeException | Error e) {
      try {
        settles.finish();
      } catch (RuntimeException | Error settleFailure) {
        e.addSuppressed(settleFailure);
      }
      throw e;
    }
    settles.finish();
    return result;
  }

  /**
   * Starts {@code settle} once the previous settle has ended, and returns without waiting for it.
   */
  void add(Runnable settle) {
    if (background != null) {
      ObservedCalls.count(RepositoryCallContext.Cost.SETTLES_QUEUED, 1);
      background.submit(settle);
      return;
    }
    awaitRunning();
    if (overlapping) {
      running = ParallelCalls.async(settle);
    } else {
      settle.run();
    }
  }

  /** Waits for the last settle; throws what a settle threw (a hook's fault, in tests). */
  void finish() {
    awaitRunning();
  }

  private void awaitRunning() {
    CompletableFuture<Void> last = running;
    running = CompletableFuture.completedFuture(null);
    try {
      last.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e;
    }
  }
}
