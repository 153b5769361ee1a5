package dev.rowan.index;

import dev.rowan.index.RowStatus.State;
import dev.rowan.mapping.RowWrite;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.jspecify.annotations.Nullable;

/**
 * Everything the protocol decides for one write of an entity with views, before any I/O: a pure
 * function of the main row's state before the write, the values requested (null for a delete), the
 * time and a nonce (docs/view-consistency.md).
 *
 * <ul>
 *   <li>the write's timestamp is {@link MainRow#nextWrite}: {@code max(now, lastWrite + 1)};
 *   <li>its status is {@code LIVE} for a save and {@code DELETED} for a delete, with the nonce;
 *   <li>a save stores its values with the {@code @Version} advanced ({@link
 *       MainRow#advanceVersionForSave}, or {@link MainRow#advanceVersionForLoad} for a load);
 *   <li>the main row's mutation writes the entity's cells (and the delete markers of its null
 *       columns) and the status cell at the write's timestamp; a delete removes every cell below
 *       the write's timestamp and leaves the status cell as a tombstone;
 *   <li>the commit applies that mutation only if the status cell still holds what was read (or is
 *       still absent); a grouped commit does not wait for its WAL sync ({@link
 *       CommitSync#COMMIT_DURABILITY}): the writer syncs it with {@link #confirmation};
 *   <li>the view plan is {@link ViewMaintainer#plan}, or for a load, whose view rows are verified
 *       at once, {@link ViewMaintainer#planVerified}.
 * </ul>
 *
 * <p>Thread-safety: immutable (arrays and mutations are not copied; callers do not change them).
 *
 * @param status the write's status on the main row: its timestamp, nonce and state
 * @param written the values stored, version advanced; null for a delete
 * @param mainMutation the main row's mutation: a {@link Put}, or {@link RowMutations} of the put
 *     and a delete
 * @param commit the main row's mutation, conditional on the status read
 * @param plan what the write does to every view
 * @since 0.1
 */
