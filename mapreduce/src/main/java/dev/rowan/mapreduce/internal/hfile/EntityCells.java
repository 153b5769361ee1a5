package dev.rowan.mapreduce.internal.hfile;

import dev.rowan.index.MainRow;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowChange;
import dev.rowan.index.WriteDecision;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.RowWrite;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.client.RowMutations;
import org.jspecify.annotations.Nullable;

/**
 * Internal, not API: what a bulk load writes for one entity, as cells: a pure function of the
 * entity's values, the state its main row held before the load, the load's timestamp and a nonce.
 * The cells are the ones a save writes (docs/view-consistency.md), with every view row verified at
 * once:
 *
 * <ul>
 *   <li>an entity without views: the cells of {@link EntityModel#write(Object[], long)} at the
 *       load's timestamp, the delete markers of its null columns included;
 *   <li>an entity with views: the same at the write's timestamp, which is above the main row's
 *       current status timestamp, plus the status cell ({@code LIVE}); each view row of the new
 *       state whole and {@code VERIFIED}; and, for a view row of the old state whose key changes, a
 *       family delete marker one millisecond below the write, which masks every cell of the old row
 *       (all older than the main row's last write) and none of the new.
 * </ul>
 *
 * Tables are numbered as the load numbers them: 0 the main table, then the views in declaration
 * order.
 *
 * <p>Thread-safety: immutable and thread-safe.
 */
public final class EntityCells {

  /** Where the cells go. */
  @FunctionalInterface
  public interface Sink {
    void accept(int table, KeyValue cell) throws IOException, InterruptedException;
  }

  /**
   * What one entity's cells amount to.
   *
   * @param tables a bit per table (bit 0 the main table), set when the entity has a row there
   * @param retired how many view rows of the entity's prior state the load deletes
   */
  public record Outcome(long tables, int retired) {

    public boolean wrote(int table) {
      return (tables & (1L << table)) != 0;
    }
  }

  private final EntityModel<?> model;
  private final ViewMaintainer maintainer;
  private final List<ViewModel> views;

  public EntityCells(EntityModel<?> model) {
    this.model = model;
    this.maintainer = ViewMaintainer.of(model);
    this.views = maintainer.views();
  }

  /** Whether the cells depend on the main row's prior state, which must then be read. */
  public boolean needsPrior() {
    return ViewMaintainer.usesProtocol(model) || model.version() != null;
  }

  /** How many tables the load writes: the main table and one per view. */
  int tables() {
    return 1 + views.size();
  }

  /** The views, numbered from table 1. */
  public List<ViewModel> views() {
    return views;
  }

  /**
   * Emits the cells of the entity {@code values} whose main row key is {@code rowKey}.
   *
   * @param prior the main row's state before the load ({@link MainRow#ABSENT} or null when it had
   *     none)
   * @param loadTimestamp the load's timestamp; writes of entities with views go above the prior
   *     status timestamp when that is higher
   * @param nonce the write's nonce, random per entity
   * @return the tables the entity has a row in and the old view rows it retires
   * @throws dev.rowan.mapping.InvalidValueException when a value cannot be encoded
   */
  public Outcome write(
      byte[] rowKey,
      Object[] values,
      @Nullable MainRow prior,
      long loadTimestamp,
      long nonce,
      Sink sink)
      throws IOException, InterruptedException {
    MainRow before = prior == null ? MainRow.ABSENT : prior;
    if (!ViewMaintainer.usesProtocol(model)) {
      emit(0, model.write(before.advanceVersionForLoad(model, values), loadTimestamp), sink);
      return new Outcome(1L, 0);
    }
    WriteDecision decision =
        WriteDecision.ofLoad(maintainer, rowKey, before, values, loadTimestamp, nonce);
    emit(0, decision.mainMutation(), sink);
    long tables = 1L;
    int retired = 0;
    for (ViewRowChange change : decision.plan().changes()) {
      int table = 1 + views.indexOf(change.view());
      emit(table, change.phaseOne(), sink);
      if (change.kind() == ViewRowChange.Kind.WRITE) {
        tables |= 1L << table;
      } else {
        retired++;
      }
    }
    return new Outcome(tables, retired);
  }

  /**
   * Emits the cells of {@code row}: a mutation, or each mutation of a {@link RowMutations} in
   * order.
   */
  private static void emit(int table, Row row, Sink sink) throws IOException, InterruptedException {
    if (row instanceof RowMutations all) {
      for (Mutation mutation : all.getMutations()) {
        emit(table, mutation, sink);
      }
    } else {
      emit(table, (Mutation) row, sink);
    }
  }

  private static void emit(int table, RowWrite write, Sink sink)
      throws IOException, InterruptedException {
    emit(table, write.put(), sink);
    if (write.delete() != null) {
      emit(table, write.delete(), sink);
    }
  }

  public static void emit(int table, Mutation mutation, Sink sink)
      throws IOException, InterruptedException {
    for (List<Cell> cells : mutation.getFamilyCellMap().values()) {
      for (Cell cell : cells) {
        sink.accept(table, cell instanceof KeyValue kv ? kv : new KeyValue(cell));
      }
    }
  }
}
