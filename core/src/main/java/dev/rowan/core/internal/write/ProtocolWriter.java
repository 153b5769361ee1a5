package dev.rowan.core.internal.write;

import dev.rowan.core.internal.context.StoreContext;
import dev.rowan.core.internal.plumbing.HBaseCalls;
import dev.rowan.core.internal.plumbing.ObservedCalls;
import dev.rowan.core.internal.plumbing.ParallelCalls;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import dev.rowan.core.spi.ProtocolHook.Step;
import dev.rowan.index.MainRow;
import dev.rowan.index.RetiredRows;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowChange;
import dev.rowan.index.WriteDecision;
import dev.rowan.index.WritePlan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes entities with views by the consistency protocol (docs/view-consistency.md), a batch at a
 * time: read the main rows; write the new view rows, and mark the retiring ones, unverified; write
 * each main row if its status is still the one read, and make those writes durable ({@link
 * GroupCommit}); then write the new view rows verified and delete the retired ones. Entities whose
 * main row changed in between, or whose commit a region server lost, are read and written again.
 *
 * <p>Where the saves of the last batch found most of their entities new, the first attempt of the
 * next batch skips the read and guesses the same ({@link NewEntityGuess}, {@link
 * WriteDecision#ofGuess}); the commit's condition checks the guess, and an entity guessed wrong is
 * read and written again ({@link WriteDecision#afterGuess}).
 */
public final class ProtocolWriter<T> {

  private static final Logger LOG = LoggerFactory.getLogger(ProtocolWriter.class);

  /** View rows per RPC of step four. */
  static final int SETTLE_CHUNK = 250;

  private final StoreContext<T> context;
  private final UniqueClaims unique;
  private final GroupCommit<T> commits;

  /** Null when the entity's saves may not guess ({@link WriteDecision#mayGuessNew}). */
  private final @Nullable NewEntityGuess guess;

  public ProtocolWriter(StoreContext<T> context) {
    this.context = context;
    this.unique = new UniqueClaims(context);
    this.commits = new GroupCommit<>(context);
    this.guess =
        WriteDecision.mayGuessNew(ViewMaintainer.of(context.model())) ? new NewEntityGuess() : null;
  }

  /** One entity being written; {@code requested} is null for a delete. */
  public static final class Pending {
    /** What the write asks for. */
    final WriteRequest request;

    final byte[] rowKey;

    /**
     * Whether this insert was refused (its main row holds an entity), or this update (it holds
     * none).
     */
    boolean refused;

    /** The unique keys this entity's last claiming attempt took free ({@link UniqueClaims}). */
    List<ViewRowChange> claimedFree = List.of();

    /**
     * Whether a commit of this entity went through but could not be confirmed durable ({@link
     * GroupCommit}): lost with a region server, or written over since; it may have taken effect.
     */
    boolean unconfirmed;

    /** The main row as read; null while this attempt guesses the entity new. */
    @Nullable MainRow current;

    @Nullable WriteDecision decision;

    /**
     * The decision of an attempt that guessed the entity new and did not commit; null when none.
     */
    @Nullable WriteDecision guess;

    /** Where the main row's region was before the write; null when its commit is not grouped. */
    @Nullable HRegionLocation regionBefore;

    public Pending(WriteRequest request) {
      this.request = Objects.requireNonNull(request, "request");
      this.rowKey = request.rowKey();
    }
  }

  /**
   * Writes every entity as its {@link WriteRequest} asks and returns the values stored for each,
   * their versions advanced, null for a delete and for a refused insert or update ({@link
   * Pending#refused}); rows must be distinct.
   */
  public List<Object[]> write(List<Pending> all) {
    return SettlePipeline.around(false, context.background(), settles -> write(all, settles));
  }

  /**
   * Writes every entity as {@link #write(List)} does, and leaves their settles to {@code settles},
   * which the caller finishes.
   */
  public List<Object[]> write(List<Pending> all, SettlePipeline settles) {
    List<Pending> pending = all;
    for (int attempt = 1; !pending.isEmpty(); attempt++) {
      if (attempt > WriteAttempts.OF_WRITE) {
        throw WriteAttempts.exhausted(
            context.model().entityName(),
            context.describe(pending.get(0).rowKey),
            WriteAttempts.OF_WRITE);
      }
      if (attempt > 1) {
        ObservedCalls.count(Cost.RETRIES, 1);
      }
      boolean guessing = attempt == 1 && guess != null && guess.entitiesLookNew();
      readCurrent(pending, guessing);
      commits.decide(pending);
      List<Pending> active = new ArrayList<>();
      for (Pending entity : pending) {
        if (prepare(entity)) {
          active.add(entity);
        } else if (entity.refused) {
          releaseClaims(entity);
        }
      }
      if (active.isEmpty()) {
        break;
      }
      List<byte[]> keys = active.stream().map(p -> p.rowKey).toList();
      String table = context.mainTable().getNameAsString();
      context.hook().at(Step.BEFORE_UNVERIFY, table, keys);
      List<ViewRowChange> claimed = unique.claim(active);
      unverify(active, claimed);
      context.hook().at(Step.BEFORE_MAIN_WRITE, table, keys);
      List<Pending> lost = new ArrayList<>();
      List<Pending> committed = commits.commit(active, lost);
      if (attempt == 1 && guess != null) {
        guess.observe(pending, lost);
      }
      if (!committed.isEmpty()) {
        List<byte[]> settled = committed.stream().map(p -> p.rowKey).toList();
        settles.add(
            () -> {
              context.hook().at(Step.BEFORE_SETTLE, table, settled);
              settle(committed);
              context.hook().at(Step.AFTER_SETTLE, table, settled);
            });
      }
      pending = lost;
    }
    List<Object[]> written = new ArrayList<>(all.size());
    for (Pending entity : all) {
      written.add(entity.decision == null ? null : entity.decision.written()); // null: a delete
    }
    return written;
  }

  /** Step one: reads the main rows, except those of saves when {@code guessing} they are new. */
  private void readCurrent(List<Pending> pending, boolean guessing) {
    List<Pending> read = new ArrayList<>(pending.size());
    for (Pending entity : pending) {
      entity.current = null;
      if (!guessing
          || !(entity.request instanceof WriteRequest.Save)) { // only saves are guessed new
        read.add(entity);
      }
    }
    if (read.isEmpty()) {
      return;
    }
    List<Get> gets = new ArrayList<>(read.size());
    for (Pending entity : read) {
      gets.add(new Get(entity.rowKey));
    }
    Result[] results =
        HBaseCalls.on(
            context.connection(), context.mainTable(), "read before write", t -> t.get(gets));
    for (int i = 0; i < results.length; i++) {
      read.get(i).current = MainRow.of(context.model(), results[i]);
    }
  }

  /**
   * Decides the write of one entity; false when there is nothing to do (deleting an absent entity).
   */
  private boolean prepare(Pending entity) {
    long now = System.currentTimeMillis();
    long nonce = ThreadLocalRandom.current().nextLong();
    boolean grouped = entity.regionBefore != null;
    Optional<WriteDecision> decision;
    WriteRequest request = entity.request;
    if (request instanceof WriteRequest.Update update) {
      decision =
          StoreContext.staleAsOptimisticLock(
              () ->
                  WriteDecision.ofUpdate(
                      context.views(),
                      entity.rowKey,
                      Objects.requireNonNull(entity.current, "the row of the entity was read"),
                      update.change(),
                      now,
                      nonce,
                      grouped));
      entity.refused = decision.isEmpty();
    } else if (request instanceof WriteRequest.Insert insert) {
      decision =
          StoreContext.staleAsOptimisticLock(
              () ->
                  WriteDecision.ofInsert(
                      context.views(),
                      entity.rowKey,
                      Objects.requireNonNull(entity.current, "the row of the entity was read"),
                      insert.values(),
                      now,
                      nonce,
                      grouped));
      entity.refused = decision.isEmpty();
    } else if (request instanceof WriteRequest.Delete) {
      decision =
          WriteDecision.ofDelete(
              context.views(),
              entity.rowKey,
              Objects.requireNonNull(entity.current, "the row of the entity was read"),
              now,
              nonce,
              grouped);
    } else {
      Object[] values = ((WriteRequest.Save) request).values();
      if (entity.current == null) {
        entity.guess =
            WriteDecision.ofGuess(context.views(), entity.rowKey, values, now, nonce, grouped);
        decision = Optional.of(entity.guess);
      } else if (entity.guess != null) {
        decision =
            Optional.of(
                WriteDecision.afterGuess(
                    context.views(),
                    entity.rowKey,
                    entity.current,
                    values,
                    entity.guess,
                    now,
                    nonce,
                    grouped));
      } else {
        decision =
            Optional.of(
                StoreContext.staleAsOptimisticLock(
                    () ->
                        WriteDecision.ofSave(
                            context.views(),
                            entity.rowKey,
                            Objects.requireNonNull(
                                entity.current, "the row of the entity was read"),
                            values,
                            now,
                            nonce,
                            grouped)));
      }
    }
    entity.decision = decision.orElse(null); // none: nothing to do
    return decision.isPresent();
  }

  /**
   * Releases the unique keys a refused insert took free in its last claiming attempt (each only
   * while its status is still that attempt's), unless a commit of it went through unconfirmed: then
   * it may have taken effect, and its keys are left to readers and later claims, which judge them
   * against the main row.
   */
  private void releaseClaims(Pending entity) {
    if (!entity.unconfirmed && !entity.claimedFree.isEmpty()) {
      unique.release(entity.claimedFree);
    }
    entity.claimedFree = List.of();
  }

  private void unverify(List<Pending> active, List<ViewRowChange> alreadyWritten) {
    Map<TableName, List<Row>> byTable = new LinkedHashMap<>();
    for (Pending entity : active) {
      WriteDecision earlier = entity.guess == entity.decision ? null : entity.guess;
      for (ViewRowChange change :
          Objects.requireNonNull(entity.decision, "a prepared entity has a decision")
              .phaseOneAfter(earlier)) {
        if (!alreadyWritten.contains(change)) {
          byTable
              .computeIfAbsent(context.viewTable(change.view()), t -> new ArrayList<>())
              .add(change.phaseOne());
        }
      }
    }
    List<Supplier<Void>> batches = new ArrayList<>();
    byTable.forEach(
        (table, rows) ->
            batches.add(
                () -> {
                  HBaseCalls.runOn(
                      context.connection(),
                      table,
                      "write unverified view rows",
                      t -> t.batch(rows, new Object[rows.size()]));
                  return null;
                }));
    if (!batches.isEmpty()) {
      ParallelCalls.all(batches);
    }
  }

  /**
   * Step four, for every view at once: plain puts and deletes in batches, and on unique views
   * check-and-mutates, as far as the settle window lets them go now ({@link WritePlan#dueSettles});
   * a batch that holds settles of rows written is sent with a call deadline at the end of the
   * earliest window among them, and once that has passed, with its retirements and unique views'
   * check-and-mutates alone, which no window bounds. A failure is left to readers to repair.
   */
  private void settle(List<Pending> committed) {
    long now = System.currentTimeMillis();
    long lease = context.writeLeaseMillis();
    Map<ViewModel, List<Settle>> byView = new LinkedHashMap<>();
    for (Pending entity : committed) {
      WritePlan plan =
          Objects.requireNonNull(entity.decision, "a prepared entity has a decision").plan();
      for (ViewRowChange change : plan.dueSettles(now, lease)) {
        Row settle = Objects.requireNonNull(change.settle(), "a planned write settles its rows");
        byView
            .computeIfAbsent(change.view(), v -> new ArrayList<>())
            .add(new Settle(settle, plan.sendBy(change, lease)));
      }
    }
    List<Supplier<Void>> batches = new ArrayList<>();
    byView.forEach(
        (view, settles) -> {
          for (List<Settle> chunk : ParallelCalls.chunks(settles, SETTLE_CHUNK)) {
            batches.add(() -> settle(view, chunk));
          }
        });
    if (!batches.isEmpty()) {
      ParallelCalls.all(batches);
    }
  }

  /**
   * A settle to send, and when the settle window of its write ends ({@link Long#MAX_VALUE}: a
   * retirement, or a check-and-mutate of a unique view, which a window does not bound).
   */
  private record Settle(Row row, long windowEnd) {}

  /**
   * Sends a chunk of settles of {@code view} in one batch, with a call deadline at the end of the
   * earliest settle window among them; once that has passed, only those no window bounds
   * (retirements, check-and-mutates), without one: the others stay unverified, and readers repair
   * them.
   */
  private Void settle(ViewModel view, List<Settle> chunk) {
    long windowEnd = chunk.stream().mapToLong(Settle::windowEnd).min().orElse(Long.MAX_VALUE);
    long now = System.currentTimeMillis();
    boolean open = now < windowEnd; // Long.MAX_VALUE: no window bounds any of them
    List<Row> settles = new ArrayList<>(chunk.size() + 1);
    for (Settle settle : chunk) {
      if (open || settle.windowEnd == Long.MAX_VALUE) {
        settles.addAll(RetiredRows.settleRows(settle.row)); // a retirement is two mutations
      }
    }
    if (settles.isEmpty()) {
      return null;
    }
    try {
      HBaseCalls.TableAction batch =
          t ->
              t.batch(
                  settles, new Object[settles.size()]); // puts and deletes, or check-and-mutates
      if (open && windowEnd != Long.MAX_VALUE) {
        HBaseCalls.runWithin(
            context.connection(),
            context.viewTable(view),
            "settle view rows",
            windowEnd - now,
            batch);
      } else {
        HBaseCalls.runOn(context.connection(), context.viewTable(view), "settle view rows", batch);
      }
    } catch (RuntimeException e) {
      // The main rows are written: the write has happened. Unsettled view rows stay
      // unverified, and readers check them against the main rows and repair them.
      LOG.warn(
          "Could not settle {} rows of view {}; readers will repair them: {}",
          settles.size(),
          view.tableName(),
          e.toString());
    }
    return null;
  }
}
