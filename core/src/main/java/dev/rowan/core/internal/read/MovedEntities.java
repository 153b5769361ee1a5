package dev.rowan.core.internal.read;

import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.plan.AccessPlan.Operation;
import dev.rowan.core.internal.query.plan.ScanSpec;
import dev.rowan.core.internal.read.QueryCursor.Found;
import dev.rowan.index.MainRow;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.ViewModel;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.filter.MultiRowRangeFilter;
import org.apache.hadoop.hbase.filter.QualifierFilter;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * The second look of a read through a view: finds the entities that moved within the read's range
 * while it read, and that it may therefore have missed (docs/view-consistency.md, "Readers while
 * entities move").
 *
 * <p>A scan of a view is not a snapshot: an entity whose view key changes while the scan runs can
 * have its new row written behind the scan's position (or in a bucket or region already read) and
 * its old row, ahead, retired before the scan gets there. Every write of such an entity leaves
 * cells at its own timestamp in the rows it touches, the retired row included: the status that step
 * 2 marks, and the delete marker of step 4, which stays until a major compaction. So after the
 * first pass, one raw scan of the same ranges for the cells written since the read began (less the
 * write lease: a write still in flight when the read began carries an older timestamp) finds a row
 * of every entity written meanwhile. Each whose main row, read now, matches the query and that the
 * first pass did not judge is returned, in its current state.
 *
 * <p>A first pass of one scan of one region, whose scanner was never reopened, read at one read
 * point of the region (HBase's MVCC, which a region scanner keeps over all its RPCs): a snapshot,
 * which held the row of every entity's state at that point. Then the raw scan is not needed: an
 * entity that moved since was found under its older key, and its main row, read after, named
 * another; those are looked at again alone.
 */
final class MovedEntities {

  private MovedEntities() {}

  /**
   * The entities of view {@code view} that match {@code group} for {@code args} now and that the
   * first pass did not judge ({@code judged}, their main row keys, to which those found are added):
   * those of main rows {@code movedAway} (found by the first pass under an older view key), and,
   * unless {@code since} is null (the first pass read one snapshot), those whose rows the reads of
   * {@code spec} (resumed after {@code after}, an unsalted row key, or from the start) hold cells
   * of written at or after {@code since}. Up to {@code last}, the salted view row key of the last
   * entity the first pass gave, or null when it read to the end. Each comes with its current state
   * and the view row key of that state, which lies after {@code after} and not after {@code last}:
   * an entity that moved back before the position a page resumed after belongs to the pages before.
   */
  static List<Found> find(
      StoreContext<?> context,
      @Nullable ViewModel view,
      ScanSpec spec,
      List<Condition> group,
      Object[] args,
      byte @Nullable [] after,
      byte @Nullable [] last,
      @Nullable Long since,
      Set<ByteBuffer> movedAway,
      @Nullable Set<ByteBuffer> judged) {
    int saltLength =
        Objects.requireNonNull(view, "only a cursor of a view looks again").key().saltLength();
    byte[] lastUnsalted = last == null ? null : Arrays.copyOfRange(last, saltLength, last.length);
    Set<ByteBuffer> candidates =
        candidates(context, view, spec, after, lastUnsalted, since, movedAway, judged);
    if (candidates.isEmpty()) {
      return List.of();
    }
    return current(context, view, spec, group, args, after, lastUnsalted, candidates, judged);
  }

  /**
   * The main row keys the second look reads again, none of them among {@code judged}: those of
   * {@code movedAway}, and, unless {@code since} is null, those the rows of the reads of {@code
   * spec} (after {@code after}, up to {@code lastUnsalted}) name in cells written at or after
   * {@code since}.
   */
  static Set<ByteBuffer> candidates(
      StoreContext<?> context,
      @Nullable ViewModel view,
      ScanSpec spec,
      byte @Nullable [] after,
      byte @Nullable [] lastUnsalted,
      @Nullable Long since,
      Set<ByteBuffer> movedAway,
      @Nullable Set<ByteBuffer> judged) {
    Set<ByteBuffer> candidates = new LinkedHashSet<>(movedAway);
    if (since != null) {
      candidates.addAll(written(context, view, spec, after, lastUnsalted, since, judged));
    }
    candidates.removeAll(judged);
    return candidates;
  }

  /**
   * The main row keys, not among {@code judged}, that the rows of the reads of {@code spec} (after
   * {@code after}, up to {@code lastUnsalted}) name in cells written at or after {@code since},
   * deleted or not.
   */
  private static Set<ByteBuffer> written(
      StoreContext<?> context,
      @Nullable ViewModel view,
      ScanSpec spec,
      byte @Nullable [] after,
      byte @Nullable [] lastUnsalted,
      long since,
      @Nullable Set<ByteBuffer> judged) {
    TableName table = context.viewTable(Objects.requireNonNull(view, "a second look reads a view"));
    int saltLength = view.key().saltLength();
    List<Scan> scans = new ArrayList<>();
    if (spec.plan().access() == Operation.GET) {
      List<Get> gets = spec.gets(after);
      if (gets.size() < 2) {
        return Set.of(); // one key: an entity cannot move within it
      }
      for (Get get : gets) {
        if (lastUnsalted == null || spec.compareRows(get.getRow(), lastUnsalted) <= 0) {
          scans.add(
              raw(
                  new Scan().withStartRow(get.getRow(), true).withStopRow(get.getRow(), true),
                  view,
                  since,
                  table));
        }
      }
    } else {
      for (Scan scan : spec.scans(Integer.MAX_VALUE, after, false)) {
        Scan bounded = upTo(scan, lastUnsalted, saltLength, spec);
        if (bounded != null) {
          scans.add(raw(bounded, view, since, table));
        }
      }
    }
    Set<ByteBuffer> candidates = new LinkedHashSet<>();
    List<ResultScanner> scanners =
        HBaseCalls.call(
            "second look", table, () -> ScannerOpener.open(context.connection(), table, scans));
    try {
      for (ResultScanner scanner : scanners) {
        HBaseCalls.rows(scanner, "second look", table)
            .forEachRemaining(
                row -> {
                  byte[] mainKey = mainKey(view, row);
                  if (mainKey != null
                      && !Objects.requireNonNull(judged, "a cursor of a view keeps what it judged")
                          .contains(ByteBuffer.wrap(mainKey))) {
                    candidates.add(ByteBuffer.wrap(mainKey));
                  }
                });
      }
    } finally {
      scanners.forEach(ResultScanner::close);
    }
    return candidates;
  }

  /**
   * The entities of main rows {@code candidates} that match {@code group} now, not among {@code
   * judged} (to which they are added), with the view row keys of their current states, after {@code
   * after} and not after {@code lastUnsalted}.
   */
  private static List<Found> current(
      StoreContext<?> context,
      ViewModel view,
      ScanSpec spec,
      List<Condition> group,
      Object[] args,
      byte @Nullable [] after,
      byte @Nullable [] lastUnsalted,
      Set<ByteBuffer> candidates,
      @Nullable Set<ByteBuffer> judged) {
    List<Get> gets = candidates.stream().map(key -> new Get(Bytes.getBytes(key))).toList();
    Result[] mains =
        HBaseCalls.on(
            context.connection(),
            context.mainTable(),
            "read main rows of view " + view.name(),
            t -> t.get(gets));
    List<Found> found = new ArrayList<>();
    for (Result main : mains) {
      MainRow row = MainRow.of(context.model(), main);
      if (!row.isLive()) {
        continue;
      }
      Object[] values = row.values();
      byte[] position = view.rowKey(Objects.requireNonNull(values, "a live row has values"));
      if (position == null
          || !ConditionCheck.matches(
              Objects.requireNonNull(values, "a live row has values"), group, args, context.model())
          || lastUnsalted != null && spec.compareRows(position, lastUnsalted) > 0
          || after != null && spec.compareRows(position, after) <= 0
          || !Objects.requireNonNull(judged, "a cursor of a view keeps what it judged")
              .add(ByteBuffer.wrap(main.getRow()))) {
        continue;
      }
      found.add(new Found(position, null, values));
    }
    return found;
  }

  /**
   * The entities of main rows {@code candidates} whose current state matches one of {@code groups}
   * for {@code args}: what the deferred second looks of a query of several {@code Or} groups found
   * ({@link QueryCursor#deferringSecondLook}). Each comes with its main row key in place of a row
   * key.
   */
  static List<Found> matchingAny(
      StoreContext<?> context,
      Set<ByteBuffer> candidates,
      List<List<Condition>> groups,
      Object[] args) {
    if (candidates.isEmpty()) {
      return List.of();
    }
    List<Get> gets = candidates.stream().map(key -> new Get(Bytes.getBytes(key))).toList();
    Result[] mains =
        HBaseCalls.on(
            context.connection(),
            context.mainTable(),
            "read main rows of moved entities",
            t -> t.get(gets));
    List<Found> found = new ArrayList<>();
    for (Result main : mains) {
      MainRow row = MainRow.of(context.model(), main);
      if (row.isLive()
          && groups.stream()
              .anyMatch(
                  group ->
                      ConditionCheck.matches(
                          Objects.requireNonNull(row.values(), "a live row has values"),
                          group,
                          args,
                          context.model()))) {
        found.add(new Found(main.getRow(), null, row.values()));
      }
    }
    return found;
  }

  /**
   * {@code scan} made raw, of the cells written at or after {@code since}: keys only, but a unique
   * view's owner.
   */
  private static Scan raw(Scan scan, ViewModel view, long since, TableName table) {
    // the ranges of an In or a skip scan read by one scan: the raw scan keeps to them too
    MultiRowRangeFilter ranges = ScanSpec.ranges(scan);
    return HBaseCalls.call(
        "second look",
        table,
        () -> {
          Scan raw =
              new Scan()
                  .withStartRow(scan.getStartRow(), scan.includeStartRow())
                  .withStopRow(scan.getStopRow(), scan.includeStopRow())
                  .setReversed(scan.isReversed())
                  .setRaw(true)
                  .setTimeRange(since, Long.MAX_VALUE)
                  .setCacheBlocks(false);
          if (view
              .isUnique()) { // the key names no entity: every owner written since, deleted or not
            raw.readAllVersions()
                .setFilter(
                    within(
                        ranges,
                        new QualifierFilter(
                            CompareOperator.EQUAL, new BinaryComparator(Qualifier.OWNER.bytes()))));
          } else { // the key names the entity: one cell of each row, without its value
            raw.setFilter(
                within(ranges, new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter())));
          }
          return raw;
        });
  }

  /** {@code filter}, kept to {@code ranges} when there are several. */
  private static Filter within(@Nullable MultiRowRangeFilter ranges, Filter filter) {
    return ranges == null
        ? filter
        : new FilterList(FilterList.Operator.MUST_PASS_ALL, ranges, filter);
  }

  /**
   * {@code scan} ending at {@code last} (unsalted, in the plan's direction; null for no end) where
   * that is within its range, or null when its range starts after {@code last}.
   */
  private static @Nullable Scan upTo(
      Scan scan, byte @Nullable [] last, int saltLength, ScanSpec spec) {
    if (last == null) {
      return scan;
    }
    byte[] salted = scan.isReversed() ? scan.getStopRow() : scan.getStartRow();
    byte[] end = Bytes.add(Arrays.copyOf(salted, Math.min(saltLength, salted.length)), last);
    byte[] start = scan.getStartRow();
    if (start.length > 0 && spec.compareRows(start, last) > 0) {
      return null;
    }
    byte[] stop = scan.getStopRow();
    boolean stopEarlier = stop.length == 0 || spec.compareRows(stop, last) > 0;
    return stopEarlier ? scan.withStopRow(end, true) : scan; // the scan is this call's own
  }

  /**
   * The main row key of the entity whose view row {@code row} (read raw) is, or null when the row
   * names none: a unique view row's owner from a put of its owner cell (a row deleted and flushed
   * since keeps only its delete markers).
   */
  private static byte @Nullable [] mainKey(ViewModel view, Result row) {
    if (!view.isUnique()) {
      return view.owner(row);
    }
    for (Cell cell : row.rawCells()) {
      if (cell.getType() == Cell.Type.Put && Qualifier.OWNER.matches(cell)) {
        return CellUtil.cloneValue(cell);
      }
    }
    return null;
  }
}
