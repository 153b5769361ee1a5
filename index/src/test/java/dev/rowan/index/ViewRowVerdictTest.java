package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewRowVerdict.Action;
import dev.rowan.index.ViewRowVerdict.Finding;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The verdict on a view row, for readers, the verify job and its repairs, given without a cluster. */
class ViewRowVerdictTest {

  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId"})
  @Index(name = "buyer", key = {"buyerId"}, include = {"amount"})
  record Order(@RowKey String orderNo, @Column(name = "s") String sellerId, @Column(name = "b") String buyerId,
      @Column(name = "a") BigDecimal amount, @Column(name = "n") String note) {}

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewModel SELLER = ViewMaintainer.of(MODEL).view("seller").orElseThrow();
  private static final ViewModel BUYER = ViewMaintainer.of(MODEL).view("buyer").orElseThrow();
  private static final Order ORDER = new Order("o-1", "s-1", "b-1", new BigDecimal("12.50"), "a note");
  private static final Order MOVED = new Order("o-1", "s-2", "b-1", new BigDecimal("12.50"), "a note");
  private static final byte[] ROW = SELLER.rowKey(MODEL.values(ORDER));
  private static final long LEASE = 60_000;
  private static final long WRITE = 1_000_000;

  /** A main row described as {@code live@ts}, {@code moved@ts}, {@code deleted@ts}, {@code plain} (no status) or {@code absent}. */
  private static MainRow main(String described) {
    if (described.equals("absent")) {
      return MainRow.ABSENT;
    }
    if (described.equals("plain")) {
      return new MainRow(null, MODEL.values(ORDER));
    }
    String[] parts = described.split("@");
    long timestamp = WRITE + Long.parseLong(parts[1]);
    return switch (parts[0]) {
      case "live" -> new MainRow(new RowStatus(State.LIVE, timestamp, 1), MODEL.values(ORDER));
      case "moved" -> new MainRow(new RowStatus(State.LIVE, timestamp, 1), MODEL.values(MOVED));
      case "deleted" -> new MainRow(new RowStatus(State.DELETED, timestamp, 1), null);
      default -> throw new IllegalArgumentException(described);
    };
  }

  @ParameterizedTest(name = "a {0} row, main row {1}, {2} ms old, may fence {3}: {4}")
  @CsvSource(nullValues = "none", value = {
      "VERIFIED,   live@-5,  70000, true,  LEAVE",
      "none,       live@-5,  70000, true,  LEAVE",
      "UNVERIFIED, live@0,   10,    true,  REPAIR",
      "UNVERIFIED, live@+9,  10,    true,  REPAIR",
      "UNVERIFIED, moved@+9, 10,    true,  WAIT",
      "UNVERIFIED, deleted@0, 10,   true,  WAIT",
      "UNVERIFIED, moved@+9, 120000, true, WAIT",
      "UNVERIFIED, moved@+9, 120001, true, DISCARD",
      "UNVERIFIED, deleted@0, 120001, true, DISCARD",
      "UNVERIFIED, live@-5,  10,    true,  WAIT",
      "UNVERIFIED, live@-5,  60000, true,  WAIT",
      "UNVERIFIED, live@-5,  60001, true,  FENCE",
      "UNVERIFIED, live@-5,  60001, false, WAIT",
      "UNVERIFIED, plain,    60001, true,  FENCE",
      "UNVERIFIED, plain,    10,    true,  WAIT",
      "UNVERIFIED, absent,   60001, true,  FENCE",
  })
  void aReaderSettlesAnUnverifiedRowOnlyOnceItsWriterCanNoLongerCommitAndDiscardsItOnlyOnceItsSettlesHaveLanded(State observed, String main, long age,
      boolean mayFence, Action expected) {
    RowStatus status = observed == null ? null : new RowStatus(observed, WRITE, 42);
    assertEquals(expected, ViewRowVerdict.forReader(SELLER, ROW, status, main(main), WRITE + age, LEASE, mayFence));
  }

  @ParameterizedTest(name = "a {0} claim at +0, holder's main row {1}, {2} ms old: {3}")
  @CsvSource(nullValues = "none", value = {
      "VERIFIED,   live@+5,  10,    CURRENT",
      "UNVERIFIED, live@-5,  10,    CURRENT",
      "UNVERIFIED, moved@-5, 10,    IN_FLIGHT",
      "UNVERIFIED, moved@-5, 60001, STALE",
      "UNVERIFIED, moved@0,  10,    STALE",
      "UNVERIFIED, moved@+5, 10,    STALE",
      "UNVERIFIED, deleted@+5, 10,  STALE",
      "UNVERIFIED, plain,    10,    CURRENT",
      "UNVERIFIED, absent,   10,    IN_FLIGHT",
      "VERIFIED,   moved@-5, 10,    STALE",
      "none,       moved@-5, 10,    STALE",
  })
  void aUniqueKeyIsKeptByItsHolderOnlyWhileItsMainRowMapsToItOrItsWriteMayStillCommit(State observed, String main,
      long age, ViewRowVerdict.Holder expected) {
    RowStatus status = observed == null ? null : new RowStatus(observed, WRITE, 42);
    assertEquals(expected, ViewRowVerdict.forClaim(SELLER, ROW, status, main(main), WRITE + age, LEASE));
  }

