package dev.rowan.core.internal.write;

import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.plumbing.ParallelCalls;
import dev.rowan.core.internal.write.ProtocolWriter.Pending;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.index.CommitSync;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.CheckAndMutateResult;

/**
 * Step three of the protocol: the main rows' check-and-mutates, and with group commit ({@link
 * CommitSync}) the sync that makes them durable. The check-and-mutates of a batch go out in chunks
 * at once; grouped, none waits for its WAL sync. Then, for each region as located before the batch
 * was written, one commit is confirmed ({@link CommitSync#confirm}: its sync mark, with a synced
 * WAL, only if the row still holds the write): where that succeeds and the region, looked up again
 * in {@code hbase:meta}, is still in the same opening, every commit sent to it is durable.
 * Elsewhere (the region moved, split, reopened, or the confirmed row lost its write) each commit is
 * confirmed on its own, and those that cannot be are written again, from step one. A region that
 * gets a single commit of the batch (a single save, say) gets a synced commit instead.
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
      entity.regionBefore = null;
    }
    if (!context.groupCommit() || pending.size() < 2) {
      return;
    }
    List<HRegionLocation> locations = locations(pending.stream().map(p -> p.rowKey).toList());
    boolean[] grouped = CommitSync.grouped(locations);
    for (int i = 0; i < pending.size(); i++) {
      pending.get(i).regionBefore = grouped[i] ? locations.get(i) : null;
    }
  }

  /**
   * Commits every entity of {@code active} and returns those whose commit is durable; adds to
   * {@code again} those to write again: their status changed since step one, or their grouped
   * commit cannot be confirmed durable (lost with a region server, or, indistinguishably, written
   * over by another write since).
   */
  List<Pending> commit(List<Pending> active, List<Pending> again) {
    List<Pending> committed = send(active, again);
    if (committed.isEmpty()) {
      return committed;
    }
    context
        .hook()
        .at(
            Step.BEFORE_COMMIT_SYNC,
            context.mainTable().getNameAsString(),
            committed.stream().map(p -> p.rowKey).toList());
    Map<String, List<Pending>> byRegion = new LinkedHashMap<>();
    List<Pending> durable = new ArrayList<>(committed.size());
    for (Pending entity : committed) {
      if (entity.regionBefore == null) {
        durable.add(entity); // committed with a synced WAL
      } else {
        byRegion
            .computeIfAbsent(
                entity.regionBefore.getRegion().getEncodedName(), r -> new ArrayList<>())
            .add(entity);
      }
    }
    if (byRegion.isEmpty()) {
      return durable;
    }
    List<Pending> marked = byRegion.values().stream().map(entities -> entities.get(0)).toList();
    List<Boolean> confirmed = confirm(marked);
    List<Pending> unproven = new ArrayList<>();
    int i = 0;
    for (List<Pending> region : byRegion.values()) {
      Pending first = region.get(0);
      if (confirmed.get(i++)
          && CommitSync.sameOpening(first.regionBefore, relocate(first.rowKey))) {
        durable.addAll(region);
      } else {
        unproven.addAll(region);
      }
    }
    if (!unproven.isEmpty()) {
      List<Boolean> each = confirm(unproven);
      for (int j = 0; j < unproven.size(); j++) {
        Pending entity = unproven.get(j);
        if (!each.get(j)) {
          entity.unconfirmed = true; // it went through, and may have taken effect
        }
        (each.get(j) ? durable : again).add(entity);
      }
    }
    return durable;
  }

  /**
   * Confirms each commit of {@code entities} durable ({@link CommitSync#confirm}: the sync mark,
   * with a synced WAL, only if the row still holds the write's status): true where it does.
   */
  private List<Boolean> confirm(List<Pending> entities) {
    List<CheckAndMutate> confirms =
        entities.stream()
            .map(
                p ->
                    Objects.requireNonNull(p.decision, "a prepared entity has a decision")
                        .confirmation(context.views(), p.rowKey))
            .toList();
    List<CheckAndMutateResult> results =
        HBaseCalls.on(
            context.connection(),
            context.mainTable(),
            "sync the write-ahead log of committed rows",
            t -> t.checkAndMutate(confirms));
    return results.stream().map(CheckAndMutateResult::isSuccess).toList();
  }

  /**
   * Where the region of {@code rowKey} is now, read from {@code hbase:meta}, not from the client's
   * cache.
   */
  private HRegionLocation relocate(byte[] rowKey) {
    return HBaseCalls.locate(
        context.connection(),
        context.mainTable(),
        "locate main rows",
        locator -> locator.getRegionLocation(rowKey, true));
  }

  private List<HRegionLocation> locations(List<byte[]> rowKeys) {
    return HBaseCalls.locate(
        context.connection(),
        context.mainTable(),
        "locate main rows",
        locator -> {
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
      List<CheckAndMutate> writes =
          chunk.stream()
              .map(
                  p ->
                      Objects.requireNonNull(p.decision, "a prepared entity has a decision")
                          .commit())
              .toList();
      chunks.add(
          () ->
              HBaseCalls.on(
                  context.connection(),
                  context.mainTable(),
                  "write",
                  t -> t.checkAndMutate(writes)));
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
