package dev.rowan.core.internal;

import dev.rowan.core.UniqueViolationException;
import dev.rowan.core.internal.ProtocolWriter.Pending;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowChange;
import dev.rowan.index.ViewRowChange.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Claims the keys of unique views before anything else of a write happens: a key nobody holds
 * is taken atomically; a key held by another entity is refused while that entity's main row
 * still maps to it, or while its claim is younger than the write lease and may still commit; a key held by nobody's current state is taken over. On a refusal every claim of the
 * batch is released, so the failed write leaves nothing behind.
 */
final class UniqueClaims {

  private static final int MAX_TRIES = 8;

  private final StoreContext<?> context;

  UniqueClaims(StoreContext<?> context) {
    this.context = context;
  }

  /** Claims every new key of a unique view in the plans; returns the view row changes written. */
  List<ViewRowChange> claim(List<Pending> active) {
    List<ViewRowChange> claimed = new ArrayList<>();
    for (Pending entity : active) {
      for (ViewRowChange change : entity.plan.changes()) {
        if (change.view().isUnique() && change.kind() == Kind.WRITE && !heldBefore(entity, change)) {
          try {
            claimOne(entity, change);
          } catch (UniqueViolationException e) {
            release(claimed);
            throw e;
          }
          claimed.add(change);
        }
      }
    }
    return claimed;
  }

  private boolean heldBefore(Pending entity, ViewRowChange change) {
    return entity.current.isLive() && Arrays.equals(change.view().rowKey(entity.current.values), change.rowKey());
  }

  private void claimOne(Pending entity, ViewRowChange change) {
    ViewModel view = change.view();
    TableName table = context.viewTables.get(view);
    byte[] family = view.statusFamily();
    Put row = change.unverify();
    for (int i = 0; i < MAX_TRIES; i++) {
      CheckAndMutate free = CheckAndMutate.newBuilder(change.rowKey())
          .ifNotExists(family, ProtocolCells.VIEW_STATUS).build(row);
      if (HBaseCalls.on(context.connection, table, "claim unique key", t -> t.checkAndMutate(free)).isSuccess()) {
        return;
      }
      Result held = HBaseCalls.on(context.connection, table, "read unique key", t -> t.get(new Get(change.rowKey())));
      Cell statusCell = ProtocolCells.cell(held, family, ProtocolCells.VIEW_STATUS);
      if (statusCell == null) {
        continue; // released meanwhile: try again
      }
      byte[] owner = ProtocolCells.owner(held, family);
      if (!Arrays.equals(owner, entity.rowKey)) {
        checkStale(entity, view, change.rowKey(), owner, RowStatus.decode(statusCell.getValueArray(),
            statusCell.getValueOffset(), statusCell.getValueLength()));
      }
      CheckAndMutate takeOver = CheckAndMutate.newBuilder(change.rowKey())
          .ifEquals(family, ProtocolCells.VIEW_STATUS, CellUtil.cloneValue(statusCell)).build(row);
      if (HBaseCalls.on(context.connection, table, "take over unique key", t -> t.checkAndMutate(takeOver)).isSuccess()) {
        return;
      }
    }
    throw UniqueViolationException.of(view.tableName(), Bytes.toStringBinary(change.rowKey()),
        context.model.entityName() + " " + context.describe(entity.rowKey), "a writer racing for it");
  }

  /** Throws unless the holder of the key no longer needs it. */
  private void checkStale(Pending entity, ViewModel view, byte[] key, byte[] owner, RowStatus status) {
    String entityName = context.model.entityName();
    String violation = entityName + " " + context.describe(entity.rowKey);
    String holder = entityName + " " + (owner == null ? "unknown" : context.describe(owner));
    if (owner != null) {
      Result ownerRow = HBaseCalls.on(context.connection, context.mainTable, "read unique key owner",
          t -> t.get(new Get(owner)));
      MainRow main = MainRow.of(context, ownerRow);
      if (main.isLive() && Arrays.equals(view.rowKey(main.values), key)) {
        throw UniqueViolationException.of(view.tableName(), Bytes.toStringBinary(key), violation, holder);
      }
    }
    if (status.state() == State.UNVERIFIED && System.currentTimeMillis() - status.timestamp() < context.writeLeaseMillis) {
      throw UniqueViolationException.of(view.tableName(), Bytes.toStringBinary(key), violation,
          holder + " (a write in flight)");
    }
  }

  private void release(List<ViewRowChange> claimed) {
    for (ViewRowChange change : claimed) {
      byte[] family = change.view().statusFamily();
      Cell cell = change.unverify().get(family, ProtocolCells.VIEW_STATUS).get(0);
      long timestamp = cell.getTimestamp();
      CheckAndMutate undo = CheckAndMutate.newBuilder(change.rowKey())
          .ifEquals(family, ProtocolCells.VIEW_STATUS, CellUtil.cloneValue(cell))
          .build(new Delete(change.rowKey(), timestamp));
      HBaseCalls.on(context.connection, context.viewTables.get(change.view()), "release unique key",
          t -> t.checkAndMutate(undo));
    }
  }
}
