package dev.rowan.benchmarks;

import java.util.Arrays;

/**
 * One timed run of one side of a comparison: how many operations, how long they took in all,
 * and, for workloads timed operation by operation, each operation's latency.
 *
 * <p>Thread-safety: immutable, once made (the latency array is not copied).
 *
 * @param ops the number of operations
 * @param nanos the wall-clock time of all of them
 * @param latencies each operation's time in nanoseconds, or null when only the total was timed
 * @param rpcs the RPCs made by the operations, or -1 when they were not counted
 */
record Run(long ops, long nanos, long[] latencies, long rpcs) {

  /** An operation of a run timed operation by operation. */
  @FunctionalInterface
  interface Op {
    void run(int i) throws Exception;
  }

  /** A run timed as a whole. */
  @FunctionalInterface
  interface Whole {
    void run() throws Exception;
  }

  /**
   * Times {@code count} calls of {@code op}, each one, and counts their RPCs with
   * {@code rpcs} unless it is null.
   */
  static Run each(RpcCounter rpcs, int count, Op op) throws Exception {
    long[] latencies = new long[count];
    long before = rpcs == null ? 0 : rpcs.total();
    long start = System.nanoTime();
    for (int i = 0; i < count; i++) {
      long began = System.nanoTime();
      op.run(i);
      latencies[i] = System.nanoTime() - began;
    }
    long nanos = System.nanoTime() - start;
    return new Run(count, nanos, latencies, rpcs == null ? -1 : rpcs.total() - before);
  }

  /**
   * Times {@code whole}, which performs {@code ops} operations, and counts its RPCs with
   * {@code rpcs} unless it is null.
   */
  static Run whole(RpcCounter rpcs, long ops, Whole whole) throws Exception {
    long before = rpcs == null ? 0 : rpcs.total();
    long start = System.nanoTime();
    whole.run();
    long nanos = System.nanoTime() - start;
    return new Run(ops, nanos, null, rpcs == null ? -1 : rpcs.total() - before);
  }

  /** Nanoseconds per operation. */
  double nanosPerOp() {
    return (double) nanos / ops;
  }

  /** Operations per second. */
  double perSecond() {
    return ops * 1e9 / nanos;
  }

  /** The {@code p}-th percentile (0 to 100) of the latencies of several runs, in nanoseconds. */
  static long percentile(Iterable<Run> runs, double p) {
    int size = 0;
    for (Run run : runs) {
      size += run.latencies.length;
    }
    long[] all = new long[size];
    int at = 0;
    for (Run run : runs) {
      System.arraycopy(run.latencies, 0, all, at, run.latencies.length);
      at += run.latencies.length;
    }
    Arrays.sort(all);
    return all[Math.min(size - 1, (int) Math.ceil(p / 100 * size) - 1)];
  }
}
