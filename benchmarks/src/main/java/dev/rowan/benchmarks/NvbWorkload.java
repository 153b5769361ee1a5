package dev.rowan.benchmarks;

import dev.rowan.benchmarks.BenchData.SellerRange;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/**
 * The same scan of the same rows on two tables that differ only in HBase's {@code
 * NEW_VERSION_BEHAVIOR} ({@link NvbTables}): side 0 the table with it, as Rowan creates every
 * family, side 1 the table without, interleaved query by query. One of:
 *
 * <ul>
 *   <li>a range of a seller's orders by creation time, {@code matches} of them, on the view copies:
 *       the scan of {@link HandWritten#viewRange}, start and stop rows encoded by the view's key
 *       layout, every row decoded into a {@link SellerOrder};
 *   <li>a count of {@link BenchData#HOT}'s orders on the view copies, keys only ({@code
 *       FirstKeyOnlyFilter} and {@code KeyOnlyFilter}, as {@link HandWritten#viewKeyCount});
 *   <li>a scan of the whole main table copy, every row, no filter, rows and cells counted.
 * </ul>
 */
final class NvbWorkload extends OpWorkload {

  /** What is scanned. */
  enum Kind {
    RANGE,
    COUNT,
    MAIN
  }

  private static final byte[] NO_KEY = new byte[0];

  private final NvbTables tables;
  private final Kind kind;
  private final NvbTables.State state;
  private final int matches;
  private final int count;
  private final EntityModel<SellerOrder> model = EntityModel.of(SellerOrder.class);
  private final ViewModel view = NvbTables.sellerView();
  private final List<PropertyModel> carried = view.carried();
  private final int width = model.properties().size();
  private final DenseRows.Layout layout;

  private NvbWorkload(
      String name, NvbTables tables, Kind kind, NvbTables.State state, int matches, int count) {
    super(name, "scan", List.of("Rowan's tables", tables.variant.label));
    this.tables = tables;
    this.kind = kind;
    this.state = state;
    this.matches = matches;
    this.count = count;
    this.layout = tables.variant.layout();
  }

  /** Ranges of {@code matches} orders of the view copies in {@code state}. */
  static NvbWorkload range(NvbTables tables, NvbTables.State state, int matches, int count) {
    if (matches < 1 || matches > tables.source.hot) {
      throw new IllegalArgumentException(
          "a range can match 1 order, or up to the " + tables.source.hot + " of the hot seller");
    }
    return new NvbWorkload(
        String.format(
            "nvb: view range scan, %,d of %,d rows, %s", matches, tables.source.total, state.label),
        tables,
        Kind.RANGE,
        state,
        matches,
        count);
  }

  /** Key-only counts of the hot seller's orders in the view copies in {@code state}. */
  static NvbWorkload count(NvbTables tables, NvbTables.State state, int count) {
    return new NvbWorkload(
        String.format(
            "nvb: view key-only count, %,d of %,d rows, %s",
            tables.source.hot, tables.source.total, state.label),
        tables,
        Kind.COUNT,
        state,
        tables.source.hot,
        count);
  }

  /** Full scans of the main table copies, compacted. */
  static NvbWorkload main(NvbTables tables, int count) {
    return new NvbWorkload(
        String.format(
            "nvb: main table full scan, %,d rows, flushed and major-compacted",
            tables.source.total),
        tables,
        Kind.MAIN,
        NvbTables.State.COMPACTED,
        tables.source.total,
        count);
  }

  Kind kind() {
    return kind;
  }

  @Override
  void load(Clients timing, Clients counting) throws Exception {
    if (kind == Kind.MAIN) {
      tables.mains(timing, counting);
    } else {
      tables.views(timing, counting, state);
    }
  }

  @Override
  int count(int side) {
    return count;
  }

  @Override
  int countingOps(int side) {
    return Math.min(count, kind == Kind.MAIN ? 1 : 5);
  }

  private TableName table(int side) {
    return kind == Kind.MAIN ? tables.main(side == 0) : tables.view(side == 0);
  }

  private List<SellerRange> questions(int round, int count) {
    QueryTable source = tables.source;
    return BenchData.sellerRanges(
        6000L + round, count, matches, source.sellers, source.ordersPerSeller(), source.hot);
  }

