package dev.rowan.core.internal.read;

import dev.rowan.core.TimeRange;
import dev.rowan.core.internal.context.CellLimits;
import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.plan.AccessPlan;
import dev.rowan.core.internal.query.plan.AccessPlan.Operation;
import dev.rowan.core.internal.query.plan.RowRead;
import dev.rowan.core.internal.query.plan.ScanSpec;
import dev.rowan.core.internal.read.PageTokens.Position;
import dev.rowan.index.MainRow;
import dev.rowan.mapping.EntityModel;
import java.io.Closeable;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Reads the entities of one access plan lazily: the gets or scans its {@link ScanSpec} gives (gets
 * of whole keys, or one range scan per key prefix and salt bucket, merged in key order, or every
 * row). Rows are turned into entity values a chunk at a time (view rows through {@link ViewReader},
 * so unverified rows are checked), and only entities that satisfy every condition of the group are
 * returned.
 *
 * <p>A cursor of a count or a projection reads only what its {@link RowRead} names of each row: its
 * entities carry the values of their key parts and of the columns read, and no other.
 */
final class QueryCursor implements Iterator<QueryCursor.Found>, Closeable {

  /**
   * An entity found: the key of the row it was read from, its column key when that row is a wide
   * row of the main table (else null), and its values.
   */
  record Found(byte @Nullable [] rowKey, byte @Nullable [] columnKey, Object @Nullable [] values) {}

  /** The gets or scans of the plan for this call. */
  private final ScanSpec spec;

  private final StoreContext<?> context;
  private final ViewReader<?> reader;
  private final AccessPlan plan;
  private final List<Condition> group;
  private final Object[] args;
  private final int chunk;
  private final TableName name;
  private final Iterator<Result> rows;
  private final Closeable scanners;
  private final Deque<Found> ready = new ArrayDeque<>();
  private final int saltLength;

  /** The position to resume after, or null. */
  private final @Nullable Position after;

  /** What is read of each row, or null when whole rows are read. */
  private final @Nullable RowRead narrow;

  /**
   * Whether the rows are read as of the end of a time range: a row without a status then shows a
   * state older than the versions its families keep (every write, a delete too, writes a status),
   * whose cells may be gone in part, and is left out.
   */
  private final boolean pastState;

  /**
   * The second look of a read of a view, which judges each entity once; null for a read of the main
   * table, where each entity has one row.
   */
  private final @Nullable SecondLook second;

  /**
   * Opens the reads of {@code plan} for the arguments {@code args}, fetching about {@code fetch}
   * rows per round trip ({@code Integer.MAX_VALUE}: as many as the client's result size allows),
   * resuming right after the entity at {@code after} (or from the start when it is null), reading
   * of each row what {@code read} names. Entities come in key order (reversed for a reversed plan),
   * those of one wide row in column key order; the gets of a multi-get are made in that order too,
   * so that a page of gets can resume. With a time range ({@code written}, else null), every read
   * is of the cells written before its end and not before its start: the rows of an entity that
   * keeps history as they were at its end, where written within it.
   */
  QueryCursor(
      StoreContext<?> context,
      ViewReader<?> reader,
      AccessPlan plan,
      List<Condition> group,
      Object[] args,
      int fetch,
      @Nullable Position after,
      RowRead read,
      @Nullable TimeRange written) {
    long began = System.currentTimeMillis();
    this.narrow = read.wholeRows() ? null : read;
    this.pastState = written != null;
    this.context = context;
    this.reader = reader;
    this.plan = plan;
    this.group = group;
    this.args = args;
    this.chunk = Math.max(1, Math.min(fetch, 256));
    this.saltLength = plan.key().saltLength();
    this.after = after;
    TableName name = plan.view() == null ? context.mainTable() : context.viewTable(plan.view());
    this.name = name;
    this.spec =
        new ScanSpec(
            plan,
            context.model(),
            args,
            read,
            MainRow.statusFamily(context.model()),
            CellLimits.maxRowKey(name));
    this.second =
        plan.view() == null
            ? null
            : new SecondLook(
                context,
                plan.view(),
                spec,
                group,
                args,
                after == null ? null : after.rowKey(),
                pastState,
                began);
    if (plan.access() == Operation.GET) {
      List<Get> gets = spec.gets(after == null ? null : after.rowKey());
      if (written != null) {
        for (Get get : gets) {
          HBaseCalls.call("query", name, () -> get.setTimeRange(written.from(), written.to()));
        }
      }
      Result[] results =
          HBaseCalls.on(context.connection(), name, "query", table -> table.get(gets));
      this.rows = Arrays.stream(results).filter(r -> !r.isEmpty()).iterator();
      this.scanners = () -> {};
    } else {
      List<Scan> scans =
          spec.scans(
              fetch,
              after == null ? null : after.rowKey(),
              after != null && after.columnKey() != null);
      if (written != null) {
        scans.forEach(
            scan ->
                HBaseCalls.call(
                    "query", name, () -> scan.setTimeRange(written.from(), written.to())));
      }
      if (scans.size() == 1
          && second != null) { // its metrics tell whether it read one snapshot of one region
        scans.get(0).setScanMetricsEnabled(true);
      }
      List<ResultScanner> open =
          HBaseCalls.call(
              "query", name, () -> ScannerOpener.open(context.connection(), name, scans));
      if (fetch < Integer.MAX_VALUE) {
        for (int i = 0; i < open.size(); i++) {
          open.set(i, new LimitedScanner(context.connection(), name, scans.get(i), open.get(i)));
        }
      }
      BucketMerge merge = new BucketMerge(open, name, saltLength, plan.reversed());
      this.rows = merge;
      this.scanners = merge;
      if (open.size() == 1 && second != null) {
        second.readsWith(open.get(0));
      }
    }
  }

