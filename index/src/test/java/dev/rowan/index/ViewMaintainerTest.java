package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewRowChange.Kind;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a write must do to each view, decided without a cluster. */
class ViewMaintainerTest {

  @Table(name = "orders", salt = @Salt(buckets = 4))
  @Index(name = "seller", key = {"sellerId", "createdAt"}, format = Index.Format.COLUMNS)
  @Index(name = "buyer", key = {"buyerId"}, include = {"amount"})
  @Index(name = "number", key = {"externalNo"}, unique = true)
  record Order(@RowKey String orderNo, @Column(name = "s") String sellerId, @Column(name = "b") String buyerId,
      @Column(name = "c") long createdAt, @Column(name = "a") BigDecimal amount, @Column(name = "n") String note,
      @Column(name = "x") String externalNo) {}

  private final EntityModel<Order> model = EntityModel.of(Order.class);
  private final ViewMaintainer maintainer = ViewMaintainer.of(model);
  private final RowStatus write = new RowStatus(State.LIVE, 1000, 42);
  private static final long PREVIOUS = 900;

  private Object[] values(Order order) {
    return model.values(order);
  }

  private WritePlan plan(Order before, Order after) {
    byte[] row = model.rowKey(after != null ? after : before);
    return maintainer.plan(before == null ? null : values(before), after == null ? null : values(after), row, write,
        PREVIOUS);
  }

  private final Order original = new Order("o-1", "s-1", "b-1", 5, BigDecimal.ONE, "hello", "EXT-1");

  @Test
  void aMaintainerWithoutDroppedViewsPlansNoRowOfThem() {
    ViewMaintainer withoutBuyer = maintainer.without(java.util.Set.of("BUYER"));
    assertEquals(maintainer.views().size() - 1, withoutBuyer.views().size());
    assertTrue(withoutBuyer.views().stream().noneMatch(view -> view.name().equals("buyer")));
    WritePlan plan = withoutBuyer.plan(null, values(original), model.rowKey(original), write, PREVIOUS);
    assertTrue(plan.changes().stream().noneMatch(change -> change.view().name().equals("buyer")), plan.toString());
    assertSame(maintainer, maintainer.without(java.util.Set.of("no-such-view")));
  }

  @Test
  void anInsertWritesOneUnverifiedRowPerView() {
    WritePlan plan = plan(null, original);
    assertEquals(List.of("seller", "buyer", "number"), plan.changes().stream().map(c -> c.view().name()).toList());
    assertTrue(plan.changes().stream().allMatch(c -> c.kind() == Kind.WRITE));
    ViewRowChange seller = plan.changes().get(0);
    Put put = seller.unverify();
    Cell status = put.get(Bytes.toBytes("d"), ProtocolCells.VIEW_STATUS).get(0);
    assertEquals(1000, status.getTimestamp());
    assertEquals(new RowStatus(State.UNVERIFIED, 1000, 42), RowStatus.decode(status.getValueArray(),
        status.getValueOffset(), status.getValueLength()));
    assertEquals(1, put.getFamilyCellMap().get(Bytes.toBytes("d")).size(),
        "the status cell alone: no reader uses an unsettled row's values");
  }

  @Test
  void aUniqueViewsRowIsItsKeysClaimAndIsWrittenWholeInPhaseOne() {
    Put claim = plan(null, original).changes().get(2).unverify();
    assertEquals(1, claim.get(Bytes.toBytes("d"), ProtocolCells.OWNER).size(), "it names its owner");
    assertEquals(2, claim.getFamilyCellMap().get(Bytes.toBytes("d")).size(),
        "the status and the owner: a packed row's columns are in its status cell");
    ViewModel number = maintainer.view("number").orElseThrow();
    assertEquals(original, model.instantiate(withKey(number.decode(rowOf(claim)), original)),
        "and carries its columns: its settle marks the status alone");
  }

