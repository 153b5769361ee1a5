package dev.rowan.index;

import dev.rowan.index.RowStatus.State;
import java.io.IOException;
import java.util.Objects;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.RowMutations;
import org.jspecify.annotations.Nullable;

/**
 * The writes that carry out a verdict on a view row ({@link ViewRowVerdict}), each conditional on
 * the cell the verdict was given on, so that a row written since is left alone: the repair of a row
 * from its main row, and the delete of a row. Readers, unique claims and the verify job's repairs
 * send these (docs/view-consistency.md, "The read protocol").
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class ViewRowRepair {

  private ViewRowRepair() {}

  /**
   * The repair of view row {@code key} of {@code view} from main row {@code mainRowKey}, read as
   * {@code main} (live, with a status): every cell below the main row's status deleted, and the row
   * written from the main row's values, settled, with the main row's status; only if the row's
   * status cell still holds {@code observed}. A settle of an older write that lands after it is
   * hidden by that newer status.
   */
  public static CheckAndMutate rewrite(
      ViewModel view,
      byte[] key,
      MainRow main,
      byte[] mainRowKey,
      byte @Nullable [] observed,
      boolean marked) {
    return rewrite(
        view,
        key,
        Objects.requireNonNull(main.values(), "a live main row"),
        Objects.requireNonNull(main.status(), "a main row with a status"),
        mainRowKey,
        observed,
        marked);
  }

  /**
   * The repair of view row {@code key} of {@code view} as the row of the entity {@code values}
   * stored in main row {@code mainRowKey} under {@code status}: every cell below the status's
   * timestamp deleted, and the row written, settled, with that status; only if the row's status
   * cell still holds {@code observed}, read before the main row was (null: is still absent). A row
   * read as {@code marked} ({@link #writeMarked}) also loses its write mark, at the status's own
   * timestamp.
   */
  public static CheckAndMutate rewrite(
      ViewModel view,
      byte[] key,
      @Nullable Object[] values,
      RowStatus status,
      byte[] mainRowKey,
      byte @Nullable [] observed,
      boolean marked) {
    long timestamp = status.timestamp();
    RowMutations rewrite = new RowMutations(key, 3);
    try {
      rewrite.add(new Delete(key, timestamp - 1));
      if (marked) {
        // a delete of its own: one that names a column deletes that column alone
        rewrite.add(
            new Delete(key).addColumns(view.statusFamily(), ProtocolCells.VIEW_WRITE, timestamp));
      }
      rewrite.add(view.put(key, values, status.with(State.VERIFIED), mainRowKey));
    } catch (IOException e) {
      throw new IllegalStateException("mutations of one row disagree on the row", e);
    }
    return ifCell(key, view.statusFamily(), ProtocolCells.VIEW_STATUS, observed).build(rewrite);
  }

  /**
   * Whether view row {@code row}, as read, holds a write mark of a version before 0.3, at the
   * timestamp of the status it was written with: its mark cell was read, or its status was settled
   * under one ({@link State#VERIFIED_UNDER_MARK}). A repair deletes the mark of such a row, so that
   * a row converted holds one cell; one that is not marked gets no delete marker of it, which scans
   * would pass over until a major compaction.
   */
  public static boolean writeMarked(ViewModel view, Result row) {
    byte[] family = view.statusFamily();
    if (ProtocolCells.cell(row, family, ProtocolCells.VIEW_WRITE) != null) {
      return true;
    }
    try {
      return ProtocolCells.state(row, family, ProtocolCells.VIEW_STATUS)
          == State.VERIFIED_UNDER_MARK;
    } catch (IllegalArgumentException e) {
      return false; // a damaged status: no version of Rowan's wrote it
    }
  }

  /**
   * The view row {@code key} of {@code view} written whole for the entity {@code values} stored in
   * main row {@code mainRowKey}, but <em>unverified</em> with {@code status}, only if the row has
   * no status cell: the first half of giving an entity the row it lacks while writers write.
   * Readers check such a row against its main row; it is settled only by a {@link #rewrite}
   * conditional on this status, after the main row is read again (docs/view-consistency.md,
   * "Building and repairing views while writers write").
   */
  public static CheckAndMutate writeUnverified(
      ViewModel view, byte[] key, @Nullable Object[] values, RowStatus status, byte[] mainRowKey) {
    return ifCell(key, view.statusFamily(), ProtocolCells.VIEW_STATUS, null)
        .build(view.put(key, values, status.with(State.UNVERIFIED), mainRowKey));
  }

  /**
   * The delete of view row {@code key} of {@code view}, every cell up to {@code upTo}, only if its
   * status cell still holds {@code observed} (null: is still absent). On a view that is not unique
   * the row is retired at {@code upTo} rather than deleted ({@link RetiredRows}): a read that
   * passes it while its entity moves learns from it where the entity went.
   */
  public static CheckAndMutate delete(
      ViewModel view, byte[] key, byte @Nullable [] observed, long upTo) {
    return ifCell(key, view.statusFamily(), ProtocolCells.VIEW_STATUS, observed)
        .build(removal(view, key, upTo));
  }

  /** Row {@code key} of {@code view} deleted, or retired, up to {@code upTo}. */
  private static RowMutations removal(ViewModel view, byte[] key, long upTo) {
    if (!view.isUnique()) {
      return RetiredRows.retire(
          view, key, new RowStatus(State.UNVERIFIED, upTo, 0), Durability.USE_DEFAULT);
    }
    RowMutations delete = new RowMutations(key, 1);
    try {
      delete.add(new Delete(key, upTo));
    } catch (IOException e) {
      throw new IllegalStateException("mutations of one row disagree on the row", e);
    }
    return delete;
  }

  /**
   * The delete of view row {@code row} of {@code view} as read, every cell up to {@code upTo}, only
   * if the cell that names its entity still holds what was read: the owner cell on a unique view,
   * the status cell elsewhere. On a view that is not unique the row is retired, as by {@link
   * #delete}.
   */
  public static CheckAndMutate deleteAsRead(ViewModel view, Result row, long upTo) {
    byte[] qualifier = view.isUnique() ? ProtocolCells.OWNER : ProtocolCells.VIEW_STATUS;
    Cell cell = ProtocolCells.cell(row, view.statusFamily(), qualifier);
    return ifCell(
            row.getRow(),
            view.statusFamily(),
            qualifier,
            cell == null ? null : CellUtil.cloneValue(cell))
        .build(removal(view, row.getRow(), upTo));
  }

  /** The status cell's value of {@code row} as read, or null when it has none. */
  public static byte @Nullable [] statusAsRead(ViewModel view, Result row) {
    Cell cell = ProtocolCells.cell(row, view.statusFamily(), ProtocolCells.VIEW_STATUS);
    return cell == null ? null : CellUtil.cloneValue(cell);
  }

  /**
   * The newest cell timestamp of {@code row}, or 0 when it is empty: how far a delete of it
   * reaches.
   */
  public static long newest(Result row) {
    long newest = 0;
    if (row != null && !row.isEmpty()) {
      for (Cell cell : row.rawCells()) {
        newest = Math.max(newest, cell.getTimestamp());
      }
    }
    return newest;
  }

  private static CheckAndMutate.Builder ifCell(
      byte[] key, byte[] family, byte[] qualifier, byte @Nullable [] value) {
    CheckAndMutate.Builder condition = CheckAndMutate.newBuilder(key);
    return value == null
        ? condition.ifNotExists(family, qualifier)
        : condition.ifEquals(family, qualifier, value);
  }
}