  /** The scan of the {@code i}-th question (the same every time for counts and full scans). */
  private Scan scan(List<SellerRange> questions, int i) {
    if (kind == Kind.MAIN) {
      return new Scan();
    }
    Object[] values = new Object[model.properties().size()];
    if (kind == Kind.COUNT) {
      values[view.keyProperties().get(0).index()] = BenchData.HOT;
      byte[] prefix = view.key().encode(values, 1);
      return new Scan()
          .withStartRow(prefix)
          .withStopRow(after(prefix))
          .setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
    }
    SellerRange q = questions.get(i);
    values[view.keyProperties().get(0).index()] = q.seller();
    values[view.keyProperties().get(1).index()] = q.from();
    byte[] start = view.key().encode(values, 2);
    values[view.keyProperties().get(1).index()] = q.to();
    return new Scan().withStartRow(start).withStopRow(after(view.key().encode(values, 2)));
  }

  @Override
  void verify(Clients clients) throws Exception {
    List<SellerRange> questions = kind == Kind.RANGE ? questions(Integer.MAX_VALUE, 3) : List.of();
    for (int i = 0; i < (kind == Kind.RANGE ? 3 : 1); i++) {
      List<Result> on = NvbTables.rows(clients.connection(), table(0), scan(questions, i));
      List<Result> off = NvbTables.rows(clients.connection(), table(1), scan(questions, i));
      check(
          on.size() == matches, () -> name() + ": " + on.size() + " rows, not " + matches + " on");
      if (dense() && kind == Kind.RANGE) {
        check(
            decode(on).equals(decodeDense(off)),
            () -> name() + ": the dense copy decodes to other orders");
      } else if (dense()) {
        check(
            on.size() == off.size()
                && java.util.stream.IntStream.range(0, on.size())
                    .allMatch(r -> Arrays.equals(on.get(r).getRow(), off.get(r).getRow())),
            () -> name() + ": the dense copy counts other rows");
      } else {
        NvbTables.same(on, off, name());
      }
      if (kind == Kind.RANGE) {
        SellerRange q = questions.get(i);
        List<SellerOrder> hand =
            clients
                .hand(QueryTable.NAMESPACE, SellerOrder.class)
                .viewRange("seller", q.seller(), q.from(), q.to());
        check(decode(on).equals(hand), () -> name() + ": the copy disagrees with the view");
      }
    }
  }

  /** Whether side 1 holds dense view rows. */
  private boolean dense() {
    return kind != Kind.MAIN && tables.variant.dense();
  }

  private List<SellerOrder> decodeDense(List<Result> rows) {
    List<SellerOrder> orders = new ArrayList<>(rows.size());
    for (Result row : rows) {
      orders.add(model.instantiate(DenseRows.decode(view, carried, width, row, layout)));
    }
    return orders;
  }

  private List<SellerOrder> decode(List<Result> rows) {
    List<SellerOrder> orders = new ArrayList<>(rows.size());
    for (Result row : rows) {
      orders.add(model.instantiate(view.decode(row)));
    }
    return orders;
  }

  @Override
  Run.Op op(Clients clients, int side, int round, int count) throws IOException {
    List<SellerRange> questions = kind == Kind.RANGE ? questions(round, count) : List.of();
    Table table = clients.connection().getTable(table(side));
    boolean denseSide = side == 1 && dense();
    return i -> {
      long rows = 0;
      try (ResultScanner scanner = table.getScanner(scan(questions, i))) {
        for (Result row : scanner) {
          if (kind == Kind.RANGE) {
            Object[] values =
                denseSide ? DenseRows.decode(view, carried, width, row, layout) : view.decode(row);
            check(model.instantiate(values) != null, "a row decoded to nothing");
          }
          rows++;
        }
      }
      long found = rows;
      check(found == matches, () -> name() + ": " + found + " rows, not " + matches);
    };
  }

  /** The smallest key after every key that starts with {@code prefix}. */
  private static byte[] after(byte[] prefix) {
    int end = prefix.length;
    while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
      end--;
    }
    if (end == 0) {
      return NO_KEY;
    }
    byte[] next = Arrays.copyOf(prefix, end);
    next[end - 1]++;
    return next;
  }
}
