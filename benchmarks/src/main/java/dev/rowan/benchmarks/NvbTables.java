package dev.rowan.benchmarks;

import dev.rowan.index.ViewMaintainer;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

/**
 * The tables of the {@code nvb} workloads ({@link NvbWorkload}): copies of the {@link QueryTable}'s
 * {@code seller} view table and main table in namespace {@value #NAMESPACE}, twice each, with the
 * descriptor Rowan gave the original (same families, same settings, same split points) except
 * HBase's {@code NEW_VERSION_BEHAVIOR}: on in {@code view_on} and {@code main_on}, as Rowan creates
 * every family, off in {@code view_off} and {@code main_off}. Every row of the original is copied
 * into both, cell by cell with its timestamp, one row into one then into the other through a {@link
 * BufferedMutator} each, so that both receive the same puts in the same order.
 *
 * <p>The view copies have two states, in this order: {@link State#LOADED}, as the copy leaves them
 * (memstores and the files their flushes wrote, no compaction running), then {@link
 * State#COMPACTED}, flushed and major-compacted. The main table copies are compacted once copied.
 *
 * <p>Thread-safety: not thread-safe.
 */
final class NvbTables {

  static final String NAMESPACE = "nvb";

  /** The state of the view copies. */
  enum State {
    LOADED("after loading"),
    COMPACTED("flushed and major-compacted");

    final String label;

    State(String label) {
      this.label = label;
    }
  }

  /** What the second copy of each table differs in from the first, which is as Rowan makes it. */
  enum Variant {
    /** HBase's {@code NEW_VERSION_BEHAVIOR} off, the rows as Rowan writes them. */
    FLAG_OFF("NEW_VERSION_BEHAVIOR off", "off"),
    /**
     * The flag on, the view rows dense ({@link DenseRows}), the values after the status; the main
     * table as Rowan writes it.
     */
    DENSE("dense view rows", "dense"),
    /** As {@link #DENSE}, the values in a cell of their own. */
    DENSE_SEPARATE("dense view rows, values apart", "dense3"),
    /** As {@link #DENSE}, the write mark folded into the status cell: one cell a row. */
    DENSE_FOLDED("dense view rows, mark folded in", "dense1");

    /** Whether the variant's view rows are dense. */
    boolean dense() {
      return this != FLAG_OFF;
    }

    /** How the variant's dense view rows are laid out. */
    DenseRows.Layout layout() {
      return switch (this) {
        case DENSE_SEPARATE -> DenseRows.Layout.SEPARATE;
        case DENSE_FOLDED -> DenseRows.Layout.MARK_FOLDED;
        default -> DenseRows.Layout.AFTER_STATUS;
      };
    }

    final String label;
    final String suffix;

    Variant(String label, String suffix) {
      this.label = label;
      this.suffix = suffix;
    }
  }

  final QueryTable source;
  final Variant variant;
  private final BenchmarkCluster cluster;
  private final PrintStream log;
  private State view;
  private boolean main;

  NvbTables(BenchmarkCluster cluster, QueryTable source, Variant variant, PrintStream log) {
    this.variant = variant;
    this.cluster = cluster;
    this.source = source;
    this.log = log;
  }

  /** The copy of the view table as Rowan makes it ({@code rowans}), or of the variant. */
  TableName view(boolean rowans) {
    return TableName.valueOf(NAMESPACE, rowans ? "view_on" : "view_" + variant.suffix);
  }

  /** The copy of the main table as Rowan makes it ({@code rowans}), or of the variant. */
  TableName main(boolean rowans) {
    return TableName.valueOf(NAMESPACE, rowans ? "main_on" : "main_" + variant.suffix);
  }

  /**
   * Brings the view copies to {@code state}: copies them first if not yet done; states go forward
   * only.
   *
   * @throws IllegalStateException when asked to go back to {@link State#LOADED}
   */
  void views(Clients timing, Clients counting, State state) throws Exception {
    if (view == null) {
      source.load(timing, counting);
      TableName original = timing.tables(QueryTable.NAMESPACE, SellerOrder.class).get(1);
      copy(timing.connection(), original, this::view, variant.dense());
      view = State.LOADED;
      quiet(timing.connection(), List.of(view(true), view(false)));
      describe(timing.connection(), List.of(view(true), view(false)), State.LOADED.label);
    }
    if (state == view) {
      return;
    }
    if (state == State.LOADED) {
      throw new IllegalStateException("the nvb view copies are compacted already");
    }
    cluster.compact(timing.connection(), List.of(view(true), view(false)));
    view = State.COMPACTED;
    describe(timing.connection(), List.of(view(true), view(false)), state.label);
  }

  /** Copies the main table into both main copies and compacts them, once. */
  void mains(Clients timing, Clients counting) throws Exception {
    if (main) {
      return;
    }
    source.load(timing, counting);
    TableName original = timing.tables(QueryTable.NAMESPACE, SellerOrder.class).get(0);
    copy(timing.connection(), original, this::main, false);
    cluster.compact(timing.connection(), List.of(main(true), main(false)));
    main = true;
    describe(timing.connection(), List.of(main(true), main(false)), "flushed and major-compacted");
  }