  @ParameterizedTest(name = "a write at +0 seen with main row {0}: cannot commit {1}")
  @CsvSource({
      "live@-1,    false",
      "live@0,     true",
      "live@+1,    true",
      "deleted@+1, true",
      "plain,      false",
      "absent,     false",
  })
  void aWriterCannotCommitOnceTheMainRowStatusIsNotBelowIt(String main, boolean cannotCommit) {
    assertEquals(cannotCommit, ViewRowVerdict.writerCannotCommit(new RowStatus(State.UNVERIFIED, WRITE, 42), main(main)));
  }

  @Test
  void aWriteLeaseExpiresOnlyOnceMoreThanTheLeaseHasPassed() {
    RowStatus observed = new RowStatus(State.UNVERIFIED, WRITE, 42);
    assertFalse(ViewRowVerdict.leaseExpired(observed, WRITE, LEASE));
    assertFalse(ViewRowVerdict.leaseExpired(observed, WRITE + LEASE, LEASE));
    assertTrue(ViewRowVerdict.leaseExpired(observed, WRITE + LEASE + 1, LEASE));
    assertFalse(ViewRowVerdict.leaseExpired(observed, WRITE - 5, LEASE), "a clock behind the writer's");
  }

  @Test
  void aFenceAboveTheDeadWriteLetsTheReaderSettleItsRow() {
    RowStatus dead = new RowStatus(State.UNVERIFIED, WRITE, 42);
    MainRow before = main("live@-5");
    MainFence fence = MainFence.above(Bytes.toBytes("o-1"), Bytes.toBytes("d"), before, WRITE + LEASE + 1, WRITE);
    MainRow fenced = before.withStatus(fence.status());
    assertEquals(Action.REPAIR, ViewRowVerdict.forReader(SELLER, ROW, dead, fenced, WRITE + LEASE + 1, LEASE, false));
    assertEquals(Action.WAIT, ViewRowVerdict.forReader(SELLER, SELLER.rowKey(MODEL.values(MOVED)), dead, fenced,
        WRITE + LEASE + 1, LEASE, false), "a settle of a write before the dead one may still land on the row");
    assertEquals(Action.DISCARD, ViewRowVerdict.forReader(SELLER, SELLER.rowKey(MODEL.values(MOVED)), dead, fenced,
        WRITE + 2 * LEASE + 1, LEASE, false));
  }

  @Test
  void onlyAVerifiedRowOfAFullCopyIsUsedWithoutItsMainRow() {
    assertTrue(ViewRowVerdict.trustedAlone(SELLER, viewRow(SELLER, ORDER, State.VERIFIED)));
    assertFalse(ViewRowVerdict.trustedAlone(SELLER, viewRow(SELLER, ORDER, State.UNVERIFIED)));
    assertFalse(ViewRowVerdict.trustedAlone(BUYER, viewRow(BUYER, ORDER, State.VERIFIED)), "not a full copy");
    Put damaged = new Put(ROW).addColumn(SELLER.statusFamily(), ProtocolCells.VIEW_STATUS, WRITE, new byte[] {2});
    assertFalse(ViewRowVerdict.trustedAlone(SELLER, result(damaged)));
  }

  @Test
  void aVerifiedRowWithTheValuesOfItsEntityIsConsistent() {
    assertEquals(Finding.CONSISTENT, ViewRowVerdict.forVerify(SELLER, viewRow(SELLER, ORDER, State.VERIFIED), main("live@0")));
    assertEquals(Finding.CONSISTENT, ViewRowVerdict.forVerify(BUYER, viewRow(BUYER, ORDER, State.VERIFIED), main("live@0")));
  }

  @Test
  void anUnverifiedRowOfItsEntityIsStaleThoughItsValuesMatch() {
    assertEquals(Finding.STALE, ViewRowVerdict.forVerify(SELLER, viewRow(SELLER, ORDER, State.UNVERIFIED), main("live@0")));
  }

  @Test
  void aVerifiedRowCarryingAnotherValueOfACarriedColumnIsStale() {
    Order other = new Order("o-1", "s-1", "b-1", new BigDecimal("99.99"), "a note");
    assertEquals(Finding.STALE, ViewRowVerdict.forVerify(SELLER, viewRow(SELLER, other, State.VERIFIED), main("live@0")));
    assertEquals(Finding.STALE, ViewRowVerdict.forVerify(BUYER, viewRow(BUYER, other, State.VERIFIED), main("live@0")));
  }

  @Test
  void aColumnTheViewDoesNotCarryDoesNotMakeItsRowStale() {
    Order otherNote = new Order("o-1", "s-1", "b-1", ORDER.amount(), "another note");
    assertEquals(Finding.CONSISTENT, ViewRowVerdict.forVerify(BUYER, viewRow(BUYER, otherNote, State.VERIFIED),
        main("live@0")));
  }

