package dev.rowan.index;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.FamilyModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.jspecify.annotations.Nullable;

/**
 * The versions of one entity, rebuilt from a read of every version of every cell of its main row
 * ({@link EntityModel#keepsHistory}).
 *
 * <p>Each write of an entity that keeps history rewrites the whole entity at its own timestamp,
 * strictly above the row's last write, next to its status cell ({@link MainRow}), and deletes no
 * cell: so the state a write left is exactly the cells <em>at</em> its timestamp. A null column is
 * a column without a cell at that timestamp, and a delete is a {@code DELETED} status. (A delete
 * marker, which only writes made before the entity kept history leave, is not read.) Two kinds of
 * status cell are not versions and are skipped: a fence's (docs/view-consistency.md), which repeats
 * the state before it (a {@code LIVE} status with no cell of the entity beside it, or a {@code
 * DELETED} one after a deletion or before any write of the entity); and a commit sync mark, which
 * is not a status. A row written without status cells (before the entity kept history, or by a
 * plain load) has a version per timestamp of its cells.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class EntityHistory {

  /**
   * One version of an entity.
   *
   * @param timestamp the timestamp of the write that left it
   * @param row the main row as that write left it: live with the entity's values, or deleted
   */
  public record Version(long timestamp, MainRow row) {}

  private EntityHistory() {}

  /**
   * The versions in {@code raw} of an entity of {@code model}, newest first, at most {@code max}
   * ({@code 0}: every version whose cells the families are sure to keep: as many as the fewest
   * versions a family keeps).
   */
  public static List<Version> versions(EntityModel<?> model, Result raw, int max) {
    int kept = depth(model);
    int wanted = max <= 0 ? kept : Math.min(max, kept);
    List<Version> versions = new ArrayList<>();
    if (raw == null || raw.isEmpty()) {
      return versions;
    }
    byte[] statusFamily = MainRow.statusFamily(model);
    List<Version> all = new ArrayList<>();
    boolean cut = false; // whether older writes than those in all may exist
    for (Map.Entry<Long, List<Cell>> write : byTimestamp(raw).descendingMap().entrySet()) {
      if (all.size() >= kept) {
        cut = true; // older cells may be gone in part, after a compaction
        break;
      }
      List<Cell> cells = write.getValue();
      MainRow row = MainRow.of(model, Result.create(cells));
      if (row == MainRow.ABSENT) {
        continue; // only commit sync marks
      }
      boolean liveStatus = row.status() != null && row.status().state() == RowStatus.State.LIVE;
      if (liveStatus && !holdsEntityCells(cells, statusFamily)) {
        all.add(
            null); // a fence of a live row: it counts as a status version, and repeats the state
        // before it
        continue;
      }
      all.add(new Version(write.getKey(), row));
    }
    for (int i = 0; i < all.size() && versions.size() < wanted; i++) {
      Version version = all.get(i);
      if (version == null || !version.row().isLive() && olderIsDeleted(all, i, cut)) {
        continue;
      }
      versions.add(version);
    }
    return versions;
  }

  /**
   * The version of the entity in {@code raw} that was current just before {@code end}: the newest
   * with a timestamp below it, or null when there is none (not yet written, or older than the
   * versions kept).
   */
  public static @Nullable Version before(EntityModel<?> model, Result raw, long end) {
    for (Version version : versions(model, raw, 0)) {
      if (version.timestamp() < end) {
        return version;
      }
    }
    return null;
  }

  /** How many versions of an entity of {@code model} are kept whole: the fewest a family keeps. */
  public static int depth(EntityModel<?> model) {
    return model.families().stream().mapToInt(FamilyModel::maxVersions).min().orElse(1);
  }

  /**
   * The put cells of {@code raw} by timestamp, in the row's cell order; delete markers left out.
   */
  private static TreeMap<Long, List<Cell>> byTimestamp(Result raw) {
    TreeMap<Long, List<Cell>> cells = new TreeMap<>();
    for (Cell cell : raw.rawCells()) {
      if (cell.getType() == Cell.Type.Put) {
        cells.computeIfAbsent(cell.getTimestamp(), t -> new ArrayList<>()).add(cell);
      }
    }
    return cells;
  }

  /** Whether {@code cells} hold a cell of the entity, not only protocol cells. */
  private static boolean holdsEntityCells(List<Cell> cells, byte[] statusFamily) {
    return cells.stream().anyMatch(cell -> !MainRow.isProtocolCell(cell, statusFamily));
  }

  /**
   * Whether the next older known version than {@code all[index]} is a deletion, or there is none
   * and none was {@code cut} off: a deleted status over a row that never held the entity is a fence
   * of a dead first write, not a delete.
   */
  private static boolean olderIsDeleted(List<Version> all, int index, boolean cut) {
    for (int i = index + 1; i < all.size(); i++) {
      if (all.get(i) != null) {
        return !all.get(i).row().isLive();
      }
    }
    return !cut;
  }
}
