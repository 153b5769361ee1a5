package dev.rowan.benchmarks;

import dev.rowan.benchmarks.BenchData.SellerRange;
import dev.rowan.benchmarks.ObservedRowans.Variant;
import dev.rowan.core.HBaseRepository;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * What observations cost: the same reads by three Rowans on the same tables, one without an
 * observation registry, one with Micrometer's timers and one with the timers and Rowan's costs
 * ({@link ObservedRowans}), and by hand-written client code, interleaved operation by operation
 * ({@link OpWorkload}). Side 0 is the Rowan without registry, side 1 the hand-written code (so that
 * the harness's Rowan / hand-written ratio is that Rowan's), sides 2 and 3 the observed Rowans. The
 * reads: {@code findByKey} against {@code Table.get}, and {@code findBySellerBetween} through a
 * view, unsalted or salted, against scans of the view table.
 *
 * <p>Thread-safety: not thread-safe.
 *
 * @param <T> the entity
 * @param <R> its repository
 * @param <Q> a question: a key, or a seller's range of creation times
 */
final class ObserveWorkload<T, R extends HBaseRepository<T>, Q> extends OpWorkload {

  /** The Rowan of each side, null for the hand-written side. */
  static final Variant[] VARIANTS = {
    Variant.NONE, null, Variant.TIMERS, Variant.COSTS, Variant.ROWAN_TIMERS
  };

  /** A question asked of a repository. */
  @FunctionalInterface
  interface RowanAsk<T, R, Q> {
    List<T> ask(R repository, Q question);
  }

  /** A question asked of the hand-written code. */
  @FunctionalInterface
  interface HandAsk<T, Q> {
    List<T> ask(HandWritten<T> hand, Q question) throws IOException;
  }

  /** The questions of a run: {@code count} of them drawn from {@code seed}. */
  @FunctionalInterface
  interface Questions<Q> {
    List<Q> draw(long seed, int count);
  }

  private final QueryTable table;
  private final Class<T> type;
  private final Class<R> repository;
  private final ObservedRowans rowans;
  private final int answers;
  private final int count;
  private final Questions<Q> questions;
  private final RowanAsk<T, R, Q> rowanAsk;
  private final HandAsk<T, Q> handAsk;

  private ObserveWorkload(
      String name,
      String op,
      String rowanMethod,
      String handMethod,
      QueryTable table,
      Class<T> type,
      Class<R> repository,
      ObservedRowans rowans,
      int answers,
      int count,
      Questions<Q> questions,
      RowanAsk<T, R, Q> rowanAsk,
      HandAsk<T, Q> handAsk) {
    super(
        name,
        op,
        List.of(
            rowanMethod + ", " + Variant.NONE.label(),
            handMethod,
            rowanMethod + ", " + Variant.TIMERS.label(),
            rowanMethod + ", " + Variant.COSTS.label(),
            rowanMethod + ", " + Variant.ROWAN_TIMERS.label()));
    this.table = table;
    this.type = type;
    this.repository = repository;
    this.rowans = rowans;
    this.answers = answers;
    this.count = count;
    this.questions = questions;
    this.rowanAsk = rowanAsk;
    this.handAsk = handAsk;
  }

  /** Gets of one {@link SellerOrder} by key from the shared query table. */
  static ObserveWorkload<SellerOrder, SellerOrder.Repository, String> get(
      QueryTable table, ObservedRowans rowans, int count) {
    return new ObserveWorkload<>(
        "get 1 order by key",
        "get",
        "findByKey",
        "Table.get",
        table,
        SellerOrder.class,
        SellerOrder.Repository.class,
        rowans,
        1,
        count,
        (seed, n) -> {
          SplittableRandom random = new SplittableRandom(seed);
          List<String> keys = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            keys.add(BenchData.orderNo("q", random.nextInt(table.total)));
          }
          return keys;
        },
        (orders, key) -> orders.findByKey(key).map(List::of).orElse(List.of()),
        (hand, key) -> {
          SellerOrder found = hand.get(key);
          return found == null ? List.of() : List.of(found);
        });
  }

  /**
   * {@code findBySellerBetween} of {@link SellerOrder}s (an unsalted view), matching {@code
   * matches} orders.
   */
  static ObserveWorkload<SellerOrder, SellerOrder.Repository, SellerRange> range(
      QueryTable table, ObservedRowans rowans, int matches, int count) {
    return new ObserveWorkload<>(
        String.format("findBySellerBetween, %,d of %,d orders", matches, table.total),
        "query",
        "findBySellerBetween",
        "view scan",
        table,
        SellerOrder.class,
        SellerOrder.Repository.class,
        rowans,
        matches,
        count,
        ranges(table, matches),
        (orders, q) -> orders.findBySellerBetween(q.seller(), q.from(), q.to()),
        (hand, q) -> hand.viewRange("seller", q.seller(), q.from(), q.to()));
  }

  /**
   * {@code findBySellerBetween} of {@link SaltedOrder}s, whose view is salted into 16 buckets on
   * its whole key: 16 scans, run in parallel by Rowan and one after the other by the hand-written
   * code.
   */
  static ObserveWorkload<SaltedOrder, SaltedOrder.Repository, SellerRange> saltedRange(
      QueryTable table, ObservedRowans rowans, int matches, int count) {
    return new ObserveWorkload<>(
        String.format("findBySellerBetween, 16 buckets, %,d of %,d orders", matches, table.total),
        "query",
        "findBySellerBetween",
        "16 view scans",
        table,
        SaltedOrder.class,
        SaltedOrder.Repository.class,
        rowans,
        matches,
        count,
        ranges(table, matches),
        (orders, q) -> orders.findBySellerBetween(q.seller(), q.from(), q.to()),
        (hand, q) -> hand.viewRange("seller", q.seller(), q.from(), q.to()));
  }

  private static Questions<SellerRange> ranges(QueryTable table, int matches) {
    if (matches < 1 || matches > table.hot) {
      throw new IllegalArgumentException(
          "a query can match 1 order, or up to the " + table.hot + " of the hot seller");
    }
    return (seed, n) ->
        BenchData.sellerRanges(seed, n, matches, table.sellers, table.ordersPerSeller(), table.hot);
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    table.load(timing, counting);
  }

  @Override
  void verify(Clients clients) throws Exception {
    HandWritten<T> hand = clients.hand(table.namespace, type);
    for (Q question : questions.draw(Long.MAX_VALUE, 5)) {
      List<T> expected = handAsk.ask(hand, question);
      check(
          expected.size() == answers,
          "the hand-written code found "
              + expected.size()
              + " orders, not "
              + answers
              + ", for "
              + question);
      for (Variant variant : Variant.values()) {
        List<T> found =
            rowanAsk.ask(
                rowans.rowan(clients, table.namespace, variant).repository(repository), question);
        check(
            found.equals(expected),
            "Rowan with "
                + variant.label()
                + " disagrees with the hand-written code on "
                + question);
      }
    }
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return Math.min(count, 50);
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<Q> asked = questions.draw(4000L + round, count);
    Variant variant = VARIANTS[side];
    if (variant == null) {
      HandWritten<T> hand = clients.hand(table.namespace, type);
      return i ->
          check(
              handAsk.ask(hand, asked.get(i)).size() == answers,
              () -> "the hand-written code missed orders of " + asked.get(i));
    }
    R orders = rowans.rowan(clients, table.namespace, variant).repository(repository);
    return i ->
        check(
            rowanAsk.ask(orders, asked.get(i)).size() == answers,
            () -> "Rowan with " + variant.label() + " missed orders of " + asked.get(i));
  }
}