public record WriteDecision(
    RowStatus status,
    @Nullable Object @Nullable [] written,
    Row mainMutation,
    CheckAndMutate commit,
    WritePlan plan) {

  /** The write's timestamp: the cell timestamp of everything it writes. */
  long timestamp() {
    return status.timestamp();
  }

  /**
   * The decision of a save of {@code requested} as the entity of main row {@code rowKey}, whose
   * main row was read as {@code before}.
   *
   * @param grouped whether the commit is grouped ({@link CommitSync}): its edits are not synced
   *     until the writer's sync mark
   * @throws StaleVersionException when {@code requested} carries another version than the stored
   */
  public static WriteDecision ofSave(
      ViewMaintainer views,
      byte[] rowKey,
      MainRow before,
      @Nullable Object[] requested,
      long now,
      long nonce,
      boolean grouped) {
    Objects.requireNonNull(requested, "a save writes an entity");
    long timestamp = before.nextWrite(now);
    RowStatus status = new RowStatus(State.LIVE, timestamp, nonce);
    @Nullable Object[] written = before.advanceVersionForSave(views.entity(), requested, rowKey);
    return live(views, rowKey, before, written, status, Views.PROTOCOL, grouped);
  }

  /**
   * The decision of a delete of the entity of main row {@code rowKey}, whose main row was read as
   * {@code before}; empty when there is nothing to do, the row holding no entity.
   *
   * @param grouped whether the commit is grouped ({@link CommitSync})
   */
  public static Optional<WriteDecision> ofDelete(
      ViewMaintainer views, byte[] rowKey, MainRow before, long now, long nonce, boolean grouped) {
    if (!before.isLive()) {
      return Optional.empty();
    }
    long timestamp = before.nextWrite(now);
    byte[] family = MainRow.statusFamily(views.entity());
    RowStatus status = new RowStatus(State.DELETED, timestamp, nonce);
    Put tombstone =
        new Put(rowKey, timestamp)
            .addColumn(family, ProtocolCells.MAIN_STATUS, timestamp, status.encode());
    // an entity that keeps history keeps the cells of its versions: the deleted status is the
    // delete
    RowMutations mutation =
        views.entity().keepsHistory()
            ? rowMutations(grouped, rowKey, tombstone)
            : rowMutations(grouped, rowKey, new Delete(rowKey, timestamp - 1), tombstone);
    return Optional.of(
        new WriteDecision(
            status,
            null,
            mutation,
            condition(rowKey, family, before).build(mutation),
            views.plan(before.values(), null, rowKey, status, previousWrite(before))));
  }

  /**
   * The decision of an insert of {@code requested} into main row {@code rowKey}, read as {@code
   * before}: the save's decision ({@link #ofSave}) when the row holds no entity (it does not exist,
   * holds a {@code DELETED} tombstone, or only a sync mark), and empty when it holds one (a live
   * status, or an entity written before the entity had views): the insert is refused and writes
   * nothing. The commit is conditional on the status read, as a save's: the row must still have no
   * status, or still the same tombstone. So of two inserts that read the same state, at most one
   * commits, and the other, reading again, finds the winner's entity and is refused; an insert
   * never skips the read ({@link #ofGuess}), whose condition a row written before the entity had
   * views would pass.
   *
   * @throws StaleVersionException when {@code requested} carries a {@code @Version} other than 0,
   *     whether or not the row holds an entity
   */
  public static Optional<WriteDecision> ofInsert(
      ViewMaintainer views,
      byte[] rowKey,
      MainRow before,
      @Nullable Object[] requested,
      long now,
      long nonce,
      boolean grouped) {
    Objects.requireNonNull(requested, "an insert writes an entity");
    MainRow.advanceVersionForSave(
        views.entity(), null, requested, rowKey); // a new entity is at version 0
    return before.isLive()
        ? Optional.empty()
        : Optional.of(ofSave(views, rowKey, before, requested, now, nonce, grouped));
  }

  /**
   * The decision of a partial update or a counter's addition to the entity of main row {@code
   * rowKey}, read as {@code before}: empty when the row holds no entity (an update never creates
   * one); otherwise the save ({@link #ofSave}) of {@code change} applied to a copy of the stored
   * values. So the update gets the next timestamp and a new status, its commit is conditional on
   * the status read, its {@code @Version} is advanced as a save's, and the views it does not change
   * are left alone ({@link ViewMaintainer#plan}). A writer that loses its commit reads the row
   * again and applies {@code change} to what it finds then, which is what makes concurrent
   * additions lose nothing.
   *
   * @param change the values after the update from a copy of the values before; it may change that
   *     copy and return it
   */
  public static Optional<WriteDecision> ofUpdate(
      ViewMaintainer views,
      byte[] rowKey,
      MainRow before,
      UnaryOperator<@Nullable Object[]> change,
      long now,
      long nonce,
      boolean grouped) {
    @Nullable Object[] stored = before.values();
    if (stored == null) { // not live
      return Optional.empty();
    }
    @Nullable Object[] after = change.apply(stored.clone());
    return Optional.of(ofSave(views, rowKey, before, after, now, nonce, grouped));
  }

  /**
   * Whether a save of an entity of {@code views} may skip step one's read and guess that the entity
   * is new ({@link #ofGuess}): not when the entity has a {@code @Version} (whose check needs the
   * stored version: a status-less row written before the entity had views would pass the guess's
   * condition with any version), nor when it has a unique view (whose claims read the key's holder
   * anyway).
   */
  public static boolean mayGuessNew(ViewMaintainer views) {
    return views.entity().version() == null
        && views.views().stream().noneMatch(ViewModel::isUnique);
  }

  /**
   * The decision of a save of {@code requested} into main row {@code rowKey} that guesses, without
   * reading the row, that it holds no entity: {@link #ofSave} over {@link MainRow#ABSENT}. Its
   * commit applies only if the row has no status cell, so a wrong guess is caught there (and
   * followed by {@link #afterGuess}). A row without a status cell but with an entity (written
   * before the entity had views) is written over as a save would, and has no view rows to retire:
   * view rows are only written for main rows with a status (docs/view-consistency.md).
   */
  public static WriteDecision ofGuess(
      ViewMaintainer views,
      byte[] rowKey,
      @Nullable Object[] requested,
      long now,
      long nonce,
      boolean grouped) {
    return ofSave(views, rowKey, MainRow.ABSENT, requested, now, nonce, grouped);
  }

  /**
   * The decision of a save once its guess ({@link #ofGuess}) has failed and the main row has been
   * read as {@code before}. Where the guess's timestamp is still above the row's last write, the
   * decision keeps the guess's status (timestamp and nonce), so the view rows the guess wrote in
   * step two are this write's own ({@link #phaseOneAfter}); otherwise it is a new write at {@code
   * now} with {@code nonce}, whose rows hide the guess's (which never committed). Either way every
   * view row of the new state is written and settled ({@link ViewMaintainer#planAfterGuess}), as
   * the guess left each of them unverified.
   */
  public static WriteDecision afterGuess(
      ViewMaintainer views,
      byte[] rowKey,
      MainRow before,
      @Nullable Object[] requested,
      WriteDecision guess,
      long now,
      long nonce,
      boolean grouped) {
    RowStatus status =
        before.nextWrite(guess.timestamp()) == guess.timestamp()
            ? guess.status()
            : new RowStatus(State.LIVE, before.nextWrite(now), nonce);
    @Nullable Object[] written = before.advanceVersionForSave(views.entity(), requested, rowKey);
    return live(views, rowKey, before, written, status, Views.AFTER_GUESS, grouped);
  }

  /**
   * The changes of this decision whose phase one is still to be sent after {@code earlier}, an
   * attempt of the same save that sent its phase one and did not commit (null when there was none):
   * every change, except, when both have the same status, the rows {@code earlier} wrote (the same
   * rows, cell for cell).
   */
  public List<ViewRowChange> phaseOneAfter(@Nullable WriteDecision earlier) {
    if (earlier == null || !earlier.status.equals(status)) {
      return plan.changes();
    }
    return plan.select(
        change ->
            change.kind() == ViewRowChange.Kind.RETIRE
                || earlier.plan.changes().stream()
                    .noneMatch(
                        sent ->
                            sent.kind() == change.kind()
                                && sent.view() == change.view()
                                && Arrays.equals(sent.rowKey(), change.rowKey())));
  }

  /**
   * The decision of a bulk load of {@code loaded} into main row {@code rowKey}, whose main row was
   * read as {@code before} ({@link MainRow#ABSENT} when it was not read): a save whose view rows
   * are verified at once ({@link ViewMaintainer#planVerified}), and whose version is the stored one
   * plus one, whatever {@code loaded} says.
   *
   * @throws dev.rowan.mapping.InvalidValueException when a value or a view key cannot be encoded
   */
  public static WriteDecision ofLoad(
      ViewMaintainer views,
      byte[] rowKey,
      MainRow before,
      @Nullable Object[] loaded,
      long now,
      long nonce) {
    RowStatus status = new RowStatus(State.LIVE, before.nextWrite(now), nonce);
    @Nullable Object[] written = before.advanceVersionForLoad(views.entity(), loaded);
    return live(views, rowKey, before, written, status, Views.VERIFIED, false);
  }

  /** How a decision plans its view rows. */
  private enum Views {
    /** {@link ViewMaintainer#plan}. */
    PROTOCOL,
    /** {@link ViewMaintainer#planAfterGuess}. */
    AFTER_GUESS,
    /** {@link ViewMaintainer#planVerified}, for a load. */
    VERIFIED
  }

  private static WriteDecision live(
      ViewMaintainer views,
      byte[] rowKey,
      MainRow before,
      @Nullable Object[] written,
      RowStatus status,
      Views how,
      boolean grouped) {
    byte[] family = MainRow.statusFamily(views.entity());
    long timestamp = status.timestamp();
    RowWrite write =
        views.entity().write(written, timestamp); // the main row is encoded before the views
    Put put = write.put().addColumn(family, ProtocolCells.MAIN_STATUS, timestamp, status.encode());
    Row mutation =
        write.delete() == null
            ? durable(grouped, put)
            : rowMutations(grouped, rowKey, put, write.delete());
    WritePlan plan =
        switch (how) {
          case PROTOCOL ->
              views.plan(before.values(), written, rowKey, status, previousWrite(before));
          case AFTER_GUESS ->
              views.planAfterGuess(before.values(), written, rowKey, status, previousWrite(before));
          case VERIFIED -> views.planVerified(before.values(), written, rowKey, status);
        };
    CheckAndMutate.Builder condition = condition(rowKey, family, before);
    CheckAndMutate commit =
        mutation instanceof Put single
            ? condition.build(single)
            : condition.build((RowMutations) mutation);
    return new WriteDecision(status, written, mutation, commit, plan);
  }

  /** The timestamp of the write {@code before} shows, or {@link WritePlan#NO_WRITE}. */
  private static long previousWrite(MainRow before) {
    return before.status() == null ? WritePlan.NO_WRITE : before.status().timestamp();
  }

  private static CheckAndMutate.Builder condition(byte[] rowKey, byte[] family, MainRow before) {
    return ProtocolCells.ifMainStatus(rowKey, family, before.status());
  }

  /**
   * The confirmation that this write's grouped commit of main row {@code rowKey} is durable ({@link
   * CommitSync#confirm}): its sync mark, with a synced WAL, only if the row still holds this
   * write's status.
   */
  public CheckAndMutate confirmation(ViewMaintainer views, byte[] rowKey) {
    return CommitSync.confirm(rowKey, MainRow.statusFamily(views.entity()), status);
  }

  private static <M extends Mutation> M durable(boolean grouped, M mutation) {
    if (grouped) {
      mutation.setDurability(CommitSync.COMMIT_DURABILITY);
    }
    return mutation;
  }

  private static RowMutations rowMutations(boolean grouped, byte[] row, Mutation... mutations) {
    for (Mutation mutation : mutations) {
      durable(grouped, mutation);
    }
    RowMutations all = new RowMutations(row, mutations.length);
    try {
      all.add(List.of(mutations));
    } catch (IOException e) {
      throw new IllegalStateException("mutations of one row disagree on the row", e);
    }
    return all;
  }
}