  @Override
  public boolean hasNext() {
    while (ready.isEmpty() && rows.hasNext()) {
      List<Result> batch = new ArrayList<>(chunk);
      while (batch.size() < chunk && rows.hasNext()) {
        batch.add(rows.next());
      }
      resolve(batch);
    }
    if (ready.isEmpty() && second != null && second.due()) {
      // read to the end: what moved anywhere in the range while it read
      ready.addAll(second.take(null, this::compare));
    }
    return !ready.isEmpty();
  }

  /**
   * The entities that moved within the part of the range read so far while it was read, and that
   * this cursor has not judged, in its order ({@link MovedEntities}), for a caller that took {@code
   * last} from it and stops there: those the second look finds up to {@code last} (it is taken
   * now), or, when the read reached its end, those it found there and the caller did not take. None
   * for a read of the main table.
   */
  List<Found> movedUpTo(Found last) {
    if (second == null) {
      return List.of();
    }
    if (!second.taken()) {
      return second.take(last.rowKey(), this::compare);
    }
    List<Found> rest = new ArrayList<>(ready);
    ready.clear();
    return rest;
  }

  /**
   * Leaves the second look to the caller, which reads several cursors one after another (the {@code
   * Or} groups of a query): an entity can move from one group's range to another's between their
   * reads, so each group's second look comes after every group has read, and what it finds is
   * judged against every group ({@link #movedCandidates}, {@link MovedEntities#matchingAny}).
   */
  QueryCursor deferringSecondLook(long queryBegan) {
    if (second != null) {
      second.defer(queryBegan);
    }
    return this;
  }

  /**
   * For a cursor that {@link #deferringSecondLook defers its second look}, once it has read to its
   * end: the main row keys of the entities it did not give that it found under an older key than
   * their main row's, and, unless the rows its range retired cover the read, those its range holds
   * cells of written since the query began, less the write lease ({@link SecondLook#candidates}).
   * None for a read of the main table.
   */
  Collection<ByteBuffer> movedCandidates() {
    return second == null ? List.of() : second.candidates();
  }

  /** Whether the second look found an entity: those it found come out of the read's key order. */
  boolean foundMoved() {
    return second != null && second.foundAny();
  }

  /**
   * The order of two entities this cursor gives, by the keys of their rows in the plan's direction.
   */
  int compare(Found a, Found b) {
    int order = spec.compareKeys(a.rowKey(), b.rowKey());
    return order != 0 || a.columnKey() == null || b.columnKey() == null
        ? order
        : Bytes.compareTo(a.columnKey(), b.columnKey());
  }

  @Override
  public Found next() {
    if (!hasNext()) {
      throw new NoSuchElementException();
    }
    return ready.poll();
  }