  /**
   * Creates {@code names.apply(true)} and {@code names.apply(false)} afresh with {@code original}'s
   * descriptor and split points, {@code NEW_VERSION_BEHAVIOR} on and, unless {@code dense}, off,
   * and copies every row of {@code original} into both: into the second as a dense row ({@link
   * DenseRows}) when {@code dense}.
   */
  private void copy(
      Connection connection,
      TableName original,
      java.util.function.Function<Boolean, TableName> names,
      boolean dense)
      throws IOException {
    TableName on = names.apply(true);
    TableName off = names.apply(false);
    try (Admin admin = connection.getAdmin()) {
      try {
        admin.getNamespaceDescriptor(NAMESPACE);
      } catch (NamespaceNotFoundException e) {
        admin.createNamespace(NamespaceDescriptor.create(NAMESPACE).build());
      }
      TableDescriptor descriptor = admin.getDescriptor(original);
      byte[][] splits;
      try (RegionLocator locator = connection.getRegionLocator(original)) {
        byte[][] starts = locator.getStartKeys();
        splits = Arrays.copyOfRange(starts, 1, starts.length);
      }
      for (TableName name : List.of(on, off)) {
        if (admin.tableExists(name)) {
          admin.disableTable(name);
          admin.deleteTable(name);
        }
        TableDescriptor copy = withFlag(name, descriptor, dense || name.equals(on));
        if (splits.length == 0) {
          admin.createTable(copy);
        } else {
          admin.createTable(copy, splits);
        }
        log.printf("  created %s: %s%n", name, copy);
      }
    }
    long began = System.nanoTime();
    long rows = 0;
    long cells = 0;
    try (Table from = connection.getTable(original);
        ResultScanner scanner = from.getScanner(new Scan().setCaching(1000));
        BufferedMutator toOn = connection.getBufferedMutator(on);
        BufferedMutator toOff = connection.getBufferedMutator(off)) {
      for (Result row : scanner) {
        toOn.mutate(put(row));
        toOff.mutate(dense ? DenseRows.dense(sellerView(), row, variant.layout()) : put(row));
        rows++;
        cells += row.size();
      }
    }
    log.printf(
        "  copied %,d rows (%,d cells, %.1f per row) of %s into %s and %s in %.1f s%n",
        rows, cells, (double) cells / rows, original, on, off, (System.nanoTime() - began) / 1e9);
  }

  /**
   * {@code descriptor} renamed {@code name}, every family with {@code NEW_VERSION_BEHAVIOR} set.
   */
  static TableDescriptor withFlag(TableName name, TableDescriptor descriptor, boolean flag) {
    TableDescriptorBuilder builder =
        TableDescriptorBuilder.newBuilder(TableDescriptorBuilder.copy(name, descriptor));
    for (ColumnFamilyDescriptor family : descriptor.getColumnFamilies()) {
      builder.modifyColumnFamily(
          ColumnFamilyDescriptorBuilder.newBuilder(family).setNewVersionBehavior(flag).build());
    }
    return builder.build();
  }

  /** A put of every cell of {@code row}, with its timestamp. */
  private static Put put(Result row) throws IOException {
    Put put = new Put(row.getRow());
    for (Cell cell : row.rawCells()) {
      put.add(cell);
    }
    return put;
  }

  /** Waits until no compaction (a minor one after the copy's flushes) runs on {@code tables}. */
  private static void quiet(Connection connection, List<TableName> tables)
      throws IOException, InterruptedException {
    try (Admin admin = connection.getAdmin()) {
      Thread.sleep(1000);
      for (TableName table : tables) {
        while (admin.getCompactionState(table) != CompactionState.NONE) {
          Thread.sleep(200);
        }
      }
    }
  }

  /** Logs the store files and memstore of each of {@code tables}, in {@code state}. */
  private void describe(Connection connection, List<TableName> tables, String state)
      throws IOException {
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : tables) {
        int files = 0;
        double fileMb = 0;
        double memstoreMb = 0;
        int regions = 0;
        for (ServerName server : admin.getRegionServers()) {
          for (RegionMetrics region : admin.getRegionMetrics(server, table)) {
            regions++;
            files += region.getStoreFileCount();
            fileMb += region.getStoreFileSize().get(org.apache.hadoop.hbase.Size.Unit.MEGABYTE);
            memstoreMb += region.getMemStoreSize().get(org.apache.hadoop.hbase.Size.Unit.MEGABYTE);
          }
        }
        log.printf(
            "  %s, %s: %d regions, %d store files (%.1f MB), memstore %.1f MB%n",
            table, state, regions, files, fileMb, memstoreMb);
      }
    }
  }

  /**
   * Checks that two answers hold the same rows with the same cells (row, column, timestamp, value).
   *
   * @throws IllegalStateException naming the first difference
   */
  static void same(List<Result> on, List<Result> off, String what) {
    Workload.check(
        on.size() == off.size(), () -> what + ": " + on.size() + " rows against " + off.size());
    for (int i = 0; i < on.size(); i++) {
      Cell[] a = on.get(i).rawCells();
      Cell[] b = off.get(i).rawCells();
      Workload.check(a.length == b.length, what + ": rows of different sizes at " + i);
      for (int c = 0; c < a.length; c++) {
        int row = i;
        int cell = c;
        Workload.check(
            CellUtil.equals(a[c], b[c])
                && a[c].getTimestamp() == b[c].getTimestamp()
                && CellUtil.matchingValue(a[c], b[c]),
            () -> what + ": cells differ at row " + row + ": " + a[cell] + " against " + b[cell]);
      }
    }
  }

  /** Every row of {@code scan} on {@code table}. */
  static List<Result> rows(Connection connection, TableName table, Scan scan) throws IOException {
    List<Result> rows = new ArrayList<>();
    try (Table t = connection.getTable(table);
        ResultScanner scanner = t.getScanner(scan)) {
      for (Result row : scanner) {
        rows.add(row);
      }
    }
    return rows;
  }

  /** The view model of the copied view: the {@code seller} view of {@link SellerOrder}. */
  static dev.rowan.index.ViewModel sellerView() {
    return ViewMaintainer.of(dev.rowan.mapping.EntityModel.of(SellerOrder.class)).views().get(0);
  }
}
