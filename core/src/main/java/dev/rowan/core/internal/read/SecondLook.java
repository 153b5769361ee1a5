package dev.rowan.core.internal.read;

import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.plan.ScanSpec;
import dev.rowan.core.internal.read.QueryCursor.Found;
import dev.rowan.index.RetiredRows;
import dev.rowan.index.ViewModel;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.metrics.ScanMetrics;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link QueryCursor} of a view keeps for its second look, and the look itself ({@link
 * MovedEntities}; docs/view-consistency.md, "The read protocol"): the entities it judged, each once
 * in the state it first found it in, though an entity that moves while it reads can have two rows
 * in its range; those it found under a row their main row no longer maps to; when it began; and
 * whether what it read was one snapshot, or the rows the view retired cover it, so that the look
 * needs no raw scan of what was written since.
 *
 * <p>Thread-safety: not thread-safe; one per cursor.
 */
final class SecondLook {

  private final StoreContext<?> context;
  private final ViewModel view;
  private final ScanSpec spec;
  private final List<Condition> group;
  private final Object[] args;

  /** The row key the cursor resumed after, or null. */
  private final byte @Nullable [] after;

  /** Whether the cursor reads as of a time range, whose cells of the read's time are out of it. */
  private final boolean pastState;

  /** The main row keys of the entities the cursor judged, given or not. */
  private final Set<ByteBuffer> judged = new HashSet<>();

  /**
   * The main row keys of the entities whose rows the cursor found but whose main rows, read after
   * them, hold them under another view key: they moved while it read.
   */
  private final Set<ByteBuffer> movedAway = new HashSet<>();

  /**
   * When the read began, by this client's clock (for the groups of a query read one after another,
   * when the first began): the look reads what was written since (less the write lease).
   */
  private long began;

  /** The scanner of a read of one scan, whose metrics tell whether it read one snapshot. */
  private @Nullable ResultScanner single;

  private boolean looked;

  /** Whether the caller takes the look itself, once every cursor of its query has read. */
  private boolean deferred;

  /** How many entities the look found. */
  private int found;

  SecondLook(
      StoreContext<?> context,
      ViewModel view,
      ScanSpec spec,
      List<Condition> group,
      Object[] args,
      byte @Nullable [] after,
      boolean pastState,
      long began) {
    this.context = context;
    this.view = view;
    this.spec = spec;
    this.group = group;
    this.args = args;
    this.after = after;
    this.pastState = pastState;
    this.began = began;
  }

  /** Notes the one scanner the cursor reads with, whose metrics must be enabled. */
  void readsWith(ResultScanner scanner) {
    single = scanner;
  }

  /** Whether the entity of main row {@code mainKey} is judged now, for the first time. */
  boolean judge(byte[] mainKey) {
    return judged.add(ByteBuffer.wrap(mainKey));
  }

  /** Notes that the entity of main row {@code mainKey} moved away from the row the cursor read. */
  void movedAway(byte[] mainKey) {
    movedAway.add(ByteBuffer.wrap(mainKey));
  }

  /** Whether the look is still the cursor's to take, once it has read to its end. */
  boolean due() {
    return !looked && !deferred;
  }

  /** Whether the look has been taken. */
  boolean taken() {
    return looked;
  }

  /** Whether the look found an entity. */
  boolean foundAny() {
    return found > 0;
  }

  /** Leaves the look to the caller, whose query began at {@code queryBegan}. */
  void defer(long queryBegan) {
    deferred = true;
    began = Math.min(began, queryBegan);
  }

  /**
   * Takes the look up to the row {@code last} (null: to the end of the range): the entities that
   * moved within the part of the range read while it was read and were not judged, that satisfy the
   * group, in {@code order}.
   */
  List<Found> take(byte @Nullable [] last, Comparator<Found> order) {
    looked = true;
    List<Found> moved =
        new ArrayList<>(
            MovedEntities.find(
                context,
                view,
                spec,
                group,
                args,
                after,
                last,
                oneSnapshot() || retiredRowsCover() ? null : began - context.writeLeaseMillis(),
                movedAway,
                judged));
    moved.sort(order);
    found += moved.size();
    return moved;
  }

  /**
   * For a deferred look, once the cursor has read to its end: the main row keys of the entities it
   * did not give that it found under an older key than their main row's, and, unless the rows its
   * range retired cover the read, those its range holds cells of written since the query began,
   * less the write lease (a raw scan).
   */
  Collection<ByteBuffer> candidates() {
    looked = true;
    return MovedEntities.candidates(
        context,
        view,
        spec,
        after,
        null,
        retiredRowsCover() ? null : began - context.writeLeaseMillis(),
        movedAway,
        judged);
  }

  /**
   * Whether the rows read came from one snapshot of the view: one scan of one region whose scanner
   * was never reopened. A region scanner reads at the read point (HBase's MVCC) it was opened with
   * over all its RPCs, whatever is written, flushed or compacted meanwhile; HBase's client opens a
   * new one, counted as a region of the scan's metrics, when it moves on to the next region or
   * after the server lost the scanner (an expired lease, a region moved). Then every entity the
   * read must give had its row in what was read, and one that moved since is among those that moved
   * away.
   */
  private boolean oneSnapshot() {
    if (single == null) {
      return false;
    }
    ScanMetrics metrics = single.getScanMetrics();
    return metrics != null
        && metrics.countOfRegions.get() <= 1
        && !(single instanceof LimitedScanner limited && limited.reopened());
  }

  /**
   * Whether the rows the view retired cover the read, so that the look needs no raw scan: every
   * entity that moved within its range while it read left a row there that it met and checked
   * against the main row, since it read within the retired rows' life ({@link
   * RetiredRows#coverRead}). Not for a read as of a time range.
   */
  private boolean retiredRowsCover() {
    return !pastState
        && RetiredRows.coverRead(
            view, System.currentTimeMillis() - began, context.writeLeaseMillis());
  }
}