  /** {@code values} (a view row's, which holds no column the view does not carry) with the entity's. */
  private Object[] withKey(Object[] values, Order entity) {
    Object[] whole = values(entity);
    for (int i = 0; i < whole.length; i++) {
      if (values[i] != null) {
        whole[i] = values[i];
      }
    }
    return whole;
  }

  private static org.apache.hadoop.hbase.client.Result rowOf(Put put) {
    return org.apache.hadoop.hbase.client.Result.create(
        put.getFamilyCellMap().values().stream().flatMap(List::stream)
            .sorted(org.apache.hadoop.hbase.CellComparator.getInstance()).toList());
  }

  @Test
  void aPackedRowHoldsItsColumnsNullsIncludedInItsStatusCellAlone() {
    Order sparse = new Order("o-1", "s-1", "b-1", 5, null, null, "EXT-1");
    ViewModel buyer = maintainer.view("buyer").orElseThrow();
    assertTrue(buyer.isPacked(), "the default format");
    Put settle = buyer.settlePut(buyer.rowKey(values(sparse)), values(sparse), write.with(State.VERIFIED),
        model.rowKey(sparse));
    assertEquals(1, settle.getFamilyCellMap().values().stream().mapToInt(List::size).sum(),
        "the status cell, which holds the columns");
    Object[] read = buyer.decode(rowOf(settle));
    assertEquals(null, read[model.property("amount").index()], "a null column has no entry");
    Order full = new Order("o-1", "s-1", "b-1", 5, new java.math.BigDecimal("12.50"), "n", "EXT-1");
    Object[] fullRead = buyer.decode(rowOf(buyer.settlePut(buyer.rowKey(values(full)), values(full),
        write.with(State.VERIFIED), model.rowKey(full))));
    assertEquals(new java.math.BigDecimal("12.50"), fullRead[model.property("amount").index()]);
    assertEquals("b-1", fullRead[model.property("buyerId").index()], "key properties from the key");
    assertEquals(null, fullRead[model.property("note").index()], "a column the view does not carry");
  }

  @Test
  void aRowInTheOtherFormatIsNeverTrustedWithoutItsMainRow() {
    ViewModel packed = maintainer.view("buyer").orElseThrow();
    ViewModel columns = maintainer.view("seller").orElseThrow();
    Object[] values = values(original);
    org.apache.hadoop.hbase.client.Result packedRow =
        rowOf(packed.put(packed.rowKey(values), values, write.with(State.VERIFIED), model.rowKey(original)));
    org.apache.hadoop.hbase.client.Result columnsRow =
        rowOf(columns.put(columns.rowKey(values), values, write.with(State.VERIFIED), model.rowKey(original)));
    assertEquals(State.VERIFIED, ViewRowVerdict.observed(packed, packedRow).state());
    assertEquals(State.VERIFIED, ViewRowVerdict.observed(columns, columnsRow).state());
    assertEquals(State.UNVERIFIED, ViewRowVerdict.observed(columns, packedRow).state(),
        "a packed row read by a view of a cell per column");
    assertEquals(State.UNVERIFIED, ViewRowVerdict.observed(packed, columnsRow).state(),
        "a row of a cell per column read by a packed view, before it is converted");
  }

  @Test
  void aNewRowOfAViewOfOneEntityPerRowIsSettledByWritingItAgainWholeAndVerified() {
    ViewRowChange seller = plan(null, original).changes().get(0);
    Put settle = assertInstanceOf(Put.class, seller.settle(), "no check-and-mutate");
    Cell status = settle.get(Bytes.toBytes("d"), ProtocolCells.VIEW_STATUS).get(0);
    assertEquals(new RowStatus(State.VERIFIED, 1000, 42), RowStatus.decode(status.getValueArray(),
        status.getValueOffset(), status.getValueLength()));
    assertEquals(7, settle.getFamilyCellMap().get(Bytes.toBytes("d")).size(), "every carried column and the status");
    assertTrue(settle.getFamilyCellMap().get(Bytes.toBytes("d")).stream().allMatch(c -> c.getTimestamp() == 1000),
        "at the write's own timestamp: a newer write's cells hide it");
  }

