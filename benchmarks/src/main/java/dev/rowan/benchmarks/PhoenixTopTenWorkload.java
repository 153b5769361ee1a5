package dev.rowan.benchmarks;

import dev.rowan.benchmarks.phoenix.PhoenixOrders;
import dev.rowan.benchmarks.phoenix.TwoViewOrder;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * A seller's ten newest orders from the unsalted {@code seller} view (index): Rowan's
 * {@code findTop10BySellerIdOrderByCreatedAtDesc}, one hand-written reversed scan of the view
 * table limited to 10 rows, and Phoenix's prepared
 * {@code SELECT ... WHERE SELLER = ? ORDER BY CREATED DESC LIMIT 10}, a reverse range scan of its
 * covered {@code SELLER} index.
 */
final class PhoenixTopTenWorkload extends OpWorkload {

  private final PhoenixQueryTable table;
  private final int count;
  private final ViewModel view;

  PhoenixTopTenWorkload(PhoenixQueryTable table, int count) {
    super(String.format("top 10 newest of a seller, %,d orders", table.total), "query",
        List.of("Rowan findTop10...", "reversed scan", "Phoenix ORDER BY ... LIMIT 10"));
    this.table = table;
    this.count = count;
    this.view = ViewMaintainer.of(EntityModel.of(TwoViewOrder.class)).views().stream()
        .filter(v -> v.name().equals("seller")).findFirst().orElseThrow();
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    table.load(timing, counting);
  }

  private List<String> sellers(int round, int count) {
    SplittableRandom random = new SplittableRandom(5000L + round);
    List<String> chosen = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      chosen.add(BenchData.seller(random.nextInt(table.sellers)));
    }
    return chosen;
  }

  /** The hand-written query: one reversed scan of the view from the end of the seller's rows, 10 rows. */
  private List<TwoViewOrder> newest(Table viewTable, String seller) throws Exception {
    EntityModel<TwoViewOrder> model = EntityModel.of(TwoViewOrder.class);
    Object[] values = new Object[model.properties().size()];
    values[view.keyProperties().get(0).index()] = seller;
    byte[] prefix = view.key().encode(values, 1);
    Scan scan = new Scan().setReversed(true).withStartRow(after(prefix), false).withStopRow(prefix, true).setLimit(10);
    List<TwoViewOrder> found = new ArrayList<>(10);
    try (ResultScanner scanner = viewTable.getScanner(scan)) {
      for (Result row : scanner) {
        found.add(model.instantiate(view.decode(row)));
      }
    }
    return found;
  }

  private static byte[] after(byte[] prefix) {
    int end = prefix.length;
    while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
      end--;
    }
    byte[] next = Arrays.copyOf(prefix, end);
    next[end - 1]++;
    return next;
  }

  private Table viewTable(Clients clients) throws Exception {
    return clients.connection().getTable(clients.rowan(PhoenixQueryTable.NAMESPACE).tableName(view.tableName()));
  }

  @Override
  void verify(Clients clients) throws Exception {
    TwoViewOrder.Repository orders = clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
    try (Table viewTable = viewTable(clients)) {
      for (String seller : sellers(Integer.MAX_VALUE, 5)) {
        List<TwoViewOrder> rowan = orders.findTop10BySellerIdOrderByCreatedAtDesc(seller);
        check(rowan.size() == 10, "Rowan found " + rowan.size() + " orders of " + seller);
        check(rowan.equals(newest(viewTable, seller)), "the reversed scan disagrees on " + seller);
        List<TwoViewOrder> phoenix = table.phoenix().newest(seller);
        check(rowan.equals(phoenix), () -> "Phoenix disagrees on " + seller + ": "
            + PhoenixRangeWorkload.firstDifference(rowan, phoenix));
      }
    }
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return side == 2 ? 1 : 20;
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) throws Exception {
    List<String> chosen = sellers(round, count);
    if (side == 0) {
      TwoViewOrder.Repository orders = clients.repository(PhoenixQueryTable.NAMESPACE, TwoViewOrder.Repository.class);
      return i -> check(orders.findTop10BySellerIdOrderByCreatedAtDesc(chosen.get(i)).size() == 10, "Rowan missed orders");
    }
    if (side == 1) {
      Table viewTable = clients.table(clients.rowan(PhoenixQueryTable.NAMESPACE).tableName(view.tableName()));
      return i -> check(newest(viewTable, chosen.get(i)).size() == 10, "the reversed scan missed orders");
    }
    PhoenixOrders phoenix = table.phoenix();
    return i -> check(phoenix.newest(chosen.get(i)).size() == 10, "Phoenix missed orders");
  }

  @Override
  boolean countsRpcs(int side) {
    return side != 2; // Phoenix has its own connection
  }

}
