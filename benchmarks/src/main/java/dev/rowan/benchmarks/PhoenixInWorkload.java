package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.SaltedTwoViewOrder;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The orders of {@code sellers} ordinary sellers created in one minute, one order each: Rowan's
 * {@code findBySellerIdInAndCreatedAtBetween} (a range of the {@code seller} view per seller, read
 * by one scan that a {@code MultiRowRangeFilter} keeps to them), a hand-written scan of the view
 * per seller, one after another, and Phoenix's prepared {@code SELECT ... WHERE SELLER IN (?, ...)
 * AND CREATED BETWEEN ? AND ?}, a skip scan of its covered {@code SELLER} index. With {@code
 * salted}, the same on tables salted into 16 buckets on both sides: Rowan reads one scan per
 * bucket, the hand-written code a scan per seller and bucket.
 */
final class PhoenixInWorkload extends PhoenixReadWorkload {

  private final int sellers;
  private final boolean salted;

  /** A question: the sellers, and the first and last instant of the minute. */
  private record Question(List<String> sellers, Instant from, Instant to) {}

  PhoenixInWorkload(PhoenixQueryTable table, int sellers, boolean salted, int count) {
    super(
        String.format(
            "In of %,d sellers, created in one minute, %,d orders%s",
            sellers, table.total, salted ? ", salted 16" : ""),
        "query",
        List.of("Rowan findBySellerIdIn...", "a view scan per seller", "Phoenix IN on index"),
        table,
        count,
        Math.min(count, 20));
    if (sellers < 1 || sellers > table.sellers) {
      throw new IllegalArgumentException(
          "an In names 1 to " + table.sellers + " sellers, not " + sellers);
    }
    this.sellers = sellers;
    this.salted = salted;
  }

  private List<Question> questions(int round, int count) {
    SplittableRandom random = new SplittableRandom(7000L + round);
    List<Question> questions = new ArrayList<>(count);
    for (int q = 0; q < count; q++) {
      Set<String> chosen = new LinkedHashSet<>();
      List<Integer> numbers = new ArrayList<>();
      while (chosen.size() < sellers) {
        int seller = random.nextInt(table.sellers);
        if (chosen.add(BenchData.seller(seller))) {
          numbers.add(seller);
        }
      }
      long minute = random.nextInt(table.ordersPerSeller());
      Instant from = BenchData.ordinaryCreatedAt(minute, 0);
      questions.add(new Question(List.copyOf(chosen), from, from.plusMillis(59_999)));
    }
    return questions;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    super.load(timing, counting);
    if (salted) {
      table.loadSalted(timing, counting);
    }
  }

  @Override
  void verify(Clients clients) throws Exception {
    for (Question q : questions(Integer.MAX_VALUE, 3)) {
      List<TwoViewOrder> rowan = byNumber(rowan(clients).to(q));
      check(
          rowan.size() == sellers,
          "Rowan found " + rowan.size() + " orders, not " + sellers + ", for " + q);
      check(rowan.equals(byNumber(handWritten(clients).to(q))), "the view scans disagree for " + q);
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
    table.addPlan(phoenix().explainSellersBetween(first.sellers(), first.from(), first.to()));
  }

  private PhoenixOrders phoenix() {
    return salted ? table.phoenixSalted() : table.phoenix();
  }

  /** Phoenix's answer: its prepared {@code IN}, a skip scan of its index. */
  private Answer<Question> phoenixAnswer() {
    PhoenixOrders phoenix = phoenix();
    return q -> phoenix.sellersBetween(q.sellers(), q.from(), q.to());
  }

  /** Rowan's answer: one scan of the view per salt bucket. */
  private Answer<Question> rowan(Clients clients) {
    if (salted) {
      SaltedTwoViewOrder.Repository orders =
          clients.repository(PhoenixQueryTable.NAMESPACE, SaltedTwoViewOrder.Repository.class);
      return q ->
          orders.findBySellerIdInAndCreatedAtBetween(q.sellers(), q.from(), q.to()).stream()
              .map(SaltedTwoViewOrder::unsalted)
              .toList();
    }
    TwoViewOrder.Repository orders =
        clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
    return q -> orders.findBySellerIdInAndCreatedAtBetween(q.sellers(), q.from(), q.to());
  }

  /** The hand-written answer: a scan of the view per seller (and bucket), one after another. */
  private Answer<Question> handWritten(Clients clients) {
    if (salted) {
      HandWritten<SaltedTwoViewOrder> hand =
          clients.hand(PhoenixQueryTable.NAMESPACE, SaltedTwoViewOrder.class);
      return q -> {
        List<TwoViewOrder> found = new ArrayList<>();
        for (String seller : q.sellers()) {
          hand.viewRange("seller", seller, q.from(), q.to()).stream()
              .map(SaltedTwoViewOrder::unsalted)
              .forEach(found::add);
        }
        return found;
      };
    }
    HandWritten<TwoViewOrder> hand = clients.hand(PhoenixQueryTable.NAMESPACE, TwoViewOrder.class);
    return q -> {
      List<TwoViewOrder> found = new ArrayList<>();
      for (String seller : q.sellers()) {
        found.addAll(hand.viewRange("seller", seller, q.from(), q.to()));
      }
      return found;
    };
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<Question> questions = questions(round, count);
    return switch (side) {
      case 0 -> asking(questions, rowan(clients), sellers, "Rowan");
      case 1 -> asking(questions, handWritten(clients), sellers, "the hand-written code");
      default -> asking(questions, phoenixAnswer(), sellers, "Phoenix");
    };
  }
}
