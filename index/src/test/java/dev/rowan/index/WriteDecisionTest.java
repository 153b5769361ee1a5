package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The whole decision of a save, a delete and a bulk-loaded line, decided without a cluster. */
class WriteDecisionTest {

  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId"})
  @Index(name = "buyer", key = {"buyerId", "sellerId"}, include = {"note"})
  record Order(@RowKey String orderNo, @Column(name = "s") String sellerId, @Column(name = "b") String buyerId,
      @Column(name = "n") String note, @Version long version) {}

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewMaintainer VIEWS = ViewMaintainer.of(MODEL);
  private static final ViewModel SELLER = VIEWS.view("seller").orElseThrow();
  private static final byte[] D = Bytes.toBytes("d");
  private static final Order STORED = new Order("o-1", "s-1", "b-1", "hello", 3);
  private static final byte[] ROW = MODEL.rowKey(STORED);
  private static final long NOW = 1_000_000;

  private static MainRow stored(long lastWrite) {
    return new MainRow(new RowStatus(State.LIVE, lastWrite, 7), MODEL.values(STORED));
  }

  @Test
  void anInsertIsALiveWriteAtNowCommittedOnlyIfTheMainRowStillHasNoStatus() {
    Order order = new Order("o-1", "s-1", "b-1", "hello", 0);
    WriteDecision decision = WriteDecision.ofSave(VIEWS, ROW, MainRow.ABSENT, MODEL.values(order), NOW, 42, false);

    assertEquals(new RowStatus(State.LIVE, NOW, 42), decision.status());
    assertEquals(1L, decision.written()[4], "the version is advanced");
    Put put = assertInstanceOf(Put.class, decision.mainMutation());
    assertEquals(decision.status(), status(put.get(D, ProtocolCells.MAIN_STATUS).get(0), NOW));
    CheckAndMutate commit = decision.commit();
    assertArrayEquals(ROW, commit.getRow());
    assertArrayEquals(ProtocolCells.MAIN_STATUS, commit.getQualifier());
    assertNull(commit.getValue(), "the condition is that no status exists");
    assertSame(put, commit.getAction());
    assertEquals(List.of("seller WRITE", "buyer WRITE"), kinds(decision.plan()));
    assertTrue(decision.plan().changes().stream().allMatch(c -> c.settle() != null), "view rows are settled later");
  }

  @Test
  void anInsertOverAnAbsentRowIsTheSaveOfANewEntity() {
    Order order = new Order("o-1", "s-1", "b-1", "hello", 0);
    WriteDecision insert = WriteDecision.ofInsert(VIEWS, ROW, MainRow.ABSENT, MODEL.values(order), NOW, 42, false).orElseThrow();

    assertEquals(new RowStatus(State.LIVE, NOW, 42), insert.status());
    assertEquals(1L, insert.written()[4], "the version is advanced from none");
    assertNull(insert.commit().getValue(), "committed only if the row still has no status");
    assertEquals(List.of("seller WRITE", "buyer WRITE"), kinds(insert.plan()));
  }

  @Test
  void anInsertOverATombstoneGoesAboveItAndIsCommittedOnlyIfTheTombstoneIsStillThere() {
    MainRow tombstone = new MainRow(new RowStatus(State.DELETED, NOW + 500, 9), null);
    Order order = new Order("o-1", "s-2", "b-1", "hello", 0);
    WriteDecision insert = WriteDecision.ofInsert(VIEWS, ROW, tombstone, MODEL.values(order), NOW, 42, false).orElseThrow();

    assertEquals(NOW + 501, insert.timestamp());
    assertEquals(CompareOperator.EQUAL, insert.commit().getCompareOp());
    assertArrayEquals(tombstone.status().encode(), insert.commit().getValue());
    assertEquals(List.of("seller WRITE", "buyer WRITE"), kinds(insert.plan()), "a tombstone has no view rows to retire");
  }

  @Test
  void anInsertOverALiveEntityIsRefusedWithNothingDecided() {
    Order order = new Order("o-1", "s-2", "b-1", "hello", 0);
    assertTrue(WriteDecision.ofInsert(VIEWS, ROW, stored(NOW), MODEL.values(order), NOW, 42, false).isEmpty());
    MainRow writtenBeforeViews = new MainRow(null, MODEL.values(STORED));
    assertTrue(WriteDecision.ofInsert(VIEWS, ROW, writtenBeforeViews, MODEL.values(order), NOW, 42, false).isEmpty(),
        "an entity without a status (written before the entity had views) exists too");
  }

