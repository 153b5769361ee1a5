package dev.rowan.index;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * What a read of a main row says: its protocol status, whether it holds an entity, and the entity's
 * values. A row without a status cell holds an entity written without views (or before any view
 * existed), unless it holds nothing but a commit sync mark (left where the commit it followed was
 * lost: no entity); a row whose status is {@code DELETED} is a tombstone. This is the state every
 * rule of the protocol starts from (docs/view-consistency.md): the timestamp of the next write, the
 * version a save or a load stores, and the verdict on a view row.
 *
 * <p>Thread-safety: immutable (the values array is not copied; callers do not change it).
 *
 * @since 0.1
 */
public final class MainRow {

  /** A main row that does not exist. */
  public static final MainRow ABSENT = new MainRow(null, null);

  private final @Nullable RowStatus status;
  private final @Nullable Object @Nullable [] values;

  /**
   * @param status its status cell, or null when it has none (no row, or written without views)
   * @param values the entity it holds, or null when there is none (no row, or a tombstone)
   */
  public MainRow(@Nullable RowStatus status, @Nullable Object @Nullable [] values) {
    this.status = status;
    this.values = values;
  }

  /**
   * The state of the main row {@code result} of {@code model}, whose status cell is in the entity's
   * first family; {@link #ABSENT} when the result is null or empty.
   */
  public static MainRow of(EntityModel<?> model, Result result) {
    if (result == null || result.isEmpty()) {
      return ABSENT;
    }
    RowStatus status = ProtocolCells.status(result, statusFamily(model), ProtocolCells.MAIN_STATUS);
    if (status == null && onlySyncMarks(result)) {
      return ABSENT; // a commit sync mark left where the commit it followed was lost
    }
    boolean live = status == null || status.state() == RowStatus.State.LIVE;
    return new MainRow(
        status,
        live ? model.readValues(model.keepsHistory() ? lastWrite(result, model) : result) : null);
  }

  /**
   * The cells of the last write of an entity that keeps history, whose writes delete no cell: those
   * at the newest timestamp of an entity cell (every write puts at least one, its row marker when
   * every column is null). A column the last write left null has only older cells, of earlier
   * versions; a fence's status is newer, and names no write of the entity's cells.
   */
  private static Result lastWrite(Result result, EntityModel<?> model) {
    byte[] family = statusFamily(model);
    long newest = Long.MIN_VALUE;
    for (Cell cell : result.rawCells()) {
      if (!isProtocolCell(cell, family)) {
        newest = Math.max(newest, cell.getTimestamp());
      }
    }
    List<Cell> cells = new ArrayList<>();
    for (Cell cell : result.rawCells()) {
      if (cell.getTimestamp() == newest && !isProtocolCell(cell, family)) {
        cells.add(cell);
      }
    }
    return cells.size() == result.rawCells().length ? result : Result.create(cells);
  }

  /** Whether {@code cell} is a protocol cell of a main row (its status or a commit sync mark). */
  static boolean isProtocolCell(Cell cell, byte[] statusFamily) {
    return CellUtil.matchingFamily(cell, statusFamily)
        && (CellUtil.matchingQualifier(cell, ProtocolCells.MAIN_STATUS)
            || CellUtil.matchingQualifier(cell, ProtocolCells.COMMIT_SYNC));
  }

  private static boolean onlySyncMarks(Result result) {
    for (Cell cell : result.rawCells()) {
      if (!CellUtil.matchingQualifier(cell, ProtocolCells.COMMIT_SYNC)) {
        return false;
      }
    }
    return true;
  }

  /** The family of {@code model}'s protocol cells: its first. */
  public static byte[] statusFamily(EntityModel<?> model) {
    return model.families().get(0).nameBytes();
  }

  /** The status cell, or null when the row has none. */
  public @Nullable RowStatus status() {
    return status;
  }

  /** The entity's values, or null when the row holds none. */
  public @Nullable Object @Nullable [] values() {
    return values;
  }

  /** The same row with another status cell, its values unchanged. */
  public MainRow withStatus(RowStatus newStatus) {
    return new MainRow(newStatus, values);
  }

  /** Whether the row holds an entity. */
  public boolean isLive() {
    return values != null;
  }

  /** The timestamp of the last write, or 0 when no write of Rowan's protocol made this row. */
  long lastWrite() {
    return status == null ? 0 : status.timestamp();
  }

  /**
   * The timestamp of the next write of this row at time {@code now}: {@code max(now, lastWrite +
   * 1)}, strictly above every status this row has held.
   */
  long nextWrite(long now) {
    return timestampAbove(now, 0);
  }

  /**
   * A timestamp for a status written at time {@code now} above both this row's last write and
   * {@code floor} (a dead write's timestamp, or the newest cell of a view row): {@code max(now,
   * max(floor, lastWrite) + 1)}. With {@code floor} 0 this is {@link #nextWrite}.
   */
  long timestampAbove(long now, long floor) {
    return Math.max(now, Math.max(floor, lastWrite()) + 1);
  }

  /**
   * The values a save stores for {@code requested}: its {@code @Version} advanced past the stored
   * one; {@code requested} itself when the entity has no version.
   *
   * @throws StaleVersionException when {@code requested} carries another version than the stored
   *     one (0 when none is stored)
   */
  @Nullable Object[] advanceVersionForSave(
      EntityModel<?> model, @Nullable Object[] requested, byte[] rowKey) {
    return advanceVersionForSave(model, values, requested, rowKey);
  }

  /**
   * The values a save stores for {@code requested} over the stored values {@code before} (null when
   * none): see {@link #advanceVersionForSave(EntityModel, Object[], byte[])}.
   *
   * @throws StaleVersionException when {@code requested} carries another version than the stored
   */
  public static @Nullable Object[] advanceVersionForSave(
      EntityModel<?> model,
      @Nullable Object @Nullable [] before,
      @Nullable Object[] requested,
      byte[] rowKey) {
    PropertyModel version = model.version();
    if (version == null) {
      return requested;
    }
    long given = number(requested[version.index()]);
    long stored = before == null ? 0 : number(before[version.index()]);
    if (given != stored) {
      throw new StaleVersionException(
          model.entityName(),
          Bytes.toStringBinary(rowKey),
          given,
          before == null ? "absent" : stored);
    }
    return withVersion(version, requested, stored + 1);
  }

  /**
   * The values a bulk load stores for {@code loaded}: a {@code @Version} is one above the stored
   * one (1 for a new entity), whatever the input said, as a save of the entity read just before
   * would store it; {@code loaded} itself when the entity has no version.
   */
  public @Nullable Object[] advanceVersionForLoad(EntityModel<?> model, @Nullable Object[] loaded) {
    PropertyModel version = model.version();
    if (version == null) {
      return loaded;
    }
    Object stored = values == null ? null : values[version.index()];
    return withVersion(version, loaded, number(stored) + 1);
  }

  private static @Nullable Object[] withVersion(
      PropertyModel version, @Nullable Object[] values, long newVersion) {
    @Nullable Object[] advanced = values.clone();
    advanced[version.index()] = newVersion;
    return advanced;
  }

  private static long number(@Nullable Object value) {
    return value == null ? 0 : (Long) value;
  }
}
