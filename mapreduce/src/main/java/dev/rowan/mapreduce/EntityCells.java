package dev.rowan.mapreduce;

import dev.rowan.index.MainRow;
import dev.rowan.index.ProtocolCells;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.FamilyModel;
import dev.rowan.mapping.RowWrite;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Mutation;

/**
 * What a bulk load writes for one entity, as cells: a pure function of the entity's values,
 * the state its main row held before the load, the load's timestamp and a nonce. The cells are
 * the ones a save writes (docs/view-consistency.md), with every view row verified at once:
 *
 * <ul>
 *   <li>an entity without views: the cells of {@link EntityModel#write(Object[], long)} at the
 *       load's timestamp, the delete markers of its null columns included;
 *   <li>an entity with views: the same at the write's timestamp, which is above the main row's
 *       current status timestamp, plus the status cell ({@code LIVE}); each view row of the new
 *       state whole and {@code VERIFIED}; and, for a view row of the old state whose key
 *       changes, a family delete marker one millisecond below the write, which masks every cell
 *       of the old row (all older than the main row's last write) and none of the new.
 * </ul>
 *
 * Tables are numbered as the load numbers them: 0 the main table, then the views in declaration
 * order.
 *
 * <p>Thread-safety: immutable and thread-safe.
 */
final class EntityCells {

  /** Where the cells go. */
  @FunctionalInterface
  interface Sink {
    void accept(int table, KeyValue cell) throws IOException, InterruptedException;
  }

  /**
   * What one entity's cells amount to.
   *
   * @param tables a bit per table (bit 0 the main table), set when the entity has a row there
   * @param retired how many view rows of the entity's prior state the load deletes
   */
  record Outcome(long tables, int retired) {

    boolean wrote(int table) {
      return (tables & (1L << table)) != 0;
    }
  }

  private final EntityModel<?> model;
  private final List<ViewModel> views;
  private final byte[] statusFamily;

  EntityCells(EntityModel<?> model) {
    this.model = model;
    this.views = ViewMaintainer.of(model).views();
    this.statusFamily = MainRow.statusFamily(model);
  }

  /** Whether the cells depend on the main row's prior state, which must then be read. */
  boolean needsPrior() {
    return !views.isEmpty() || model.version() != null;
  }

  /** How many tables the load writes: the main table and one per view. */
  int tables() {
    return 1 + views.size();
  }

  /** The views, numbered from table 1. */
  List<ViewModel> views() {
    return views;
  }

  /**
   * Emits the cells of the entity {@code values} whose main row key is {@code rowKey}.
   *
   * @param prior the main row's state before the load ({@link MainRow#ABSENT} or null when it had none)
   * @param loadTimestamp the load's timestamp; writes of entities with views go above the
   *     prior status timestamp when that is higher
   * @param nonce the write's nonce, random per entity
   * @return the tables the entity has a row in and the old view rows it retires
   * @throws dev.rowan.mapping.InvalidValueException when a value cannot be encoded
   */
  Outcome write(byte[] rowKey, Object[] values, MainRow prior, long loadTimestamp, long nonce, Sink sink)
      throws IOException, InterruptedException {
    MainRow before = prior == null ? MainRow.ABSENT : prior;
    Object[] written = before.advanceVersionForLoad(model, values);
    if (views.isEmpty()) {
      emit(0, model.write(written, loadTimestamp), sink);
      return new Outcome(1L, 0);
    }
    long timestamp = before.nextWrite(loadTimestamp);
    RowStatus status = new RowStatus(State.LIVE, timestamp, nonce);
    RowWrite write = model.write(written, timestamp);
    write.put().addColumn(statusFamily, ProtocolCells.MAIN_STATUS, timestamp, status.encode());
    List<byte[]> newKeys = new java.util.ArrayList<>(views.size());
    for (ViewModel view : views) {
      view.requireCompleteKey(written);
      newKeys.add(view.rowKey(written)); // encode every key before emitting anything
    }
    emit(0, write, sink);
    long tables = 1L;
    int retired = 0;
    RowStatus verified = status.with(State.VERIFIED);
    for (int i = 0; i < views.size(); i++) {
      ViewModel view = views.get(i);
      byte[] newKey = newKeys.get(i);
      if (newKey != null) {
        emit(i + 1, view.put(newKey, written, verified, rowKey), sink);
        tables |= 1L << (i + 1);
      }
      byte[] oldKey = before.isLive() ? view.rowKey(before.values()) : null;
      if (oldKey != null && !Arrays.equals(oldKey, newKey)) {
        for (FamilyModel family : view.families()) {
          sink.accept(i + 1, new KeyValue(oldKey, family.nameBytes(), null, timestamp - 1, KeyValue.Type.DeleteFamily));
        }
        retired++;
      }
    }
    return new Outcome(tables, retired);
  }

  private static void emit(int table, RowWrite write, Sink sink) throws IOException, InterruptedException {
    emit(table, write.put(), sink);
    if (write.delete() != null) {
      emit(table, write.delete(), sink);
    }
  }

  static void emit(int table, Mutation mutation, Sink sink) throws IOException, InterruptedException {
    for (List<Cell> cells : mutation.getFamilyCellMap().values()) {
      for (Cell cell : cells) {
        sink.accept(table, cell instanceof KeyValue kv ? kv : new KeyValue(cell));
      }
    }
  }
}