  private void movedAway(byte[] mainKey) {
    Objects.requireNonNull(second, "only a read of a view finds entities moved away")
        .movedAway(mainKey);
  }

  /** Resolves {@code batch}, read as {@code narrow} says. */
  private void resolveNarrow(RowRead narrow, List<Result> batch) {
    if (plan.view() != null) {
      Object[][] values = reader.resolveNarrow(plan.view(), batch, this::movedAway);
      for (int i = 0; i < values.length; i++) {
        offer(batch.get(i).getRow(), null, values[i]);
      }
      return;
    }
    for (Result row : batch) {
      byte[] key = row.getRow();
      switch (narrow.kind()) {
        case KEYS_ONLY, LIVE_KEYS -> offer(key, null, keyValues(key));
        case QUALIFIERS -> {
          TreeSet<byte[]> seen = new TreeSet<>(Bytes.BYTES_COMPARATOR);
          for (Cell cell : row.rawCells()) {
            Object[] values = keyValues(key);
            int offset = cell.getQualifierOffset();
            int end;
            try {
              end =
                  Objects.requireNonNull(
                          context.model().columnKey(), "a wide entity has a column key")
                      .decode(cell.getQualifierArray(), offset, cell.getQualifierLength(), values);
            } catch (IllegalArgumentException e) {
              continue; // a qualifier some other writer put in this row
            }
            byte[] columnKey = Arrays.copyOfRange(cell.getQualifierArray(), offset, end);
            if (seen.add(columnKey)) {
              offer(key, columnKey, values);
            }
          }
        }
        default -> offer(key, null, liveValues(row));
      }
    }
  }

  /** The values of the key parts in main row key {@code key}, every other value null. */
  private Object[] keyValues(byte[] key) {
    Object[] values = new Object[context.model().properties().size()];
    context.model().rowKey().decode(key, 0, key.length, values);
    return values;
  }

  private void resolve(List<Result> batch) {
    if (narrow != null) {
      resolveNarrow(narrow, batch);
      return;
    }
    if (plan.view() != null) {
      Object[][] values = reader.resolveEach(plan.view(), batch, this::movedAway);
      for (int i = 0; i < values.length; i++) {
        offer(batch.get(i).getRow(), null, values[i]);
      }
      return;
    }
    for (Result row : batch) {
      if (context.model().isWide()) {
        for (Object entity : context.model().readAll(row)) {
          Object[] values = values(entity);
          offer(
              row.getRow(),
              Objects.requireNonNull(context.model().columnKey(), "a wide entity has a column key")
                  .encode(values),
              values);
        }
      } else {
        offer(row.getRow(), null, liveValues(row));
      }
    }
  }

  /**
   * The values of the entity main row {@code row} holds, or null when it holds none (or one too old
   * to know).
   */
  private Object @Nullable [] liveValues(Result row) {
    MainRow main = MainRow.of(context.model(), row);
    return main.isLive() && !(pastState && main.status() == null) ? main.values() : null;
  }

  @SuppressWarnings("unchecked")
  private Object[] values(Object entity) {
    return ((EntityModel<Object>) context.model()).values(entity);
  }

  private void offer(byte[] rowKey, byte @Nullable [] columnKey, Object @Nullable [] values) {
    if (values == null
        || reached(rowKey, columnKey)
        || second != null && !second.judge(context.model().rowKey().encode(values))) {
      return; // no entity, before the position resumed after, or an entity already judged by this
      // read
    }
    if (ConditionCheck.matches(values, group, args, context.model())) {
      ready.add(new Found(rowKey, columnKey, values));
    }
  }

  /**
   * Whether the entity at {@code rowKey} and {@code columnKey} is at or before the position to
   * resume after, in this cursor's order: rows in key order (reversed for a reversed plan), the
   * entities of a wide row in column key order.
   */
  private boolean reached(byte[] rowKey, byte @Nullable [] columnKey) {
    if (after == null) {
      return false;
    }
    int order = spec.compareRows(rowKey, after.rowKey());
    if (order != 0) {
      return order < 0;
    }
    return columnKey == null
        || after.columnKey() == null
        || Bytes.compareTo(columnKey, after.columnKey()) <= 0;
  }

  @Override
  public void close() {
    HBaseCalls.run(
        "close query",
        name,
        () -> {
          scanners.close();
        });
  }
}
