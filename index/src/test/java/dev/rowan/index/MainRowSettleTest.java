package dev.rowan.index;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.index.MainRowSettle.Decision;
import dev.rowan.index.MainRowSettle.Settled;
import dev.rowan.index.RowStatus.State;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * The order of a settle: decide, fence or confirm, and on losing read again and decide again; a
 * fenced row is acted on without a confirmation.
 */
class MainRowSettleTest {

  private static final byte[] ROW = Bytes.toBytes("order-1");
  private static final byte[] D = Bytes.toBytes("d");
  private static final MainRow READ = new MainRow(new RowStatus(State.LIVE, 500, 1), new Object[0]);
  private static final MainRow NOW = new MainRow(new RowStatus(State.LIVE, 900, 2), new Object[0]);

  /** A main table whose conditional writes succeed as told, and whose reads give {@link #NOW}. */
  private static final class Table implements MainRowSettle.MainTable<RuntimeException> {
    final Deque<Boolean> outcomes;
    final List<String> calls = new ArrayList<>();

    Table(Boolean... outcomes) {
      this.outcomes = new ArrayDeque<>(List.of(outcomes));
    }

    @Override
    public boolean apply(CheckAndMutate write) {
      assertArrayEquals(ROW, write.getRow());
      calls.add(((Put) write.getAction()).has(D, ProtocolCells.MAIN_STATUS) ? "fence" : "confirm");
      return outcomes.removeFirst();
    }

    @Override
    public MainRow read(byte[] row) {
      calls.add("read");
      return NOW;
    }
  }

  @Test
  void aConfirmedRowIsActedOn() {
    Table table = new Table(true);
    Optional<Settled<String>> settled =
        MainRowSettle.settle(table, ROW, D, READ, 2, (main, read, fenced) -> new Decision.Confirm<>("repair"));
    assertEquals(List.of("confirm"), table.calls);
    assertEquals("repair", settled.orElseThrow().action());
    assertEquals(READ, settled.orElseThrow().main());
  }

  @Test
  void aRowWithoutStatusNeedsNoConfirmation() {
    Table table = new Table();
    MainRow noStatus = new MainRow(null, null);
    Optional<Settled<String>> settled =
        MainRowSettle.settle(table, ROW, D, noStatus, 2, (main, read, fenced) -> new Decision.Confirm<>("discard"));
    assertEquals(List.of(), table.calls);
    assertEquals("discard", settled.orElseThrow().action());
  }

  @Test
  void aLostConfirmationReadsAgainAndDecidesAgainOnWhatTheRowHoldsNow() {
    Table table = new Table(false, true);
    List<MainRow> decidedOn = new ArrayList<>();
    Optional<Settled<Integer>> settled = MainRowSettle.settle(table, ROW, D, READ, 2, (main, read, fenced) -> {
      decidedOn.add(main);
      return new Decision.Confirm<>(read);
    });
    assertEquals(List.of("confirm", "read", "confirm"), table.calls);
    assertEquals(List.of(READ, NOW), decidedOn);
    assertEquals(2, settled.orElseThrow().action(), "the action decided on the second read");
    assertEquals(NOW, settled.orElseThrow().main());
  }

  @Test
  void aRowThatKeepsChangingIsLeftAfterTheReadsAllowed() {
    Table table = new Table(false, false, false);
    Optional<Settled<String>> settled =
        MainRowSettle.settle(table, ROW, D, READ, 3, (main, read, fenced) -> new Decision.Confirm<>("repair"));
    assertEquals(List.of("confirm", "read", "confirm", "read", "confirm"), table.calls);
    assertTrue(settled.isEmpty());
  }

  @Test
  void aFencedRowIsDecidedOnAgainAndActedOnWithoutAConfirmation() {
    Table table = new Table(true);
    List<Boolean> fencedFlags = new ArrayList<>();
    Optional<Settled<String>> settled = MainRowSettle.settle(table, ROW, D, READ, 2, (main, read, fenced) -> {
      fencedFlags.add(fenced);
      return fenced ? new Decision.Confirm<>("repair") : new Decision.Fence<>(0, 700);
    });
    assertEquals(List.of("fence"), table.calls);
    assertEquals(List.of(false, true), fencedFlags);
    Settled<String> done = settled.orElseThrow();
    assertEquals("repair", done.action());
    assertEquals(State.LIVE, done.main().status().state());
    assertTrue(done.main().status().timestamp() > 700, "the fence went above the floor");
  }

  @Test
  void aLostFenceReadsAgainAndAStopEndsTheSettle() {
    Table table = new Table(false);
    Optional<Settled<String>> settled = MainRowSettle.settle(table, ROW, D, READ, 3,
        (main, read, fenced) -> read == 1 ? new Decision.Fence<>(0, 700) : new Decision.Stop<>());
    assertEquals(List.of("fence", "read"), table.calls);
    assertTrue(settled.isEmpty());
  }

  @Test
  void anActionOnTheRowAsReadWritesNothingFirst() {
    Table table = new Table();
    Optional<Settled<String>> settled =
        MainRowSettle.settle(table, ROW, D, READ, 1, (main, read, fenced) -> new Decision.Act<>("delete"));
    assertEquals(List.of(), table.calls);
    assertEquals("delete", settled.orElseThrow().action());
  }
}
