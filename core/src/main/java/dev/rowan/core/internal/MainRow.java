package dev.rowan.core.internal;

import dev.rowan.core.OptimisticLockException;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * What a read of a main row says: its protocol status, whether it holds an entity, and the
 * entity's values. A row without a status cell holds an entity written without views (or before
 * any view existed); a row whose status is {@code DELETED} is a tombstone.
 */
final class MainRow {

  final RowStatus status;
  final Object[] values;

  private MainRow(RowStatus status, Object[] values) {
    this.status = status;
    this.values = values;
  }

  static MainRow of(StoreContext<?> context, Result result) {
    if (result == null || result.isEmpty()) {
      return new MainRow(null, null);
    }
    RowStatus status = ProtocolCells.status(result, context.statusFamily, ProtocolCells.MAIN_STATUS);
    boolean live = status == null || status.state() == RowStatus.State.LIVE;
    return new MainRow(status, live ? context.model.readValues(result) : null);
  }

  /** The same row with another status cell, its values unchanged. */
  MainRow withStatus(RowStatus newStatus) {
    return new MainRow(newStatus, values);
  }

  boolean isLive() {
    return values != null;
  }

  /** The timestamp of the last write, or 0 when no write of Rowan's protocol made this row. */
  long lastWrite() {
    return status == null ? 0 : status.timestamp();
  }

  /**
   * The values to store for {@code after}, with its {@code @Version} advanced past the stored
   * one; {@code after} itself when the entity has no version.
   *
   * @throws OptimisticLockException when {@code after} carries another version than the stored
   */
  static Object[] advanceVersion(EntityModel<?> model, Object[] before, Object[] after, byte[] rowKey) {
    PropertyModel version = model.version();
    if (version == null) {
      return after;
    }
    long given = number(after[version.index()]);
    long stored = before == null ? 0 : number(before[version.index()]);
    if (given != stored) {
      throw OptimisticLockException.stale(model.entityName(), Bytes.toStringBinary(rowKey), given,
          before == null ? "absent" : stored);
    }
    Object[] advanced = after.clone();
    advanced[version.index()] = stored + 1;
    return advanced;
  }

  private static long number(Object value) {
    return value == null ? 0 : (Long) value;
  }
}
