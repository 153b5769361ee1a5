package dev.rowan.core.internal;

import dev.rowan.core.internal.ProtocolWriter.Pending;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.index.CommitSync;
import dev.rowan.index.MainRow;
import dev.rowan.index.RowStatus;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * Step three of the protocol: the main rows' check-and-mutates, and with group commit
 * ({@link CommitSync}) the sync that makes them durable. The check-and-mutates of a batch go out
 * in chunks at once; grouped, none waits for its WAL sync, and then one sync mark per region
 * touched does. Commits in a region whose opening changed between the commits and the mark are
 * read again: those that do not hold their write are written again, from step one. A region that
 * gets a single commit of the batch (a single save, say) gets a synced commit and no mark.
 */
final class GroupCommit<T> {

  /** Main rows per check-and-mutate RPC; a batch of 1,000 goes out in 8 at once. */
  static final int COMMIT_CHUNK = 125;

  private final StoreContext<T> context;

  GroupCommit(StoreContext<T> context) {
    this.context = context;
  }

  /**
   * Decides which entities of {@code pending} commit grouped ({@link CommitSync#grouped}), and
   * notes where their main row's region is now, before anything is written.
   */
  void decide(List<Pending> pending) {
    for (Pending entity : pending) {
      entity.grouped = null;
    }
    if (!context.groupCommit || pending.size() < 2) {
      return;
    }
    List<HRegionLocation> locations = locations(pending.stream().map(p -> p.rowKey).toList());
    boolean[] grouped = CommitSync.grouped(locations);
    for (int i = 0; i < pending.size(); i++) {
      pending.get(i).grouped = grouped[i] ? locations.get(i) : null;
    }
  }

  /**
   * Commits every entity of {@code active} and returns those whose commit is durable; adds to
   * {@code again} those to write again: their status changed since step one, or their grouped
   * commit was lost with a region server.
   */
  List<Pending> commit(List<Pending> active, List<Pending> again) {
    List<Pending> committed = send(active, again);
    context.hook.at(Step.BEFORE_COMMIT_SYNC, context.mainTable.getNameAsString(),
        committed.stream().map(p -> p.rowKey).toList());
    Map<String, Put> marks = new LinkedHashMap<>();
    List<Pending> grouped = new ArrayList<>();
    List<Pending> durable = new ArrayList<>(committed.size());
    for (Pending entity : committed) {
      if (entity.grouped == null) {
        durable.add(entity);
      } else {
        grouped.add(entity);
        marks.computeIfAbsent(entity.grouped.getRegion().getEncodedName(),
            region -> entity.decision.syncMark(context.views, entity.rowKey));
      }
    }
    if (grouped.isEmpty()) {
      return durable;
    }
    List<Put> sync = List.copyOf(marks.values());
    HBaseCalls.on(context.connection, context.mainTable, "sync the write-ahead log of committed rows", t -> {
      t.batch(sync, new Object[sync.size()]);
      return null;
    });
    List<HRegionLocation> after = locations(grouped.stream().map(p -> p.rowKey).toList());
    List<Pending> moved = new ArrayList<>();
    for (int i = 0; i < grouped.size(); i++) {
      Pending entity = grouped.get(i);
      (CommitSync.sameOpening(entity.grouped, after.get(i)) ? durable : moved).add(entity);
    }
    if (!moved.isEmpty()) {
      readAgain(moved, durable, again);
    }
    return durable;
  }

  /**
   * The commits of {@code moved} went to a region that has moved, split or lost its server since:
   * each whose main row, read now, holds its write is durable (the region's new server replayed it
   * from the WAL, or took it and synced it with the mark); every other is written again.
   */
  private void readAgain(List<Pending> moved, List<Pending> durable, List<Pending> again) {
    List<Get> gets = moved.stream().map(p -> new Get(p.rowKey)).toList();
    Result[] rows = HBaseCalls.on(context.connection, context.mainTable, "read committed rows of a moved region",
        t -> t.get(gets));
    for (int i = 0; i < rows.length; i++) {
      Pending entity = moved.get(i);
      RowStatus stored = MainRow.of(context.model, rows[i]).status();
      (entity.decision.status().equals(stored) ? durable : again).add(entity);
    }
  }

  private List<HRegionLocation> locations(List<byte[]> rowKeys) {
    return HBaseCalls.locate(context.connection, context.mainTable, "locate main rows", locator -> {
      List<HRegionLocation> locations = new ArrayList<>(rowKeys.size());
      for (byte[] rowKey : rowKeys) {
        locations.add(locator.getRegionLocation(rowKey));
      }
      return locations;
    });
  }

  /**
   * The check-and-mutates, in chunks at once. Unless grouped, each waits for its own WAL sync on
   * the region server, whose syncs of requests served at once are shared.
   */
  private List<Pending> send(List<Pending> active, List<Pending> again) {
    List<Supplier<List<CheckAndMutateResult>>> chunks = new ArrayList<>();
    for (List<Pending> chunk : ParallelCalls.chunks(active, COMMIT_CHUNK)) {
      List<CheckAndMutate> writes = chunk.stream().map(p -> p.decision.commit()).toList();
      chunks.add(() -> HBaseCalls.on(context.connection, context.mainTable, "write", t -> t.checkAndMutate(writes)));
    }
    List<Pending> committed = new ArrayList<>();
    int i = 0;
    for (List<CheckAndMutateResult> results : ParallelCalls.all(chunks)) {
      for (CheckAndMutateResult result : results) {
        Pending entity = active.get(i++);
        (result.isSuccess() ? committed : again).add(entity);
      }
    }
    return committed;
  }
}
