package dev.rowan.benchmarks;

import java.util.List;

/**
 * One line of the HBase benchmark: the same work done by Rowan (side 0), by hand-written client
 * code (side 1) and possibly by other means (further sides), each run timed.
 *
 * <p>Thread-safety: not thread-safe.
 */
abstract class Workload {

  /** The round of warm-up runs. */
  static final int WARMUP = -1;

  /** The round of the runs whose RPCs are counted. */
  static final int COUNTING = -2;

  private final String name;
  private final String op;
  private final List<String> sides;

  /**
   * @param name what is measured, for the report
   * @param op what one operation is ("order", "get", "query" ...)
   * @param sides the names of the sides, Rowan first and the hand-written baseline second
   */
  Workload(String name, String op, List<String> sides) {
    this.name = name;
    this.op = op;
    this.sides = List.copyOf(sides);
  }

  String name() {
    return name;
  }

  String op() {
    return op;
  }

  List<String> sides() {
    return sides;
  }

  /** Writes what the workload reads, once, before anything is timed. */
  void load(Clients timing, Clients counting) throws Exception {}

  /**
   * Checks, once before anything is timed, that every side answers the same.
   *
   * @throws IllegalStateException when they do not
   */
  void verify(Clients clients) throws Exception {}

  /** The operations of a timed run of {@code side}. */
  abstract int count(int side);

  /** The operations of a warm-up run of {@code side}. */
  int warmupCount(int side) {
    return count(side);
  }

  /** The operations of the run whose RPCs are counted. */
  abstract int countingOps(int side);

  /** How many operations RPC counts are given per: 1, or 1000 for bulk writes. */
  int rpcUnit() {
    return 1;
  }

  /**
   * One run of {@code side} with {@code count} operations through {@code clients}; round is {@link
   * #WARMUP} or {@link #COUNTING} outside the measured rounds. Preparation (tables, input data) is
   * not timed.
   */
  abstract Run run(Clients clients, int side, int round, int count) throws Exception;

  static void check(boolean condition, String message) {
    if (!condition) {
      throw new IllegalStateException(message);
    }
  }

  /** The check of timed operations: the message is made only when the check fails. */
  static void check(boolean condition, java.util.function.Supplier<String> message) {
    if (!condition) {
      throw new IllegalStateException(message.get());
    }
  }
}