  @ParameterizedTest(name = "a write at 1000 moving the seller, step four at {0}, the write before at {1}: {2}")
  @CsvSource({
      "1000,  -119001, 'seller WRITE, seller RETIRE, number WRITE'",
      "1000,  -119000, 'seller WRITE, number WRITE'",
      "60999, 900,     'seller WRITE, number WRITE'",
      "61000, -119001, 'seller RETIRE, number WRITE'",
      "61000, 900,     'number WRITE'",
  })
  void stepFourSettlesWithinTheWritesWindowAndRetiresOnlyOnceTheSettlesOfTheWriteBeforeHaveLanded(long now,
      long previous, String due) {
    Order moved = new Order("o-1", "s-2", "b-1", 5, BigDecimal.ONE, "hello", "EXT-1");
    WritePlan plan = maintainer.plan(values(original), values(moved), model.rowKey(moved), write, previous);
    assertEquals(due, plan.dueSettles(now, 60_000).stream().map(c -> c.view().name() + " " + c.kind())
        .collect(java.util.stream.Collectors.joining(", ")),
        "a unique view's settles are conditional: always sent");
  }

  @Test
  void changingTheSellerRetiresTheOldSellerRowAndLeavesTheBuyerViewAlone() {
    WritePlan plan = plan(original, new Order("o-1", "s-2", "b-1", 5, BigDecimal.ONE, "hello", "EXT-1"));
    List<ViewRowChange> changes = plan.changes();
    assertEquals(List.of("seller WRITE", "seller RETIRE", "number WRITE"),
        changes.stream().map(c -> c.view().name() + " " + c.kind()).toList(),
        "the unique view keeps its key but carries the seller, so it is rewritten");
    assertArrayEquals(maintainer.view("seller").orElseThrow().rowKey(values(original)), changes.get(1).rowKey());
    RowMutations retire = assertInstanceOf(RowMutations.class, changes.get(1).settle(),
        "a plain retirement, no check: the row is this entity's alone");
    Delete older = assertInstanceOf(Delete.class, retire.getMutations().get(1));
    assertEquals(1000, older.getFamilyCellMap().get(Bytes.toBytes("d")).get(0).getTimestamp(),
        "its cells deleted up to this write, not past it");
    Put retired = assertInstanceOf(Put.class, retire.getMutations().get(0));
    assertEquals(1001, retired.get(Bytes.toBytes("d"), ProtocolCells.VIEW_RETIRED).get(0).getTimestamp(),
        "retired just above this write: the status of a later write of the entity is not older");
    CheckAndMutate unique = assertInstanceOf(CheckAndMutate.class, changes.get(2).settle(),
        "a unique view's row is shared: settled only while its status is this write's");
    RowStatus expected = RowStatus.decode(unique.getValue(), 0, unique.getValue().length);
    assertEquals(new RowStatus(State.UNVERIFIED, 1000, 42), expected, "only if still this write's claim");
    for (ViewRowChange change : changes) {
      Row settle = change.settle() instanceof CheckAndMutate conditional ? conditional.getAction() : change.settle();
      List<Mutation> mutations = settle instanceof RowMutations all ? all.getMutations() : List.of((Mutation) settle);
      for (Mutation mutation : mutations) {
        assertEquals(Durability.ASYNC_WAL, mutation.getDurability(),
            "a lost settle leaves an unverified row that readers repair: no WAL sync to wait for");
      }
      assertEquals(Durability.USE_DEFAULT, change.unverify().getDurability(), "phase one is durable");
    }
  }

  @Test
  void aChangeOfAColumnOnlyAFullCopyCarriesRewritesThatViewAlone() {
    WritePlan plan = plan(original, new Order("o-1", "s-1", "b-1", 5, BigDecimal.ONE, "changed", "EXT-1"));
    assertEquals(List.of("seller", "number"), plan.changes().stream().map(c -> c.view().name()).toList(),
        "the buyer view carries only the amount");
    assertTrue(plan.changes().stream().allMatch(c -> c.kind() == Kind.WRITE));
  }

