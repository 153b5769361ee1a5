package dev.rowan.core.internal.write;

import dev.rowan.core.UniqueViolationException;
import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.internal.write.ProtocolWriter.Pending;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import dev.rowan.index.MainRow;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowChange;
import dev.rowan.index.ViewRowChange.Kind;
import dev.rowan.index.ViewRowRepair;
import dev.rowan.index.ViewRowVerdict;
import dev.rowan.index.ViewRowVerdict.Holder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Claims the keys of unique views before anything else of a write happens: a key nobody holds is
 * taken atomically; a key held by another entity is refused while that entity's main row still maps
 * to it, or while its claim's write may still commit within the write lease ({@link
 * ViewRowVerdict#forClaim}); a key held by nobody's current state is taken over. On a refusal every
 * claim of the batch that took a free key is released, so the failed write leaves nothing behind.
 *
 * <p>A unique view row is shared by every entity that ever takes its key, and each entity's writes
 * carry timestamps of its own main row, which say nothing about another entity's. So cells of one
 * entity are never written over cells of another: a stale claim is first deleted (every cell up to
 * its newest, only if its status is still the one judged stale), and the key is then claimed as a
 * free one. Every family has HBase's new version behavior ({@code FamilyModel.descriptor()}), under
 * which a delete masks only the cells written before it: a claim that follows a delete is seen
 * whatever its timestamp. See docs/view-consistency.md.
 */
final class UniqueClaims {

  private static final int MAX_TRIES = 8;

  /** The status qualifier of view rows, this class's own copy for its conditions. */
  private static final byte[] VIEW_STATUS = Qualifier.VIEW_STATUS.bytes();

  private final StoreContext<?> context;

  UniqueClaims(StoreContext<?> context) {
    this.context = context;
  }

  /** Claims every new key of a unique view in the plans; returns the view row changes written. */
  List<ViewRowChange> claim(List<Pending> active) {
    List<ViewRowChange> claimed = new ArrayList<>();
    List<ViewRowChange> taken = new ArrayList<>();
    for (Pending entity : active) {
      List<ViewRowChange> free = new ArrayList<>();
      entity.claimedFree = free;
      for (ViewRowChange change :
          Objects.requireNonNull(entity.decision, "a prepared entity has a decision")
              .plan()
              .changes()) {
        if (change.view().isUnique()
            && change.kind() == Kind.WRITE
            && !heldBefore(entity, change)) {
          boolean isFree;
          try {
            isFree = claimOne(entity, change);
          } catch (UniqueViolationException e) {
            release(taken);
            throw e;
          }
          claimed.add(change);
          if (isFree) {
            taken.add(change);
            free.add(change);
          }
        }
      }
    }
    return claimed;
  }

  /**
   * Whether the entity held this key before the write, so that the write may put its row without a
   * claim. Not for an entity that expires ({@code EntityModel.expires}): its row of the key is
   * renewed by each write, conditionally as a claim is, since a row written before that rule may
   * have expired and been claimed by another entity (docs/row-keys.md, "Time to live").
   */
  private boolean heldBefore(Pending entity, ViewRowChange change) {
    return !context.model().expires()
        && Objects.requireNonNull(entity.current, "no guess with a unique view: the row was read")
            .isLive()
        && Arrays.equals(
            change
                .view()
                .rowKey(Objects.requireNonNull(entity.current.values(), "a live row has values")),
            change.rowKey());
  }

