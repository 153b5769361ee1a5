package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.PhoenixStatusOrders;
import dev.rowan.benchmarks.phoenix.StatusOrder;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The orders created in a window of {@code matches} milliseconds, from a table keyed by state, then
 * creation time and number, the question naming no state: Rowan's {@code findByCreatedAtBetween} on
 * {@link StatusOrder} (a skip scan over the five states, one range each, read by one scan that a
 * {@code MultiRowRangeFilter} keeps to them), a hand-written scan per state, one after another, and
 * Phoenix's {@code SELECT ... WHERE STATUS IN (every state) AND CREATED BETWEEN ? AND ?} on a table
 * whose primary key is {@code (STATUS, CREATED, ORDER_NO)}, a skip scan over five ranges.
 */
final class PhoenixSkipScanWorkload extends PhoenixReadWorkload {

  private final int matches;

  /** A question: the first and last instant of the window. */
  private record Question(Instant from, Instant to) {}

  PhoenixSkipScanWorkload(PhoenixQueryTable table, int matches, int count) {
    super(
        String.format(
            "created in %,d ms, keyed by state first, %,d orders (skip scan)",
            matches, table.total),
        "query",
        List.of("Rowan findByCreatedAtBetween", "a scan per state", "Phoenix IN of every state"),
        table,
        count,
        Math.min(count, 20));
    if (matches < 1 || matches >= table.sellers) {
      throw new IllegalArgumentException(
          "a window holds 1 to " + (table.sellers - 1) + " orders, not " + matches);
    }
    this.matches = matches;
  }

  /**
   * Windows within the first second of a minute, where every ordinary seller has one order, the
   * seller's number its millisecond; from the first millisecond on, past the hot seller's orders.
   */
  private List<Question> questions(int round, int count) {
    SplittableRandom random = new SplittableRandom(9000L + round);
    List<Question> questions = new ArrayList<>(count);
    for (int q = 0; q < count; q++) {
      long minute = random.nextInt(table.ordersPerSeller());
      int first = 1 + random.nextInt(table.sellers - matches);
      questions.add(
          new Question(
              BenchData.ordinaryCreatedAt(minute, first),
              BenchData.ordinaryCreatedAt(minute, first + matches - 1)));
    }
    return questions;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    super.load(timing, counting);
    table.loadStatus(timing, counting);
  }

  @Override
  void verify(Clients clients) throws Exception {
    for (Question q : questions(Integer.MAX_VALUE, 3)) {
      List<TwoViewOrder> rowan = byNumber(rowan(clients).to(q));
      check(
          rowan.size() == matches,
          "Rowan found " + rowan.size() + " orders, not " + matches + ", for " + q);
      check(rowan.equals(byNumber(handWritten(clients).to(q))), "the scans per state disagree");
      List<TwoViewOrder> phoenix = byNumber(phoenixAnswer().to(q));
      check(
          rowan.equals(phoenix),
          () ->
              "Phoenix disagrees for "
                  + q
                  + ": "
                  + PhoenixRangeWorkload.firstDifference(rowan, phoenix));
    }
    Question first = questions(Integer.MAX_VALUE, 1).get(0);
    String plan = table.phoenixStatus().explain(first.from(), first.to());
    check(plan.contains("SKIP SCAN"), "Phoenix does not skip scan:\n" + plan);
    table.addPlan(plan);
  }

  private static Answer<Question> rowan(Clients clients) {
    StatusOrder.Repository orders =
        clients.repository(PhoenixQueryTable.NAMESPACE, StatusOrder.Repository.class);
    return q ->
        orders.findByCreatedAtBetween(q.from(), q.to()).stream()
            .map(StatusOrder::asTwoView)
            .toList();
  }

  /** Phoenix's answer: an {@code IN} of every state, a skip scan over five ranges. */
  private Answer<Question> phoenixAnswer() {
    PhoenixStatusOrders phoenix = table.phoenixStatus();
    return q -> phoenix.createdBetween(q.from(), q.to());
  }

  private static Answer<Question> handWritten(Clients clients) {
    HandWritten<StatusOrder> hand = clients.hand(PhoenixQueryTable.NAMESPACE, StatusOrder.class);
    return q -> {
      List<TwoViewOrder> found = new ArrayList<>();
      for (Order.Status status : Order.Status.values()) {
        hand.mainRange(status, q.from(), q.to()).stream()
            .map(StatusOrder::asTwoView)
            .forEach(found::add);
      }
      return found;
    };
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<Question> questions = questions(round, count);
    return switch (side) {
      case 0 -> asking(questions, rowan(clients), matches, "Rowan");
      case 1 -> asking(questions, handWritten(clients), matches, "the hand-written code");
      default -> asking(questions, phoenixAnswer(), matches, "Phoenix");
    };
  }
}
