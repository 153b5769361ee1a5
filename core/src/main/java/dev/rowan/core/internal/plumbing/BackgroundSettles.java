package dev.rowan.core.internal.plumbing;

import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Step four of the writes of one Rowan, run off the callers' threads ({@code
 * Rowan.Builder.settleInBackground}): a write returns once its main rows are durable, and its view
 * rows are settled here. Until they are, readers check them against their main rows, as they check
 * the rows of a writer that crashed (docs/view-consistency.md). When every thread is busy and the
 * queue is full, the writer settles its rows itself, so a burst of writes slows down rather than
 * piling up settles without bound; so does a write after {@link #close()}. Settles run in no order,
 * also those of one entity's writes: one that lands after a later write retired its row is a late
 * settle, whose row no reader trusts and the next one deletes.
 *
 * <p>Thread-safety: thread-safe.
 */
public final class BackgroundSettles implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(BackgroundSettles.class);
  private static final int THREADS = 2;
  private static final int QUEUED = 256;

  private final ThreadPoolExecutor pool;
  private final Duration closeTimeout;

  /**
   * Settles on their own threads; {@link #close()} waits up to {@code closeTimeout} for the queued
   * ones.
   */
  public BackgroundSettles(Duration closeTimeout) {
    this.closeTimeout = closeTimeout;
    AtomicInteger count = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            THREADS,
            THREADS,
            30,
            TimeUnit.SECONDS,
            new ArrayBlockingQueue<>(QUEUED),
            task -> {
              Thread thread = new Thread(task, "rowan-settle-" + count.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            },
            (settle, pool) ->
                settle.run()); // the queue is full, or the Rowan closed: the writer settles
    this.pool.allowCoreThreadTimeOut(true);
  }

  /**
   * Runs {@code settle} later, on a thread of its own, or now when the queue is full; in the scope
   * of the observation of the call that hands it over, if it is observed.
   */
  public void submit(Runnable settle) {
    pool.execute(
        ObservedCalls.detached(
            () -> {
              try {
                settle.run();
              } catch (RuntimeException | Error e) {
                // The main rows are written: readers check the unsettled view rows and repair them.
                LOG.warn(
                    "A background settle failed; readers will repair its view rows: {}",
                    e.toString());
              }
            }));
  }

  /** The settles waiting in the queue, not yet taken by a thread. */
  public int queued() {
    return pool.getQueue().size();
  }

  /** Settles what is queued, waiting up to the close timeout, and stops the threads. */
  @Override
  public void close() {
    pool.shutdown();
    try {
      if (!pool.awaitTermination(closeTimeout.toMillis(), TimeUnit.MILLISECONDS)) {
        LOG.warn(
            "Settles still running after {}; readers will repair their view rows", closeTimeout);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