  @Test
  void anUnchangedEntityTouchesNoView() {
    assertTrue(plan(original, original).isEmpty());
  }

  @Table(name = "expiring")
  @Family(name = "d", ttlSeconds = 60)
  @Index(name = "kind", key = {"kind"}, include = {"kind"})
  @Index(name = "color", key = {"color"})
  @Index(name = "code", key = {"code"}, unique = true)
  record Expiring(@RowKey String id, @Column String kind, @Column String color, @Column String note,
      @Column String code) {}

  @Test
  void anUpdateOfAnEntityThatExpiresRewritesEveryViewRowOfItsNewStateAtItsTimestamp() {
    EntityModel<Expiring> expiring = EntityModel.of(Expiring.class);
    Expiring before = new Expiring("a", "K", "red", "first", "C-1");
    Expiring after = new Expiring("a", "K", "red", "second", "C-1");
    WritePlan plan = ViewMaintainer.of(expiring).plan(expiring.values(before), expiring.values(after),
        expiring.rowKey(after), write, PREVIOUS);
    assertEquals(List.of("kind", "color", "code"), plan.changes().stream().map(c -> c.view().name()).toList(),
        "no row is left alone: each would expire with the first save");
    for (ViewRowChange change : plan.changes()) {
      assertEquals(Kind.WRITE, change.kind(), change.view().name());
      assertTrue(change.unverify().getFamilyCellMap().values().stream().flatMap(List::stream)
          .allMatch(cell -> cell.getTimestamp() == write.timestamp()), change.view().name());
      Put settle = change.settle() instanceof Put put ? put
          : (Put) ((CheckAndMutate) change.settle()).getAction();
      assertTrue(settle.getFamilyCellMap().values().stream().flatMap(List::stream)
          .allMatch(cell -> cell.getTimestamp() == write.timestamp()), change.view().name());
    }
    assertEquals(3, ViewMaintainer.of(expiring).plan(expiring.values(before), expiring.values(before),
        expiring.rowKey(before), write, PREVIOUS).changes().size(), "a save of the same values renews every row too");
  }

  @Test
  void aDeleteRetiresEveryViewRow() {
    WritePlan plan = maintainer.plan(values(original), null, model.rowKey(original), write.with(State.DELETED),
        PREVIOUS);
    assertEquals(3, plan.changes().size());
    assertTrue(plan.changes().stream().allMatch(c -> c.kind() == Kind.RETIRE));
  }

  @Test
  void aRetiredUniqueRowIsMarkedOnlyWhileItsOwnerIsThisEntity() {
    Order moved = new Order("o-1", "s-1", "b-1", 5, BigDecimal.ONE, "hello", "EXT-2");
    WritePlan plan = plan(original, moved);
    ViewRowChange retired = plan.select(c -> c.view().isUnique() && c.kind() == Kind.RETIRE).get(0);
    CheckAndMutate phaseOne = assertInstanceOf(CheckAndMutate.class, retired.phaseOne(),
        "another entity may claim the key, or the row may be deleted, before this write marks it");
    assertArrayEquals(ProtocolCells.OWNER, phaseOne.getQualifier());
    assertArrayEquals(model.rowKey(original), phaseOne.getValue());
    assertEquals(CompareOperator.EQUAL, phaseOne.getCompareOp());
    assertSame(retired.unverify(), phaseOne.getAction());
    ViewRowChange claimed = plan.select(c -> c.view().isUnique() && c.kind() == Kind.WRITE).get(0);
    assertSame(claimed.unverify(), claimed.phaseOne(), "a new row is written whole, its owner with it");
    Put whole = claimed.unverify();
    assertArrayEquals(model.rowKey(original), CellUtil.cloneValue(whole.get(Bytes.toBytes("d"), ProtocolCells.OWNER).get(0)));
    for (ViewRowChange change : plan.select(c -> !c.view().isUnique())) {
      assertSame(change.unverify(), change.phaseOne(), "rows of other views belong to one entity each");
    }
  }