  @Test
  void aRowWhoseEntityIsGoneDeletedOrKeyedElsewhereIsAnOrphan() {
    Result row = viewRow(SELLER, ORDER, State.VERIFIED);
    assertEquals(Finding.ORPHAN, ViewRowVerdict.forVerify(SELLER, row, main("absent")));
    assertEquals(Finding.ORPHAN, ViewRowVerdict.forVerify(SELLER, row, main("deleted@0")));
    assertEquals(Finding.ORPHAN, ViewRowVerdict.forVerify(SELLER, row, main("moved@0")));
  }

  @Test
  void anUnverifiedRowNoEntityMapsToAwaitsItsRetirement() {
    Result row = viewRow(SELLER, ORDER, State.UNVERIFIED);
    assertEquals(Finding.AWAITING_RETIREMENT, ViewRowVerdict.forVerify(SELLER, row, main("moved@0")),
        "left by a write that moved its entity: readers retire it once its settle window has passed");
    assertEquals(Finding.ORPHAN, ViewRowVerdict.forVerify(SELLER, row, main("absent")),
        "no entity, no write of the protocol left it");
  }

  @ParameterizedTest(name = "main row {0}, newest view cell {1}, {2} ms later: rewrite {3}, delete {4}")
  @CsvSource({
      "live@0,  0,  120001, REPAIR, DISCARD",
      "live@0,  -1, 120001, REPAIR, DISCARD",
      "live@0,  1,  120002, FENCE,  FENCE",
      "plain,   0,  120001, FENCE,  FENCE",
      "absent,  5,  120006, FENCE,  FENCE",
      "live@0,  0,  120000, REPAIR, WAIT",
      "absent,  5,  10,     FENCE,  WAIT",
      "plain,   0,  10,     FENCE,  WAIT",
      "live@5,  5,  10,     REPAIR, WAIT",
  })
  void aRepairFencesTheMainRowFirstWhenTheViewRowHoldsACellAboveItsStatusAndDeletesOnlyOnceItsSettlesHaveLanded(
      String main, long newest, long later, Action rewrite, Action delete) {
    assertEquals(rewrite, ViewRowVerdict.forRewrite(main(main), WRITE + newest));
    assertEquals(delete, ViewRowVerdict.forDelete(SELLER, main(main), WRITE + newest, WRITE + later, LEASE));
  }

  @Test
  void aVerifiedStatusIsTrustedAloneAndARowSettledUnderAWriteMarkIsCheckedOnce() {
    Object[] values = MODEL.values(ORDER);
    byte[] owner = MODEL.rowKey(ORDER);
    RowStatus write = new RowStatus(State.UNVERIFIED, WRITE, 7L);
    Put settle = SELLER.settlePut(ROW, values, write.with(State.VERIFIED), owner);
    assertTrue(ViewRowVerdict.trustedAlone(SELLER, overlay(SELLER.pendingPut(ROW, values, write), settle)),
        "settled over the cells of its own write");
    assertTrue(ViewRowVerdict.trustedAlone(SELLER, result(settle)), "the status alone says it");
    Put sameTimestamp = SELLER.pendingPut(ROW, MODEL.values(MOVED), new RowStatus(State.UNVERIFIED, WRITE, 8L));
    assertFalse(ViewRowVerdict.trustedAlone(SELLER, overlay(settle, sameTimestamp)),
        "a writer of the same timestamp that lost the race wrote over the row after the settle");
    Put older = SELLER.put(ROW, values, new RowStatus(State.VERIFIED_UNDER_MARK, WRITE, 7L), owner)
        .addColumn(SELLER.statusFamily(), ProtocolCells.VIEW_WRITE, WRITE,
            new RowStatus(State.VERIFIED_UNDER_MARK, WRITE, 7L).encode());
    assertFalse(ViewRowVerdict.trustedAlone(SELLER, result(older)),
        "a row settled under a write mark, by a version before 0.3, is checked once");
    assertEquals(write, ViewRowVerdict.observed(SELLER, result(older)), "as unverified");
    assertEquals(Action.REPAIR, ViewRowVerdict.forReader(SELLER, ROW, ViewRowVerdict.observed(SELLER, result(older)),
        main("live@0"), WRITE + 10, LEASE, true), "and repaired, verified alone");
  }

  /** The row {@code over} leaves when written after {@code under}: its cells replace theirs column by column. */
  private static Result overlay(Put under, Put over) {
    List<Cell> cells = new ArrayList<>();
    over.getFamilyCellMap().values().forEach(cells::addAll);
    under.getFamilyCellMap().values().forEach(column -> column.stream()
        .filter(c -> cells.stream().noneMatch(o -> CellUtil.matchingColumn(o, c))).forEach(cells::add));
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }

  private static Result viewRow(ViewModel view, Order order, State state) {
    Object[] values = MODEL.values(order);
    return result(view.put(view.rowKey(values), values, new RowStatus(state, WRITE, 7L), MODEL.rowKey(order)));
  }

  private static Result result(Mutation mutation) {
    List<Cell> cells = new ArrayList<>();
    mutation.getFamilyCellMap().values().forEach(cells::addAll);
    cells.sort(CellComparator.getInstance());
    return Result.create(cells);
  }
}
