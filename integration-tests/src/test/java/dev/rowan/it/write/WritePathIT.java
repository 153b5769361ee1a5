package dev.rowan.it.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.core.spi.ProtocolHook;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.index.ProtocolCells.Qualifier;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowVerdict;
import dev.rowan.it.Compactions;
import dev.rowan.it.Order;
import dev.rowan.it.OrderRepository;
import dev.rowan.it.RawCells;
import dev.rowan.it.StepGate;
import dev.rowan.mapping.EntityModel;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * The steps of the write path that a group commit and settles without check-and-mutate add
 * (docs/view-consistency.md), each laid out step by step against a real HBase: a settle
 * delivered after a newer write moved its entity and the view table was compacted; a settle held
 * past its window, and a move after the window; a writer of
 * the same timestamp that lost the race but wrote over the winner's row; a grouped commit that a
 * region lost before its sync.
 */
@HBaseTest
class WritePathIT {

  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final ViewModel SELLER = ViewMaintainer.of(MODEL).view("seller").orElseThrow();
  private static final Instant CREATED = Instant.parse("2026-11-24T10:00:00Z");

  @Test
  void aSettleDeliveredAfterANewerWriteMovedItsEntityWithinItsWindowLandsUnderThatWriteAndIsNeverTrusted(
      Connection connection, TestNamespace namespace, Admin admin) throws Exception {
    StepGate gate = new StepGate();
    ExecutorService late = Executors.newSingleThreadExecutor(r -> new Thread(r, "late-writer"));
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Order order = new Order("o-1", "seller-1", "buyer-1", CREATED, new BigDecimal("10.00"), "first");
      orders.save(order);
      orders.save(order); // found stored: the saves below read their rows rather than guess them new

      StepGate.Stop beforeSettle = gate.stopAt(Step.BEFORE_SETTLE, "late-writer");
      Order changed = order.withNote("second");
      Future<Order> first = late.submit(() -> orders.save(changed)); // rewrites the seller-1 row
      beforeSettle.awaitArrival(); // committed and durable; its settle not yet sent
      Order moved = changed.withSeller("seller-2");
      orders.save(moved); // within the settle window of the write before: leaves the seller-1 row unverified
      TableName sellerTable = rowan.tableName(SELLER.tableName());
      Compactions.majorCompact(admin, sellerTable);
      beforeSettle.release();
      assertEquals(changed, first.get(30, TimeUnit.SECONDS));

      byte[] leftRow = SELLER.rowKey(MODEL.values(changed));
      Result left = RawCells.row(connection, sellerTable, leftRow);
      assertEquals(RowStatus.State.UNVERIFIED, ViewRowVerdict.observed(SELLER, left).state(),
          "the moving write's status is newer than the late settle's: it hides it");
      assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-1"),
          "an unverified row is checked against the main row, which has moved on");
      assertEquals(List.of(moved), rowan.views(Order.class).find("seller", "seller-2"));
      assertEquals(RowStatus.State.UNVERIFIED,
          ViewRowVerdict.observed(SELLER, RawCells.row(connection, sellerTable, leftRow)).state(),
          "a reader leaves it until every settle that could land on it has landed");
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    } finally {
      late.shutdownNow();
    }
  }

  @Test
  void aSettleHeldPastItsWindowIsNotSentAndAMoveAfterTheWindowRetiresTheRowAtOnce(Connection connection,
      TestNamespace namespace) throws Exception {
    StepGate gate = new StepGate();
    ExecutorService late = Executors.newSingleThreadExecutor(r -> new Thread(r, "late-writer"));
    Duration lease = Duration.ofMillis(500);
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(lease).protocolHook(gate)
        .build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Order order = new Order("o-3", "seller-5", "buyer-1", CREATED, new BigDecimal("10.00"), "first");
      orders.save(order);
      TableName sellerTable = rowan.tableName(SELLER.tableName());
      byte[] row = SELLER.rowKey(MODEL.values(order));

      StepGate.Stop beforeSettle = gate.stopAt(Step.BEFORE_SETTLE, "late-writer");
      Order changed = order.withNote("second");
      Future<Order> first = late.submit(() -> orders.save(changed));
      beforeSettle.awaitArrival();
      Thread.sleep(lease.toMillis() + 100); // the write's window has passed
      beforeSettle.release();
      assertEquals(changed, first.get(30, TimeUnit.SECONDS), "the save returned: its settle is left to readers");
      assertEquals(RowStatus.State.UNVERIFIED,
          ViewRowVerdict.observed(SELLER, RawCells.row(connection, sellerTable, row)).state(),
          "the settle was not sent: it could have landed after a delete of the row");

      Thread.sleep(2 * lease.toMillis() + 100); // every settle of the writes so far has landed or never will
      Order moved = changed.withSeller("seller-6");
      orders.save(moved);
      assertEquals(RowStatus.State.RETIRED,
          ViewRowVerdict.observed(SELLER, RawCells.row(connection, sellerTable, row)).state(),
          "retired by the moving write's settle: no settle can land on the row after it");
      assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-5"));
      assertEquals(List.of(moved), rowan.views(Order.class).find("seller", "seller-6"));
      assertEquals(List.of(moved), rowan.views(Order.class).find("buyer", "buyer-1"),
          "the buyer row the unsent settle left unverified is read from the main row, and repaired");
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    } finally {
      late.shutdownNow();
    }
  }

  @Test
  void aReaderWithAShorterLeaseOfItsOwnUsesTheLeaseTheTableRecordsAndLeavesARowALateSettleCouldLandOn(
      Connection connection, TestNamespace namespace) throws Exception {
    StepGate gate = new StepGate();
    ExecutorService late = Executors.newSingleThreadExecutor(r -> new Thread(r, "late-writer"));
    Duration recorded = Duration.ofSeconds(60);
    Duration shorter = Duration.ofMillis(300);
    try (Rowan writer = Rowan.builder(connection).namespace(namespace.name()).writeLease(recorded)
        .protocolHook(gate).build();
        Rowan reader = Rowan.builder(connection).namespace(namespace.name()).writeLease(shorter).build()) {
      writer.schema().create(Order.class);
      assertEquals(recorded, reader.schema().writeLease(reader.schema().tableSets(Order.class).get(0)),
          "create recorded the creating Rowan's lease, which every client of the table uses");
      OrderRepository orders = writer.repository(OrderRepository.class);
      Order order = new Order("o-5", "seller-7", "buyer-1", CREATED, new BigDecimal("10.00"), "first");
      orders.save(order);
      TableName sellerTable = writer.tableName(SELLER.tableName());
      Order moved = order.withSeller("seller-8");
      byte[] left = SELLER.rowKey(MODEL.values(moved));

      StepGate.Stop beforeSettle = gate.stopAt(Step.BEFORE_SETTLE, "late-writer");
      Future<Order> first = late.submit(() -> orders.save(moved));
      beforeSettle.awaitArrival(); // committed; its seller-8 row unverified, its settle not sent
      Order movedAgain = moved.withSeller("seller-9");
      orders.save(movedAgain); // within the first write's window: seller-8's row stays unverified
      Thread.sleep(2 * shorter.toMillis() + 200); // past two of the reader's own leases

      assertEquals(List.of(), reader.views(Order.class).find("seller", "seller-8"));
      assertEquals(RowStatus.State.UNVERIFIED,
          ViewRowVerdict.observed(SELLER, RawCells.row(connection, sellerTable, left)).state(),
          "the reader left the row: a settle sent within the recorded lease may still land on it");
      beforeSettle.release();
      assertEquals(moved, first.get(30, TimeUnit.SECONDS));
      assertEquals(List.of(), reader.views(Order.class).find("seller", "seller-8"),
          "the late settle landed under the newer write's status, hidden; after a delete it would stand");
      assertEquals(List.of(movedAgain), reader.views(Order.class).find("seller", "seller-9"));
    } finally {
      late.shutdownNow();
    }
  }

  @Test
  void createRecordsItsLeaseOnATableThatRecordsNone(Connection connection, TestNamespace namespace)
      throws Exception {
    try (Rowan first = Rowan.builder(connection).namespace(namespace.name()).writeLease(Duration.ofSeconds(60))
        .build();
        Rowan second = Rowan.builder(connection).namespace(namespace.name()).writeLease(Duration.ofSeconds(5))
            .build()) {
      first.schema().create(Order.class);
      TableName catalog = TableName.valueOf(namespace.name(), "rowan_catalog");
      byte[] mainRow = first.tableName(MODEL.tableName()).getQualifier();
      try (Table records = connection.getTable(catalog)) { // as a table made before leases were recorded
        records.delete(new Delete(mainRow).addColumns(Bytes.toBytes("r"), Bytes.toBytes("rowan.write.lease.ms")));
      }
      assertEquals(java.util.Optional.empty(),
          second.schema().recordedWriteLease(second.schema().tableSets(Order.class).get(0)));
      assertEquals(Duration.ofSeconds(5), second.schema().writeLease(second.schema().tableSets(Order.class).get(0)),
          "a table that records no lease: each client its own");
      second.schema().create(Order.class);
      assertEquals(java.util.Optional.of(Duration.ofSeconds(5)),
          first.schema().recordedWriteLease(first.schema().tableSets(Order.class).get(0)));
      assertEquals(Duration.ofSeconds(5), first.schema().writeLease(first.schema().tableSets(Order.class).get(0)),
          "create recorded its lease on the table, which every client uses from then on");
    }
  }

  @Test
  void aWriterOfTheSameTimestampThatLostTheRaceNeverLeavesItsValuesUnderTheWinnersVerifiedStatus(
      Connection connection, TestNamespace namespace) throws Exception {
    StepGate gate = new StepGate();
    ExecutorService winner = Executors.newSingleThreadExecutor(r -> new Thread(r, "winner"));
    ExecutorService loser = Executors.newSingleThreadExecutor(r -> new Thread(r, "loser"));
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(gate).build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Order order = new Order("o-2", "seller-3", "buyer-1", CREATED, new BigDecimal("10.00"), "first");
      orders.save(order);
      pushLastWriteIntoTheFuture(connection, rowan, order); // both writers will choose last write + 1

      StepGate.Stop winnerCommits = gate.stopAt(Step.BEFORE_MAIN_WRITE, "winner");
      StepGate.Stop loserUnverifies = gate.stopAt(Step.BEFORE_UNVERIFY, "loser");
      StepGate.Stop loserCommits = gate.stopAt(Step.BEFORE_MAIN_WRITE, "loser");
      Order winning = order.withNote("winner");
      Order losing = order.withNote("loser");
      Future<Order> won = winner.submit(() -> orders.save(winning));
      winnerCommits.awaitArrival(); // the winner's row is written, unverified
      Future<Order> lost = loser.submit(() -> orders.save(losing));
      loserUnverifies.awaitArrival(); // the loser read the same state: the same timestamp
      loserUnverifies.release();
      loserCommits.awaitArrival(); // the loser's cells are over the winner's, at the same timestamp
      winnerCommits.release();
      assertEquals(winning, won.get(30, TimeUnit.SECONDS)); // committed, synced and settled

      assertEquals(List.of(winning), rowan.views(Order.class).find("seller", "seller-3"),
          "the settle wrote the winner's row again whole: the loser's note is not read as verified");
      loserCommits.release();
      assertEquals(losing, lost.get(30, TimeUnit.SECONDS), "the loser wrote again from the winner's state");
      assertEquals(List.of(losing), rowan.views(Order.class).find("seller", "seller-3"));
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    } finally {
      winner.shutdownNow();
      loser.shutdownNow();
    }
  }

  @Test
  void aGroupedCommitThatItsRegionLostBeforeTheSyncIsWrittenAgain(Connection connection, TestNamespace namespace,
      Admin admin) throws Exception {
    AtomicBoolean armed = new AtomicBoolean();
    AtomicReference<Result> before = new AtomicReference<>();
    ProtocolHook loseTheCommit = (step, table, keys) -> {
      if (step == Step.BEFORE_COMMIT_SYNC && armed.compareAndSet(true, false)) {
        // What a region server that dies before the sync leaves: the row as it was before the
        // commit, and the region opened anew (here on the same server).
        restore(connection, TableName.valueOf(table), before.get());
        reopen(admin, connection, TableName.valueOf(table), keys.get(0));
      }
    };
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(loseTheCommit)
        .groupCommit(true).build()) {
      rowan.schema().create(Order.class);
      OrderRepository orders = rowan.repository(OrderRepository.class);
      Order order = new Order("o-3", "seller-4", "buyer-2", CREATED, new BigDecimal("10.00"), "first");
      Order neighbour = sameRegion(order); // two commits in one region: they are grouped
      orders.saveAll(List.of(order, neighbour));
      orders.saveAll(List.of(order, neighbour)); // found stored: the batch below reads rather than guesses
      TableName main = rowan.tableName(MODEL.tableName());
      before.set(RawCells.row(connection, main, MODEL.rowKey(order)));

      Order moved = order.withSeller("seller-5").withNote("second");
      Order neighbourMoved = neighbour.withNote("second");
      armed.set(true);
      assertEquals(List.of(moved, neighbourMoved), orders.saveAll(List.of(moved, neighbourMoved)));

      assertFalse(armed.get(), "the commit was lost before its sync");
      assertEquals(moved, orders.findByKey("o-3").orElseThrow(), "the save that returned is stored");
      assertEquals(neighbourMoved, orders.findByKey(neighbour.orderNo()).orElseThrow());
      assertEquals(List.of(moved), rowan.views(Order.class).find("seller", "seller-5"));
      assertEquals(List.of(), rowan.views(Order.class).find("seller", "seller-4"));
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
    }
  }

  /** An order whose main row has the same salt as {@code order}'s, so it lives in the same region. */
  private static Order sameRegion(Order order) {
    byte salt = MODEL.rowKey(order)[0];
    for (int i = 0; ; i++) {
      Order other = new Order("o-3-" + i, "seller-6", "buyer-2", CREATED, new BigDecimal("5.00"), "first");
      if (MODEL.rowKey(other)[0] == salt) {
        return other;
      }
    }
  }

  /** Deletes every cell of the row and writes back {@code previous}, cell by cell at its timestamp. */
  private static void restore(Connection connection, TableName table, Result previous) {
    try (Table t = connection.getTable(table)) {
      byte[] row = previous.getRow();
      t.delete(new Delete(row, Long.MAX_VALUE - 1));
      Put put = new Put(row);
      for (Cell cell : previous.rawCells()) {
        put.add(cell);
      }
      t.put(put); // written after the delete marker: new version behavior leaves it visible
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Closes and opens the row's region; the client then locates it anew, as after a failed call. */
  private static void reopen(Admin admin, Connection connection, TableName table, byte[] row) {
    try {
      HRegionLocation opened = connection.getRegionLocator(table).getRegionLocation(row);
      admin.unassign(opened.getRegion().getRegionName());
      admin.assign(opened.getRegion().getRegionName());
      long deadline = System.currentTimeMillis() + 30_000;
      while (connection.getRegionLocator(table).getRegionLocation(row, true).getSeqNum() == opened.getSeqNum()) {
        assertTrue(System.currentTimeMillis() < deadline, "the region reopened");
        Thread.sleep(100);
      }
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** Rewrites the main row's status with a timestamp an hour ahead, its values untouched. */
  private static void pushLastWriteIntoTheFuture(Connection connection, Rowan rowan, Order order) throws Exception {
    long future = System.currentTimeMillis() + 3_600_000;
    byte[] row = MODEL.rowKey(order);
    try (Table main = connection.getTable(rowan.tableName(MODEL.tableName()))) {
      main.put(new Put(row).addColumn(SELLER.statusFamily(), Qualifier.MAIN_STATUS.bytes(), future,
          new RowStatus(RowStatus.State.LIVE, future, 99).encode()));
    }
  }

}
