package dev.rowan.core.internal.plumbing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Runs independent HBase calls of one operation at once (the scanners of a query's buckets, the
 * batches of a write for several tables, the chunks of a batch of check-and-mutates), on a bounded
 * pool of daemon threads shared by every Rowan instance of the JVM. When the pool is busy the
 * caller runs a call itself, so an operation never waits for a thread; the last call always runs on
 * the caller.
 *
 * <p>A call runs as part of the repository call that started it ({@link ObservedCalls#carried}): in
 * the scope of its observation, counting into it.
 *
 * <p>Calls on one region server in parallel RPCs are served by several of its handlers at once; for
 * check-and-mutates, each of which waits for its own WAL sync, that lets the region server sync
 * them together.
 */
public final class ParallelCalls {

  /** Threads for the calls of all operations of this JVM. */
  static final int THREADS = 16;

  private static final ExecutorService POOL = pool();

  private ParallelCalls() {}

  /**
   * Runs every call and returns their results in order, once all have ended. If calls fail, the
   * first failure in call order is thrown, with the later ones suppressed, after all have ended.
   */
  public static <R> List<R> all(List<Supplier<R>> calls) {
    if (calls.size() == 1) {
      return Collections.singletonList(calls.get(0).get());
    }
    List<CompletableFuture<R>> running = new ArrayList<>(calls.size());
    for (int i = 0; i < calls.size() - 1; i++) {
      running.add(CompletableFuture.supplyAsync(ObservedCalls.carried(calls.get(i)), POOL));
    }
    running.add(run(calls.get(calls.size() - 1)));
    List<R> results = new ArrayList<>(calls.size());
    RuntimeException failure = null;
    for (CompletableFuture<R> call : running) {
      try {
        results.add(call.join());
      } catch (CompletionException e) {
        RuntimeException cause = e.getCause() instanceof RuntimeException runtime ? runtime : e;
        if (failure == null) {
          failure = cause;
        } else {
          failure.addSuppressed(cause);
        }
        results.add(null);
      }
    }
    if (failure != null) {
      throw failure;
    }
    return results;
  }

  /** Starts {@code call} on the pool (or runs it on the caller when the pool is busy). */
  public static CompletableFuture<Void> async(Runnable call) {
    return CompletableFuture.runAsync(ObservedCalls.carried(call), POOL);
  }

  private static <R> CompletableFuture<R> run(Supplier<R> call) {
    try {
      return CompletableFuture.completedFuture(call.get());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(e);
    }
  }

  /** {@code items} cut into consecutive chunks of at most {@code size}. */
  public static <T> List<List<T>> chunks(List<T> items, int size) {
    List<List<T>> chunks = new ArrayList<>((items.size() + size - 1) / size);
    for (int from = 0; from < items.size(); from += size) {
      chunks.add(items.subList(from, Math.min(items.size(), from + size)));
    }
    return chunks;
  }

  private static ExecutorService pool() {
    return daemonPool("rowan-call-", THREADS);
  }

  /**
   * A pool of up to {@code threads} daemon threads named {@code prefix} and a number, started as
   * needed and ended after 30 idle seconds; a task that finds every thread busy runs in its caller.
   */
  static ExecutorService daemonPool(String prefix, int threads) {
    AtomicInteger count = new AtomicInteger();
    return new ThreadPoolExecutor(
        0,
        threads,
        30,
        TimeUnit.SECONDS,
        new SynchronousQueue<>(),
        task -> {
          Thread thread = new Thread(task, prefix + count.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        },
        new ThreadPoolExecutor.CallerRunsPolicy());
  }
}
