package dev.rowan.index;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.FamilyModel;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.jspecify.annotations.Nullable;

/**
 * The rows a view keeps for a while after their entity left them (docs/view-consistency.md, "No
 * entity is missing, or given twice, while entities move").
 *
 * <p>On a view that is not unique, a write that moves an entity to another view key does not delete
 * the row it left: it <em>retires</em> it. Every cell of the row is deleted up to the write's
 * timestamp, and a retired cell ({@link ProtocolCells.Qualifier#VIEW_RETIRED}) is written at that
 * timestamp with a time to live of {@link #KEPT_MILLIS}, so that HBase drops it without anyone's
 * help. A read that meets a retired row checks it against its main row, as it checks an unverified
 * one, and learns where the entity went: so a read of several regions that ends within the retired
 * rows' life finds every entity that moved within its range in its first pass, without the raw scan
 * of a second look ({@link #coverRead}).
 *
 * <p>A unique view's rows are shared by the entities that take their key one after another: they
 * are deleted as before, and reads through them take the second look.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.2
 */
public final class RetiredRows {

  /**
   * How long a retired row stays: HBase drops its retired cell this long after the timestamp of the
   * write that retired it (or sooner, where the view's families expire sooner).
   */
  public static final long KEPT_MILLIS = 5 * 60_000L;

  private RetiredRows() {}

  /**
   * The retirement of row {@code key} of {@code view} by the write {@code by}: every cell of the
   * row up to the write's timestamp deleted (a family delete marker, as a plain delete of the row),
   * and the retired cell written one millisecond above it, where the marker does not reach (the
   * mutations of one batch or row mutation share their sequence id, and under HBase's new version
   * behavior a marker masks the cells of its own sequence id), expiring {@link #KEPT_MILLIS} later.
   * A later write of the entity writes at that millisecond or above, and its status, not older than
   * the retired cell, ends the retirement ({@link #retired}). A settle that arrived later at an
   * older timestamp would not be masked by the marker (every family has the new version behavior),
   * so a row is retired only once no settle can land on it any more ({@link SettleWindow}).
   *
   * @throws IllegalArgumentException when {@code view} is unique: its rows are deleted, not retired
   */
  public static RowMutations retire(
      ViewModel view, byte[] key, RowStatus by, Durability durability) {
    if (view.isUnique()) {
      throw new IllegalArgumentException(
          view.tableName() + " is a unique view: its rows are deleted, not retired");
    }
    long timestamp = by.timestamp();
    Delete older = new Delete(key);
    for (FamilyModel each : view.families()) {
      older.addFamily(each.nameBytes(), timestamp);
    }
    older.setDurability(durability);
    Put retired =
        new Put(key, timestamp + 1)
            .addColumn(
                view.statusFamily(),
                ProtocolCells.VIEW_RETIRED,
                timestamp + 1,
                by.with(State.RETIRED).encode());
    retired.setTTL(KEPT_MILLIS);
    retired.setDurability(durability);
    RowMutations retirement = new RowMutations(key, 2);
    try {
      retirement.add(retired); // first: alone, it already retires the row ({@link #settleRows})
      retirement.add(older);
    } catch (IOException e) {
      throw new IllegalStateException("mutations of one row disagree on the row", e);
    }
    return retirement;
  }

  /**
   * The rows a batch of settles sends for {@code settle}, a settle of step 4: a retirement ({@link
   * #retire}) as its two mutations, the retired cell's put first, rather than as one row mutation,
   * which a region server applies as a mini-batch of its own (docs/performance-phoenix.md, "Retired
   * rows"); any other settle as it is. Both mutations are of one row, so they go in one RPC and,
   * row locks of a batch being shared, land in one mini-batch and one WAL edit. Where they do not
   * (a mini-batch ends at the first row whose lock is held elsewhere), the put lands first, and
   * alone it already retires the row: its retired cell is newer than the row's status, and the
   * older cells, which no reader uses, go with the delete or, once the retired cell expires, with
   * the discard of the first reader that meets the row.
   */
  public static List<Row> settleRows(Row settle) {
    return settle instanceof RowMutations retirement
        ? List.copyOf(retirement.getMutations())
        : List.of(settle);
  }

  /**
   * The retirement of {@code row} of {@code view}, as read, when it is retired: its retired cell is
   * newer than its status cell, or it has none (a write of the entity that came back to the row
   * since writes a status not older than the retired cell). Its timestamp is the retiring write's.
   * Null when it is not retired.
   */
  public static @Nullable RowStatus retired(ViewModel view, Result row) {
    Cell cell = ProtocolCells.cell(row, view.statusFamily(), ProtocolCells.VIEW_RETIRED);
    if (cell == null) {
      return null;
    }
    Cell status = ProtocolCells.cell(row, view.statusFamily(), ProtocolCells.VIEW_STATUS);
    if (status != null && status.getTimestamp() >= cell.getTimestamp()) {
      return null;
    }
    RowStatus by = ProtocolCells.readableStatus(cell);
    return by == null
        ? new RowStatus(State.RETIRED, cell.getTimestamp() - 1, 0)
        : by.with(State.RETIRED);
  }

  /**
   * How long the retired rows of {@code view} stay: {@link #KEPT_MILLIS}, or the time to live of
   * the view's families where that is shorter.
   */
  static long keptMillis(ViewModel view) {
    long kept = KEPT_MILLIS;
    for (FamilyModel family : view.families()) {
      if (family.ttlSeconds() > 0) {
        kept = Math.min(kept, family.ttlSeconds() * 1000L);
      }
    }
    return kept;
  }

  /**
   * Whether a read of {@code view} that took {@code readMillis} from its start to the end of its
   * scans met a row of every entity that moved within its range while it read: a row retired or
   * marked unverified by every write whose step 2 or commit fell in the read. Such a write's
   * timestamp is at least the read's start less the write lease {@code leaseMillis} (the lease's
   * own assumption), so its retired cell outlives the read when the read, the lease and another
   * lease for the clocks of clients and region servers all fit in the retired rows' life. Never on
   * a unique view, whose rows are deleted.
   */
  public static boolean coverRead(ViewModel view, long readMillis, long leaseMillis) {
    return !view.isUnique() && readMillis >= 0 && readMillis + 2 * leaseMillis <= keptMillis(view);
  }
}
