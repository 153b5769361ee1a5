package dev.rowan.core.spi;

import java.util.List;

/**
 * Called between the steps of the view write protocol: a place for tracing, metrics and, in tests,
 * for faults. A hook that throws stops the write at that step, exactly as a crash of the client
 * there would, except that the exception reaches the caller.
 *
 * <p>Thread-safety: implementations must be thread-safe; writes call them concurrently.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface ProtocolHook {

  /** The hook that does nothing. */
  ProtocolHook NONE = (step, table, rowKeys) -> {};

  /** The steps of a write of an entity with views. */
  enum Step {
    /** The main rows were read; no view row is written yet. */
    BEFORE_UNVERIFY,
    /** The view rows are written unverified; the main rows are not written yet. */
    BEFORE_MAIN_WRITE,
    /**
     * The main rows are written and visible, but with group commit not yet synced to the
     * write-ahead log: a region server that dies now loses them (the writer then finds out and
     * writes them again). Without group commit they are durable already, and this step directly
     * precedes {@link #BEFORE_SETTLE}.
     */
    BEFORE_COMMIT_SYNC,
    /**
     * The main rows are written and durable; the view rows are not settled yet. Called on the
     * thread that settles them: the writer's, except in a {@code saveAll} of several batches, where
     * a batch settles while the next is written, and with {@code Rowan.Builder.settleInBackground},
     * where a background thread settles it.
     */
    BEFORE_SETTLE,
    /** The write is complete. Called on the thread that settled it, as {@link #BEFORE_SETTLE}. */
    AFTER_SETTLE
  }

  /**
   * Called at {@code step} of a write to the entity table {@code table} of the main rows {@code
   * rowKeys}. From {@link Step#BEFORE_COMMIT_SYNC} on, {@code rowKeys} are the rows whose commit
   * succeeded in this attempt, and the steps are not called when none did (an attempt that lost
   * every race, or guessed every entity new wrongly, goes back to the read).
   */
  void at(Step step, String table, List<byte[]> rowKeys);
}