  /**
   * Writes the claim of one key. Returns true when it took a free key, false when it rewrote a row
   * this entity already held (a row left by another write of the same entity, which a release must
   * leave to readers: that write may have committed).
   */
  private boolean claimOne(Pending entity, ViewRowChange change) {
    ViewModel view = change.view();
    TableName table = context.viewTable(view);
    byte[] family = view.statusFamily();
    Put row = change.unverify();
    for (int i = 0; i < MAX_TRIES; i++) {
      if (i > 0) {
        ObservedCalls.count(Cost.RETRIES, 1);
      }
      CheckAndMutate free =
          CheckAndMutate.newBuilder(change.rowKey()).ifNotExists(family, VIEW_STATUS).build(row);
      if (HBaseCalls.on(
              context.connection(), table, "claim unique key", t -> t.checkAndMutate(free))
          .isSuccess()) {
        return true;
      }
      Result held =
          HBaseCalls.on(
              context.connection(), table, "read unique key", t -> t.get(new Get(change.rowKey())));
      Cell statusCell = ProtocolCells.cell(held, family, Qualifier.VIEW_STATUS);
      if (statusCell == null) {
        continue; // released meanwhile: try again
      }
      byte[] owner = ProtocolCells.owner(held, family);
      CheckAndMutate.Builder unchanged =
          CheckAndMutate.newBuilder(change.rowKey())
              .ifEquals(family, VIEW_STATUS, CellUtil.cloneValue(statusCell));
      if (Arrays.equals(owner, entity.rowKey)) {
        // This entity's own row: its timestamps and this write's come from the same main row.
        if (HBaseCalls.on(
                context.connection(),
                table,
                "take over unique key",
                t -> t.checkAndMutate(unchanged.build(row)))
            .isSuccess()) {
          return false;
        }
        continue;
      }
      ObservedCalls.count(
          Cost.UNIQUE_CONFLICTS, 1); // another entity's claim, or a row without owner
      if (!checkStale(entity, view, change.rowKey(), owner, statusCell)) {
        continue; // the holder's main row changed while it was judged: judge it again
      }
      // The stale claim's cells may be newer than this write's timestamp: delete them, then claim
      // the free key.
      CheckAndMutate discard =
          ViewRowRepair.delete(
              view, change.rowKey(), CellUtil.cloneValue(statusCell), ViewRowRepair.newest(held));
      HBaseCalls.on(
          context.connection(), table, "delete stale unique key", t -> t.checkAndMutate(discard));
    }
    throw UniqueViolationException.of(
        view.tableName(),
        Bytes.toStringBinary(change.rowKey()),
        context.model().entityName() + " " + context.describe(entity.rowKey),
        "a writer racing for it");
  }

  /**
   * Throws unless the holder of the key no longer needs it; returns false when the holder's main
   * row, which says it no longer needs the key, is not confirmed durable (it changed, or showed a
   * grouped commit that a region server lost).
   */
  private boolean checkStale(
      Pending entity, ViewModel view, byte[] key, byte @Nullable [] owner, Cell statusCell) {
    String entityName = context.model().entityName();
    String violation = entityName + " " + context.describe(entity.rowKey);
    if (owner == null) {
      return true; // a row without owner belongs to no write that can still commit
      // (docs/view-consistency.md)
    }
    String holder = entityName + " " + context.describe(owner);
    Result ownerRow =
        HBaseCalls.on(
            context.connection(),
            context.mainTable(),
            "read unique key owner",
            t -> t.get(new Get(owner)));
    MainRow main = MainRow.of(context.model(), ownerRow);
    Holder verdict =
        ViewRowVerdict.forClaim(
            view,
            key,
            ProtocolCells.readableStatus(statusCell),
            main,
            System.currentTimeMillis(),
            context.writeLeaseMillis());
    if (verdict != Holder.STALE) {
      throw UniqueViolationException.of(
          view.tableName(),
          Bytes.toStringBinary(key),
          violation,
          verdict == Holder.IN_FLIGHT ? holder + " (a write in flight)" : holder);
    }
    return context.confirmDurable(owner, main);
  }

  /**
   * Deletes each claim of {@code claimed}, each only if its status is still the claim's: the claims
   * of a write that failed before its commit, which never commits.
   */
  void release(List<ViewRowChange> claimed) {
    for (ViewRowChange change : claimed) {
      byte[] family = change.view().statusFamily();
      Cell cell =
          Objects.requireNonNull(change.unverify(), "a claim is a WRITE, which has an unverify put")
              .get(family, VIEW_STATUS)
              .get(0);
      long timestamp = cell.getTimestamp();
      CheckAndMutate undo =
          ViewRowRepair.delete(
              change.view(), change.rowKey(), CellUtil.cloneValue(cell), timestamp);
      HBaseCalls.on(
          context.connection(),
          context.viewTable(change.view()),
          "release unique key",
          t -> t.checkAndMutate(undo));
    }
  }
}
