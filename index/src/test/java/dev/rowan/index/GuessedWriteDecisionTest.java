package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.util.List;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/** The decisions of a save that guesses its entity new, and of the same save once the guess fails. */
class GuessedWriteDecisionTest {

  @Table(name = "orders")
  @Index(name = "seller", key = {"sellerId"})
  @Index(name = "buyer", key = {"buyerId"}, include = {"note"})
  record Order(@RowKey String orderNo, @Column(name = "s") String sellerId, @Column(name = "b") String buyerId,
      @Column(name = "n") String note) {}

  @Table(name = "versioned")
  @Index(name = "seller", key = {"sellerId"})
  record VersionedOrder(@RowKey String orderNo, @Column(name = "s") String sellerId, @Version long version) {}

  @Table(name = "unique")
  @Index(name = "seller", key = {"sellerId"}, unique = true)
  record UniqueOrder(@RowKey String orderNo, @Column(name = "s") String sellerId) {}

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewMaintainer VIEWS = ViewMaintainer.of(MODEL);
  private static final Order STORED = new Order("o-1", "s-1", "b-1", "hi");
  private static final Order MOVED = new Order("o-1", "s-2", "b-1", "hi");
  private static final byte[] ROW = MODEL.rowKey(STORED);
  private static final long NOW = 1_000_000;

  private static MainRow stored(long lastWrite) {
    return new MainRow(new RowStatus(State.LIVE, lastWrite, 7), MODEL.values(STORED));
  }

  @Test
  void onlyEntitiesWithoutAVersionAndWithoutAUniqueViewMayGuess() {
    assertTrue(WriteDecision.mayGuessNew(VIEWS));
    assertFalse(WriteDecision.mayGuessNew(ViewMaintainer.of(EntityModel.of(VersionedOrder.class))),
        "a version check needs the stored version");
    assertFalse(WriteDecision.mayGuessNew(ViewMaintainer.of(EntityModel.of(UniqueOrder.class))),
        "a unique claim reads its key anyway");
  }

  @Test
  void aGuessIsTheInsertOfAnAbsentEntityCommittedOnlyIfTheRowHasNoStatus() {
    WriteDecision guess = WriteDecision.ofGuess(VIEWS, ROW, MODEL.values(MOVED), NOW, 42, false);

    assertEquals(new RowStatus(State.LIVE, NOW, 42), guess.status());
    assertNull(guess.commit().getValue(), "the condition is that no status exists");
    assertEquals(List.of("seller WRITE", "buyer WRITE"), kinds(guess.plan().changes()));
  }

  @Test
  void afterAWrongGuessTheSaveKeepsTheGuesssStatusWhileItIsAboveTheLastWrite() {
    WriteDecision guess = WriteDecision.ofGuess(VIEWS, ROW, MODEL.values(MOVED), NOW, 42, false);
    WriteDecision retry = WriteDecision.afterGuess(VIEWS, ROW, stored(NOW - 10), MODEL.values(MOVED), guess,
        NOW + 3, 99, false);

    assertEquals(guess.status(), retry.status());
    assertArrayEquals(stored(NOW - 10).status().encode(), retry.commit().getValue(),
        "committed only if the status is still the one read");
    assertEquals(List.of("seller WRITE", "seller RETIRE", "buyer WRITE"), kinds(retry.plan().changes()),
        "the buyer row does not change, but the guess left it unverified: it is settled too");
    assertEquals(List.of("seller RETIRE"), kinds(retry.phaseOneAfter(guess)),
        "the rows the guess wrote are this write's own, cell for cell");
    ViewRowChange buyer = retry.plan().changes().get(2);
    ViewRowChange guessed = guess.plan().changes().get(1);
    assertEquals(cells(guessed.unverify()), cells(buyer.unverify()));
  }

  @Test
  void afterAWrongGuessBelowTheLastWriteTheSaveIsANewWriteThatSendsEveryRowAgain() {
    WriteDecision guess = WriteDecision.ofGuess(VIEWS, ROW, MODEL.values(MOVED), NOW, 42, false);
    WriteDecision retry = WriteDecision.afterGuess(VIEWS, ROW, stored(NOW), MODEL.values(MOVED), guess,
        NOW - 1, 99, false);

    assertEquals(new RowStatus(State.LIVE, NOW + 1, 99), retry.status(), "above the last write, with its own nonce");
    assertNotEquals(guess.status(), retry.status());
    assertSame(retry.plan().changes(), retry.phaseOneAfter(guess));
    assertEquals(List.of("seller WRITE", "seller RETIRE", "buyer WRITE"), kinds(retry.plan().changes()),
        "its buyer row hides the guess's, which never committed");
  }

  @Test
  void aSaveWithoutAnEarlierAttemptSendsItsWholePlan() {
    WriteDecision save = WriteDecision.ofSave(VIEWS, ROW, stored(NOW - 10), MODEL.values(MOVED), NOW, 42, false);

    assertEquals(List.of("seller WRITE", "seller RETIRE"), kinds(save.phaseOneAfter(null)),
        "an unchanged row is left alone when nobody guessed");
  }

  private static List<String> cells(Put put) {
    return put.getFamilyCellMap().values().stream().flatMap(List::stream)
        .map(c -> c + "=" + Bytes.toStringBinary(CellUtil.cloneValue(c))).toList();
  }

  private static List<String> kinds(List<ViewRowChange> changes) {
    return changes.stream().map(c -> c.view().name() + " " + c.kind()).toList();
  }
}