  @Test
  void anInsertCarryingAVersionOtherThanZeroIsRefusedAsStaleWhetherOrNotTheEntityExists() {
    Order order = new Order("o-1", "s-1", "b-1", "hello", 2);
    assertThrows(StaleVersionException.class,
        () -> WriteDecision.ofInsert(VIEWS, ROW, MainRow.ABSENT, MODEL.values(order), NOW, 42, false));
    assertThrows(StaleVersionException.class,
        () -> WriteDecision.ofInsert(VIEWS, ROW, stored(NOW), MODEL.values(order), NOW, 42, false));
  }

  @Test
  void anUpdateGoesAboveTheLastWriteAndIsCommittedOnlyIfTheStatusIsStillTheOneRead() {
    MainRow before = stored(NOW + 500);
    Order moved = new Order("o-1", "s-2", "b-1", "hello", 3);
    WriteDecision decision = WriteDecision.ofSave(VIEWS, ROW, before, MODEL.values(moved), NOW, 42, false);

    assertEquals(NOW + 501, decision.timestamp());
    assertEquals(CompareOperator.EQUAL, decision.commit().getCompareOp());
    assertArrayEquals(before.status().encode(), decision.commit().getValue());
    assertEquals(List.of("seller WRITE", "seller RETIRE", "buyer WRITE", "buyer RETIRE"), kinds(decision.plan()),
        "the buyer view's key ends with the seller, so its row moves too");
  }

  @Test
  void aNullColumnIsDeletedInTheSameConditionalRowMutationAsThePut() {
    Order noNote = new Order("o-1", "s-1", "b-1", null, 3);
    WriteDecision decision = WriteDecision.ofSave(VIEWS, ROW, stored(NOW - 5), MODEL.values(noNote), NOW, 42, false);

    RowMutations mutations = assertInstanceOf(RowMutations.class, decision.mainMutation());
    List<Mutation> parts = mutations.getMutations();
    assertInstanceOf(Put.class, parts.get(0));
    assertInstanceOf(Delete.class, parts.get(1));
    assertSame(mutations, decision.commit().getAction());
  }

  @Test
  void aDeleteLeavesATombstoneAboveEveryCellItRemovesAndRetiresTheViewRows() {
    WriteDecision decision = WriteDecision.ofDelete(VIEWS, ROW, stored(NOW + 500), NOW, 42, false).orElseThrow();

    assertEquals(new RowStatus(State.DELETED, NOW + 501, 42), decision.status());
    assertNull(decision.written());
    List<Mutation> parts = assertInstanceOf(RowMutations.class, decision.mainMutation()).getMutations();
    Delete delete = assertInstanceOf(Delete.class, parts.get(0));
    assertEquals(NOW + 500, delete.getTimestamp(), "every cell below the tombstone");
    assertEquals(decision.status(), status(((Put) parts.get(1)).get(D, ProtocolCells.MAIN_STATUS).get(0), NOW + 501));
    assertEquals(List.of("seller RETIRE", "buyer RETIRE"), kinds(decision.plan()));
  }

  @Test
  void deletingAnEntityThatIsNotStoredDecidesNothing() {
    assertTrue(WriteDecision.ofDelete(VIEWS, ROW, MainRow.ABSENT, NOW, 42, false).isEmpty());
    assertTrue(WriteDecision.ofDelete(VIEWS, ROW, new MainRow(new RowStatus(State.DELETED, NOW, 7), null), NOW, 42, false).isEmpty());
  }

  @Test
  void aSaveCarryingAStaleVersionIsRefused() {
    Order stale = new Order("o-1", "s-1", "b-1", "hello", 2);
    assertThrows(StaleVersionException.class,
        () -> WriteDecision.ofSave(VIEWS, ROW, stored(NOW), MODEL.values(stale), NOW, 42, false));
  }

  @Test
  void aLoadWritesEveryViewRowVerifiedAtOnceEvenWhereItDoesNotChange() {
    WriteDecision decision = WriteDecision.ofLoad(VIEWS, ROW, stored(NOW - 5), MODEL.values(STORED), NOW, 42);

    assertEquals(new RowStatus(State.LIVE, NOW, 42), decision.status());
    assertEquals(4L, decision.written()[4], "one above the stored version, whatever the line said");
    assertEquals(List.of("seller WRITE", "buyer WRITE"), kinds(decision.plan()));
    for (ViewRowChange change : decision.plan().changes()) {
      assertNull(change.settle());
      Put put = assertInstanceOf(Put.class, change.phaseOne());
      Cell status = put.get(D, ProtocolCells.VIEW_STATUS).get(0);
      assertEquals(new RowStatus(State.VERIFIED, NOW, 42), RowStatus.decode(CellUtil.cloneValue(status), 0, RowStatus.LENGTH));
    }
  }

