package dev.rowan.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A seller's ten newest orders from a 16-bucket salted entity, whose {@code seller} view is salted
 * on its whole key, so that the answer is spread over all buckets: Rowan's {@code
 * findTop10BySellerIdOrderByCreatedAtDesc} against 16 hand-written reversed scans limited to 10
 * rows each, merged.
 */
final class TopTenWorkload extends OpWorkload {

  private static final String NAMESPACE = "top";

  private final BenchmarkCluster cluster;
  private final int total;
  private final int sellers;
  private final int count;

  TopTenWorkload(BenchmarkCluster cluster, int total, int sellers, int count) {
    super(
        String.format("findTop10BySellerIdOrderByCreatedAtDesc, 16 buckets, %,d orders", total),
        "query",
        List.of("Rowan findTop10...", "16 reversed scans"));
    this.cluster = cluster;
    this.total = total;
    this.sellers = sellers;
    this.count = count;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    if (!SettledLoad.bySaveAll()) {
      SettledLoad.check(
          cluster,
          timing,
          SaltedOrder.class,
          SaltedOrder.Repository.class,
          BenchData.random(SaltedOrder::new, "c", 0, 2000, sellers, 1));
    }
    SettledLoad.load(
        timing,
        NAMESPACE,
        SaltedOrder.class,
        SaltedOrder.Repository.class,
        total,
        (from, count) -> BenchData.random(SaltedOrder::new, "t", from, count, sellers, from),
        0);
    cluster.compact(timing.connection(), timing.tables(NAMESPACE, SaltedOrder.class));
    BenchmarkCluster.relocate(counting.connection(), timing.tables(NAMESPACE, SaltedOrder.class));
  }

  private List<String> sellers(int round, int count) {
    SplittableRandom random = new SplittableRandom(3000L + round);
    List<String> chosen = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      chosen.add(BenchData.seller(random.nextInt(sellers)));
    }
    return chosen;
  }

  @Override
  void verify(Clients clients) throws Exception {
    SaltedOrder.Repository orders = clients.repository(NAMESPACE, SaltedOrder.Repository.class);
    HandWritten<SaltedOrder> hand = clients.hand(NAMESPACE, SaltedOrder.class);
    for (String seller : sellers(Integer.MAX_VALUE, 5)) {
      List<SaltedOrder> rowan = orders.findTop10BySellerIdOrderByCreatedAtDesc(seller);
      check(rowan.size() == 10, "Rowan found " + rowan.size() + " orders of " + seller);
      check(rowan.equals(hand.newestInView("seller", seller, 10)), "the two disagree on " + seller);
    }
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return 20;
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) {
    List<String> chosen = sellers(round, count);
    if (side == 0) {
      SaltedOrder.Repository orders = clients.repository(NAMESPACE, SaltedOrder.Repository.class);
      return i ->
          check(
              orders.findTop10BySellerIdOrderByCreatedAtDesc(chosen.get(i)).size() == 10,
              "Rowan missed orders");
    }
    HandWritten<SaltedOrder> hand = clients.hand(NAMESPACE, SaltedOrder.class);
    return i ->
        check(
            hand.newestInView("seller", chosen.get(i), 10).size() == 10, "the scans missed orders");
  }
}
