package dev.rowan.benchmarks;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One timed run of one side of a comparison: how many operations, how long they took in all, and,
 * for workloads timed operation by operation, each operation's latency.
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
   * Times {@code count} calls of {@code op}, each one, and counts their RPCs with {@code rpcs}
   * unless it is null.
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
   * Times {@code count} calls of each of {@code ops} interleaved: call {@code i} of every op before
   * call {@code i + 1} of any, the ops in an order drawn from {@code random} for each {@code i}.
   * The time of each op's run is the sum of its calls' latencies.
   */
  static List<Run> interleaved(List<Op> ops, int count, SplittableRandom random) throws Exception {
    long[][] latencies = new long[ops.size()][count];
    int[] order = new int[ops.size()];
    for (int i = 0; i < count; i++) {
      for (int k = 0; k < order.length; k++) {
        int j = random.nextInt(k + 1); // inside-out Fisher-Yates shuffle
        order[k] = order[j];
        order[j] = k;
      }
      for (int side : order) {
        long began = System.nanoTime();
        ops.get(side).run(i);
        latencies[side][i] = System.nanoTime() - began;
      }
    }
    List<Run> runs = new ArrayList<>(ops.size());
    for (long[] each : latencies) {
      runs.add(new Run(count, Arrays.stream(each).sum(), each, -1));
    }
    return runs;
  }

  /**
   * Times {@code whole}, which performs {@code ops} operations, and counts its RPCs with {@code
   * rpcs} unless it is null.
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
