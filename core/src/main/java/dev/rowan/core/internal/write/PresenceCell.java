package dev.rowan.core.internal.write;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.RowWrite;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * The cell by which the insert of an entity without views tells, in its one check-and-mutate, that
 * no entity is stored under its key. HBase checks one cell, so it must be one that every stored
 * entity has:
 *
 * <ol>
 *   <li>its {@code @Version} cell, which every save writes ({@link Role#VERSION});
 *   <li>else the cell of its first column of a primitive type, which is never null ({@link
 *       Role#ALWAYS_SET});
 *   <li>else its row marker (the tall marker {@code \x00m}, or a wide entity's bare column key),
 *       which a save writes only when every column is null: the insert writes it too (with a value,
 *       {@link #INSERTED}), and reads the entity first, since an entity saved with a value has no
 *       marker, and one saved without any has an empty one, which a check-and-mutate takes for none
 *       ({@link Role#MARKER}).
 * </ol>
 *
 * A pure function of the model and the entity's values.
 *
 * <p>Thread-safety: immutable (arrays are not copied; callers do not change them).
 *
 * @param kind which cell it is
 * @param family its family
 * @param qualifier its qualifier, behind the entity's column key in a wide row
 */
record PresenceCell(Role kind, byte @Nullable [] family, byte[] qualifier) {

  /**
   * The value of the marker an insert writes. Not empty, as a save's marker is: HBase's
   * check-and-mutate takes a cell with an empty value for an absent one, so an empty marker would
   * never stop a second insert.
   */
  static final byte[] INSERTED = {1};

  /** Which cell an insert checks. */
  enum Role {
    /** The {@code @Version} cell. */
    VERSION,
    /** The cell of a column of a primitive type. */
    ALWAYS_SET,
    /**
     * The row marker, written by the insert; a save may leave it out, so the insert reads first.
     */
    MARKER
  }

  /** The presence cell of the entity of {@code model} whose values are {@code values}. */
  static PresenceCell of(EntityModel<?> model, Object[] values) {
    PropertyModel version = model.version();
    if (version != null) {
      return new PresenceCell(Role.VERSION, version.family(), model.qualifier(values, version));
    }
    for (PropertyModel column : model.columns()) {
      if (column.type().isPrimitive()) {
        return new PresenceCell(Role.ALWAYS_SET, column.family(), model.qualifier(values, column));
      }
    }
    return new PresenceCell(Role.MARKER, model.markerFamily(), model.markerQualifier(values));
  }

  /** Whether the insert must read the entity first: a save may have stored it without this cell. */
  boolean readFirst() {
    return kind == Role.MARKER;
  }

  /**
   * The insert's check-and-mutate: {@code write} (with the row marker added, for {@link
   * Role#MARKER}), only if this cell does not exist.
   */
  CheckAndMutate insert(RowWrite write) {
    RowWrite marked =
        kind == Role.MARKER
            ? new RowWrite(write.row(), marked(write.put()), write.delete())
            : write;
    CheckAndMutate.Builder absent =
        CheckAndMutate.newBuilder(write.row()).ifNotExists(family, qualifier);
    return marked.delete() == null
        ? absent.build(marked.put())
        : absent.build(marked.asRowMutations());
  }

  /**
   * {@code put} with the marker {@link #INSERTED} in place of an empty one, at the put's timestamp.
   */
  private Put marked(Put put) {
    Put marked = new Put(put.getRow(), put.getTimestamp());
    for (List<Cell> cells : put.getFamilyCellMap().values()) {
      for (Cell cell : cells) {
        if (!(CellUtil.matchingFamily(cell, family)
            && CellUtil.matchingQualifier(cell, qualifier))) {
          try {
            marked.add(cell);
          } catch (IOException e) {
            throw new IllegalStateException("a cell of one row's put is of another row", e);
          }
        }
      }
    }
    return marked.addColumn(family, qualifier, put.getTimestamp(), INSERTED);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof PresenceCell cell
        && kind == cell.kind
        && Arrays.equals(family, cell.family)
        && Arrays.equals(qualifier, cell.qualifier);
  }

  @Override
  public int hashCode() {
    return 31 * (31 * kind.hashCode() + Arrays.hashCode(family)) + Arrays.hashCode(qualifier);
  }

  @Override
  public String toString() {
    return kind + " " + Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier);
  }
}