  @Test
  void aNullKeyPropertyMeansNoRowInThatView() {
    Order noBuyer = new Order("o-1", "s-1", null, 5, BigDecimal.ONE, "hello", "EXT-1");
    assertNull(maintainer.view("buyer").orElseThrow().rowKey(values(noBuyer)));
    WritePlan plan = plan(original, noBuyer);
    ViewRowChange buyer = plan.changes().stream().filter(c -> c.view().name().equals("buyer")).findFirst().orElseThrow();
    assertEquals(Kind.RETIRE, buyer.kind());
  }

  @Test
  void viewKeysLeadWithTheKeyPropertiesAndEndWithTheRowKey() {
    ViewModel seller = maintainer.view("seller").orElseThrow();
    assertEquals("[salt 4][sellerId][createdAt][orderNo]", seller.key().toString());
    ViewModel number = maintainer.view("number").orElseThrow();
    assertEquals("[salt 4][externalNo]", number.key().toString(), "a unique view's key is the key properties alone");
    assertEquals("orders.seller", seller.tableName());
    assertEquals(3, seller.splitPoints().length);
    assertTrue(seller.isFullCopy());
    assertTrue(!maintainer.view("buyer").orElseThrow().isFullCopy());
  }

  @Test
  void nullCarriedColumnsAreFlaggedInTheStatusCell() {
    Order sparse = new Order("o-1", "s-1", "b-1", 5, null, null, "EXT-1");
    ViewModel seller = maintainer.view("seller").orElseThrow();
    byte[] status = seller.statusValue(write.with(State.VERIFIED), values(sparse));
    // the null carried columns a and n, named: [family length][family][qualifier length: 2][qualifier]
    assertEquals("\\x01d\\x00\\x01a\\x01d\\x00\\x01n",
        Bytes.toStringBinary(Arrays.copyOfRange(status, RowStatus.LENGTH, status.length)));
    Put put = seller.put(seller.rowKey(values(sparse)), values(sparse), write, model.rowKey(sparse));
    org.apache.hadoop.hbase.client.Result row = org.apache.hadoop.hbase.client.Result.create(
        put.getFamilyCellMap().values().stream().flatMap(List::stream)
            .sorted(org.apache.hadoop.hbase.CellComparator.getInstance()).toList());
    Object[] decoded = seller.decode(row);
    assertEquals(sparse, model.instantiate(decoded));
    assertTrue(put.getFamilyCellMap().get(Bytes.toBytes("d")).stream()
        .noneMatch(c -> Bytes.equals(CellUtil.cloneQualifier(c), Bytes.toBytes("a"))));
  }

  @Table(name = "evolving")
  @Index(name = "byA", key = {"a"})
  record Before(@RowKey String id, @Column String a,
      @Column String b, @Column String c) {}

  @Table(name = "evolving")
  @Index(name = "byA", key = {"a"})
  record After(@RowKey String id, @Column String a,
      @Column String x, @Column String b,
      @Column String c) {}

  @Test
  void aViewRowWrittenBeforeAColumnWasAddedInTheMiddleReadsBackItsOwnValues() {
    EntityModel<Before> before = EntityModel.of(Before.class);
    ViewModel written = ViewMaintainer.of(before).view("byA").orElseThrow();
    Object[] values = before.values(new Before("k", "1", "2", null));
    Put put = written.put(written.rowKey(values), values, write, before.rowKey(new Before("k", "1", "2", null)));
    org.apache.hadoop.hbase.client.Result row = org.apache.hadoop.hbase.client.Result.create(
        put.getFamilyCellMap().values().stream().flatMap(List::stream)
            .sorted(org.apache.hadoop.hbase.CellComparator.getInstance()).toList());

    EntityModel<After> after = EntityModel.of(After.class);
    Object[] read = ViewMaintainer.of(after).view("byA").orElseThrow().decode(row);

    assertEquals(new After("k", "1", null, "2", null), after.instantiate(read),
        "c was null when written; b was not, though it now has c's old position");
  }
}
