package dev.rowan.benchmarks;

/**
 * A workload whose operations are short and timed one by one (gets and queries), so that its sides
 * can be interleaved operation by operation: in each round, operation {@code i} of every
 * interleaved side runs before operation {@code i + 1} of any, the sides in a random order each
 * time. A run of a few hundred queries lasts a fraction of a second, and on a shared machine (and
 * on the in-process region server, with its flushes and its JIT) the latency of the same query
 * drifts by tens of percent from one such run to the next; side by side at the scale of one
 * operation, both sides see the same conditions and their ratio measures the code.
 *
 * <p>Thread-safety: not thread-safe.
 */
abstract class OpWorkload extends Workload {

  OpWorkload(String name, String op, java.util.List<String> sides) {
    super(name, op, sides);
  }

  /**
   * The operations of a run of {@code side} with {@code count} operations through {@code clients},
   * operation {@code i} being the {@code i}-th of the round's questions.
   */
  abstract Run.Op op(Clients clients, int side, int round, int count) throws Exception;

  /**
   * Whether {@code side} runs interleaved with Rowan's side in the timed rounds, with Rowan's
   * {@link #count}; a side that is not (a full scan, run a few times only) runs on its own.
   */
  boolean interleaved(int side) {
    return true;
  }

  /**
   * Whether the RPCs of {@code side} go through the HBase connection of its clients and are
   * counted.
   */
  boolean countsRpcs(int side) {
    return true;
  }

  @Override
  final Run run(Clients clients, int side, int round, int count) throws Exception {
    return Run.each(
        countsRpcs(side) ? clients.rpcs() : null, count, op(clients, side, round, count));
  }
}
