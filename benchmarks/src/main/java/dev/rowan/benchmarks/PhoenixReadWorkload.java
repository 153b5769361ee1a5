package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.util.Comparator;
import java.util.List;

/**
 * A read of the Phoenix comparison: Rowan (side 0), hand-written client code (side 1) and Phoenix
 * (side {@link #PHOENIX}) answering the same questions about the shared {@link PhoenixQueryTable},
 * {@code count} per run, interleaved operation by operation. Phoenix talks to HBase through its own
 * connection, so its RPCs are not counted, and its counting run is one operation.
 *
 * <p>Thread-safety: not thread-safe.
 */
abstract class PhoenixReadWorkload extends OpWorkload {

  /** Phoenix's side. */
  static final int PHOENIX = 2;

  final PhoenixQueryTable table;
  private final int count;
  private final int countingOps;

  /**
   * @param countingOps the operations of the counting runs of Rowan and the hand-written code
   */
  PhoenixReadWorkload(
      String name,
      String op,
      List<String> sides,
      PhoenixQueryTable table,
      int count,
      int countingOps) {
    super(name, op, sides);
    this.table = table;
    this.count = count;
    this.countingOps = countingOps;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    table.load(timing, counting);
  }

  @Override
  final int count(int side) {
    return count;
  }

  @Override
  final int countingOps(int side) {
    return side == PHOENIX ? 1 : countingOps;
  }

  @Override
  final boolean countsRpcs(int side) {
    return side != PHOENIX;
  }

  /** One side's answer to a question, as orders of the comparison's type. */
  @FunctionalInterface
  interface Answer<Q> {
    List<TwoViewOrder> to(Q question) throws Exception;
  }

  /**
   * The operation that asks {@code answer} question {@code i} of {@code questions} and checks that
   * it has {@code expected} orders, naming {@code who} otherwise.
   */
  static <Q> Run.Op asking(List<Q> questions, Answer<Q> answer, int expected, String who) {
    return i -> {
      Q q = questions.get(i);
      check(answer.to(q).size() == expected, () -> who + " missed orders of " + q);
    };
  }

  /** {@code orders} by order number, to compare the sides' answers. */
  static List<TwoViewOrder> byNumber(List<TwoViewOrder> orders) {
    return orders.stream().sorted(Comparator.comparing(TwoViewOrder::orderNo)).toList();
  }
}