  @Test
  void aLoadGoesAboveTheStoredWriteAndMasksTheOldViewRowWhoseKeyChangesJustBelowIt() {
    long stored = NOW + 100;
    Order moved = new Order("o-1", "s-2", "b-1", "hello", 0);
    WriteDecision decision = WriteDecision.ofLoad(VIEWS, ROW, stored(stored), MODEL.values(moved), NOW, 42);

    assertEquals(stored + 1, decision.timestamp());
    assertEquals(List.of("seller WRITE", "seller RETIRE", "buyer WRITE", "buyer RETIRE"), kinds(decision.plan()));
    ViewRowChange retire = decision.plan().changes().get(1);
    assertArrayEquals(SELLER.rowKey(MODEL.values(STORED)), retire.rowKey());
    List<Cell> markers = assertInstanceOf(Delete.class, retire.phaseOne()).getFamilyCellMap().get(D);
    assertEquals(1, markers.size());
    assertEquals(KeyValue.Type.DeleteFamily.getCode(), markers.get(0).getTypeByte());
    assertEquals(stored, markers.get(0).getTimestamp(), "masks the stored write, not the new one");
  }

  @Test
  void aLoadRetiresTheViewRowOfAKeyThatBecomesNull() {
    Order noBuyer = new Order("o-1", "s-1", null, "hello", 0);
    WriteDecision decision = WriteDecision.ofLoad(VIEWS, ROW, stored(NOW - 5000), MODEL.values(noBuyer), NOW, 42);

    assertEquals(List.of("seller WRITE", "buyer RETIRE"), kinds(decision.plan()));
    assertEquals(NOW - 1, ((Delete) decision.plan().changes().get(1).phaseOne()).getFamilyCellMap().get(D).get(0).getTimestamp());
  }

  @Test
  void aLoadOverATombstoneRetiresNothing() {
    MainRow tombstone = new MainRow(new RowStatus(State.DELETED, NOW - 5, 7), null);
    WriteDecision decision = WriteDecision.ofLoad(VIEWS, ROW, tombstone, MODEL.values(STORED), NOW, 42);

    assertEquals(List.of("seller WRITE", "buyer WRITE"), kinds(decision.plan()));
    assertEquals(1L, decision.written()[4]);
  }

  @Test
  void aLoadedLineWithANullViewKeyPartAfterOneWithAValueIsRefused() {
    Order noSeller = new Order("o-1", null, "b-1", "hello", 0);
    assertThrows(InvalidValueException.class,
        () -> WriteDecision.ofLoad(VIEWS, ROW, MainRow.ABSENT, MODEL.values(noSeller), NOW, 42));
  }

  private static List<String> kinds(WritePlan plan) {
    return plan.changes().stream().map(c -> c.view().name() + " " + c.kind()).toList();
  }

  private static RowStatus status(Cell cell, long timestamp) {
    assertEquals(timestamp, cell.getTimestamp());
    return RowStatus.decode(CellUtil.cloneValue(cell), 0, RowStatus.LENGTH);
  }

  @Test
  void aGroupedCommitDoesNotWaitForItsWalSyncAndItsConfirmationDoes() {
    Order moved = new Order("o-1", "s-2", "b-1", null, 3);
    WriteDecision grouped = WriteDecision.ofSave(VIEWS, ROW, stored(NOW - 5), MODEL.values(moved), NOW, 42, true);
    RowMutations mutation = assertInstanceOf(RowMutations.class, grouped.commit().getAction(),
        "a null column is deleted with the put");
    assertTrue(mutation.getMutations().stream().allMatch(m -> m.getDurability() == Durability.ASYNC_WAL));
    WriteDecision synced = WriteDecision.ofSave(VIEWS, ROW, stored(NOW - 5), MODEL.values(moved), NOW, 42, false);
    assertTrue(((RowMutations) synced.commit().getAction()).getMutations().stream()
        .allMatch(m -> m.getDurability() == Durability.USE_DEFAULT));
    CheckAndMutate confirmation = grouped.confirmation(VIEWS, ROW);
    assertArrayEquals(grouped.status().encode(), confirmation.getValue(), "only while the row holds this write");
    Put mark = (Put) confirmation.getAction();
    assertEquals(Durability.SYNC_WAL, mark.getDurability());
    Cell cell = mark.get(D, ProtocolCells.COMMIT_SYNC).get(0);
    assertEquals(NOW, cell.getTimestamp(), "at the write's timestamp: the entity's next delete removes it");
    assertEquals(0, cell.getValueLength());
    WriteDecision delete = WriteDecision.ofDelete(VIEWS, ROW, stored(NOW - 5), NOW, 42, true).orElseThrow();
    assertTrue(((RowMutations) delete.commit().getAction()).getMutations().stream()
        .allMatch(m -> m.getDurability() == Durability.ASYNC_WAL));
  }
}
