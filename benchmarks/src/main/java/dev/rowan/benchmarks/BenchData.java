package dev.rowan.benchmarks;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The orders the HBase workloads write and read, made from fixed seeds so that both sides of a
 * comparison see the same data.
 *
 * <p>The query data set has a known layout, so that a range of creation times matches a known
 * number of orders: order {@code i} of the {@code total - hot} ordinary orders belongs to seller
 * {@code i % sellers} and was created {@code i / sellers} minutes (plus the seller's number in
 * milliseconds) after {@link #BASE}; the {@code hot} orders of {@link #HOT} were created one second
 * apart from {@link #BASE}.
 *
 * <p>Thread-safety: stateless and thread-safe.
 */
final class BenchData {

  static final Instant BASE = Instant.parse("2025-01-01T00:00:00Z");

  /** The seller with the most orders in the query data set. */
  static final String HOT = "seller-hot";

  private static final long MASK_40 = (1L << 40) - 1;
  private static final Order.Status[] STATUSES = Order.Status.values();

  private BenchData() {}

  /**
   * The order number of order {@code i} of data set {@code set}: distinct for every {@code i} below
   * 2^40, and scattered, so that consecutive orders do not write consecutive rows.
   */
  static String orderNo(String set, long i) {
    return set + "-" + String.format("%010x", (i * 0x9E3779B97F4A7C15L) & MASK_40);
  }

  static String seller(long number) {
    return String.format("seller-%04d", number);
  }

  /**
   * {@code count} orders of data set {@code set} from number {@code first}, each with a random
   * seller of {@code sellers}.
   */
  static <T> List<T> random(
      OrderFactory<T> factory, String set, long first, int count, int sellers, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    List<T> orders = new ArrayList<>(count);
    for (long i = first; i < first + count; i++) {
      orders.add(
          factory.create(
              orderNo(set, i),
              seller(random.nextInt(sellers)),
              "buyer-" + random.nextInt(100_000),
              BASE.plusSeconds(random.nextInt(31_536_000)).plusNanos(random.nextInt(1_000_000_000)),
              BigDecimal.valueOf(random.nextInt(10_000_000), 2),
              STATUSES[random.nextInt(STATUSES.length)],
              1 + random.nextInt(100)));
    }
    return orders;
  }

  /**
   * Orders {@code first} to {@code first + count - 1} of the query data set (see the class
   * comment).
   */
  static <T> List<T> queryOrders(
      OrderFactory<T> factory, long first, int count, int total, int sellers, int hot) {
    SplittableRandom random = new SplittableRandom(first);
    List<T> orders = new ArrayList<>(count);
    long ordinary = total - hot;
    for (long i = first; i < first + count; i++) {
      String seller;
      Instant created;
      if (i < ordinary) {
        seller = seller(i % sellers);
        created = ordinaryCreatedAt(i / sellers, (int) (i % sellers));
      } else {
        seller = HOT;
        created = hotCreatedAt(i - ordinary);
      }
      orders.add(
          factory.create(
              orderNo("q", i),
              seller,
              "buyer-" + random.nextInt(100_000),
              created,
              BigDecimal.valueOf(random.nextInt(10_000_000), 2),
              STATUSES[random.nextInt(STATUSES.length)],
              1 + random.nextInt(100)));
    }
    return orders;
  }

  /** The creation time of the {@code k}-th order of ordinary seller {@code seller}. */
  static Instant ordinaryCreatedAt(long k, int seller) {
    return BASE.plus(Duration.ofMinutes(k)).plusMillis(seller);
  }

  /** The creation time of the {@code j}-th order of {@link #HOT}. */
  static Instant hotCreatedAt(long j) {
    return BASE.plusSeconds(j);
  }

  /** A question of the range workloads: a seller's orders created in {@code [from, to]}. */
  record SellerRange(String seller, Instant from, Instant to) {}

  /**
   * {@code count} range questions drawn from {@code seed}, each matching {@code matches} orders of
   * a query table laid out as {@link #queryOrders} lays it out: one order of a random ordinary
   * seller (of {@code sellers}, with {@code ordersPerSeller} each) when {@code matches} is 1, else
   * a random run of {@code matches} of the {@code hot} orders of {@link #HOT}.
   */
  static List<SellerRange> sellerRanges(
      long seed, int count, int matches, int sellers, int ordersPerSeller, int hot) {
    SplittableRandom random = new SplittableRandom(seed);
    List<SellerRange> questions = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      if (matches == 1) {
        int seller = random.nextInt(sellers);
        Instant at = ordinaryCreatedAt(random.nextInt(ordersPerSeller), seller);
        questions.add(new SellerRange(seller(seller), at, at));
      } else {
        int first = random.nextInt(hot - matches + 1);
        questions.add(new SellerRange(HOT, hotCreatedAt(first), hotCreatedAt(first + matches - 1)));
      }
    }
    return questions;
  }
}
