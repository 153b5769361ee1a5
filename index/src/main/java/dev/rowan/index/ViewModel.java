package dev.rowan.index;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.FamilyModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.KeyLayout;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.SaltModel;
import dev.rowan.mapping.TableLayout;
import dev.rowan.mapping.ViewDefinition;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.jspecify.annotations.Nullable;

/**
 * One view of an entity: a table whose row key starts with the view's key properties, holding one
 * row per entity with a copy of the carried columns and a status cell.
 *
 * <p>The row key of a view is {@code [salt][key properties][remaining row key parts]}, so every
 * entity has its own row; a unique view's key is only {@code [salt][key properties]}, and the row
 * carries the owner's main row key in a cell instead. The view is salted like its entity, with the
 * same number of buckets, hashed on every part of the view key. An entity with a null key property
 * has no row in that view.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class ViewModel {

  private static final byte[] NO_BYTES = new byte[0];

  private final EntityModel<?> entity;
  private final ViewDefinition definition;
  private final String tableName;
  private final List<PropertyModel> keyProperties;
  private final KeyLayout key;
  private final List<PropertyModel> carried;
  private final PropertyModel[] carriedArray;

  /** The carried columns as a packed row holds them, which every view reads. */
  private final PackedColumns packed;

  /** The carried columns as a row of a cell per column holds them, which every view reads. */
  private final ColumnCells columnCells;

  /** The format the view writes its rows in: {@link #packed} or {@link #columnCells}. */
  private final ViewRowFormat format;

  private final byte[] statusFamily;
  private final List<FamilyModel> families;
  private final TableLayout layout;
  private final List<TableLayout> convertibleLayouts;

  ViewModel(EntityModel<?> entity, ViewDefinition definition) {
    this.entity = entity;
    this.definition = definition;
    this.tableName = EntityModel.viewTableName(entity.tableName(), definition.name());
    this.keyProperties = definition.key().stream().map(entity::property).toList();
    List<PropertyModel> parts = new ArrayList<>(keyProperties);
    if (!definition.unique()) {
      for (PropertyModel part : entity.rowKey().parts()) {
        if (!parts.contains(part)) {
          parts.add(part);
        }
      }
    }
    SaltModel salt =
        entity.salt() == null ? null : entity.salt().onAllParts(); // same buckets and function
    this.key =
        KeyLayout.of(
            entity.entityName() + " view '" + definition.name() + "' key",
            parts,
            salt,
            KeyLayout.MAX_ROW_KEY_LENGTH);
    this.carried =
        definition.fullCopy()
            ? entity.columns()
            : definition.include().stream().map(entity::property).toList();
    this.carriedArray = carried.toArray(new PropertyModel[0]);
    byte[][] names = ColumnCells.names(carriedArray);
    this.packed = new PackedColumns(carriedArray, names);
    this.columnCells = new ColumnCells(entity, carriedArray, names);
    this.format = isPacked() ? packed : columnCells;
    this.statusFamily = entity.families().get(0).nameBytes();
    Set<String> used = new LinkedHashSet<>();
    used.add(entity.families().get(0).name());
    for (PropertyModel column : carried) {
      used.add(new String(column.family(), StandardCharsets.UTF_8));
    }
    this.families = entity.families().stream().filter(f -> used.contains(f.name())).toList();
    this.layout = entity.tableLayout(layoutText(isPacked(), true));
    List<TableLayout> older = new ArrayList<>();
    older.add(entity.tableLayout(layoutText(isPacked(), false)));
    if (isPacked()) {
      older.add(entity.tableLayout(layoutText(false, true)));
      older.add(entity.tableLayout(layoutText(false, false)));
    }
    this.convertibleLayouts = List.copyOf(older);
  }

  /**
   * The layout of the view table: its key (salt, view key properties, then for a non-unique view
   * the remaining row key parts), whether it is unique (one row per key, the owner's main row key
   * in a cell), and whether it is a full copy. Which columns a view carries is not part of it: the
   * status cell names null columns, so columns may come and go, and the rows of a narrow view are
   * checked against the main row on every read. A full copy's verified rows are used as they are,
   * so a narrow view made a full copy is a change of layout. A view of an entity kept in one table
   * per period records the periods' layout too, as its main table does.
   */
  public TableLayout layout() {
    return layout;
  }

  /**
   * The layouts of this view's table in older formats whose rows this view reads as they are (never
   * trusting one without its main row) and converts as it writes them: rows settled beside a write
   * mark (before 0.3) in this view's format, and for a packed view, rows of a cell per column of
   * either version. A view of a cell per column cannot read packed rows, which its filters would
   * not see.
   */
  public List<TableLayout> convertibleLayouts() {
    return convertibleLayouts;
  }

  private String layoutText(boolean packed, boolean settledAlone) {
    StringBuilder text = new StringBuilder("view key ").append(key.layout());
    if (isUnique()) {
      text.append("; unique, owner row key in a cell");
    }
    text.append(
        definition.fullCopy()
            ? "; carries every column"
            : "; carries some columns, read with the main row");
    if (packed) {
      text.append("; columns packed in the status cell");
    }
    if (settledAlone) {
      text.append("; settled by its status alone");
    }
    return text.toString();
  }

  /** The view name, as query methods name it. */
  public String name() {
    return definition.name();
  }

  /** The table name, without namespace: {@code <entity table>.<view name>}. */
  public String tableName() {
    return tableName;
  }

  /** The entity this view indexes. */
  EntityModel<?> entity() {
    return entity;
  }

  /** The declaration this view was built from. */
  ViewDefinition definition() {
    return definition;
  }

  /** The properties that lead the view key, in order. */
  public List<PropertyModel> keyProperties() {
    return keyProperties;
  }

  /** The layout of the view's row keys. */
  public KeyLayout key() {
    return key;
  }

  /** The columns the view carries. */
  public List<PropertyModel> carried() {
    return carried;
  }

  /** Whether the view carries every column, so that reading it needs no second read. */
  public boolean isFullCopy() {
    return carried.size() == entity.columns().size();
  }

  /** Whether a second entity with the same key properties is refused. */
  public boolean isUnique() {
    return definition.unique();
  }

  /**
   * Whether the view's rows are written packed ({@code Index.Format.PACKED}): the carried columns
   * in one value after the status, in the status cell ({@link PackedColumns}), rather than a cell
   * per column. Either format is read; a row in the other one is never trusted without its main row
   * ({@link ViewRowVerdict#observed}).
   */
  public boolean isPacked() {
    return definition.packed();
  }

  /**
   * Whether the status cell {@code status} of one of this view's rows is in the format the view
   * writes ({@link #isPacked}).
   */
  boolean inFormat(Cell status) {
    return formatOf(
            status.getValueArray(),
            status.getValueOffset() + RowStatus.LENGTH,
            status.getValueOffset() + status.getValueLength())
        == format;
  }

  /**
   * The format of a row whose status cell's value has, after the status, the bytes of {@code bytes}
   * from {@code at} to {@code end}.
   */
  private ViewRowFormat formatOf(byte[] bytes, int at, int end) {
    return PackedColumns.isPacked(bytes, at, end) ? packed : columnCells;
  }

  /** The family of the status and owner cells: the entity's first family. */
  public byte[] statusFamily() {
    return statusFamily.clone();
  }

  /** The families of the view table: the first family and those of carried columns. */
  public List<FamilyModel> families() {
    return families;
  }

  /** The split points that pre-split the view table, one region per salt bucket; none unsalted. */
  public byte[][] splitPoints() {
    return key.salt() == null ? new byte[0][] : key.salt().splitPoints();
  }

  /** The view row key of the entity whose values are {@code values}, or null when it has none. */
  public byte @Nullable [] rowKey(@Nullable Object[] values) {
    for (PropertyModel property : keyProperties) {
      if (values[property.index()] == null) {
        return null;
      }
    }
    return key.encode(values);
  }

  /**
   * Refuses to write the entity whose values are {@code values} when a key property of this view is
   * null after one that is not. Such an entity would have no row here (a view row needs every key
   * property), so a query that binds the leading key properties and not the null one would miss it.
   * An entity whose leading key property is null has no row either, but no query through the view
   * can match it.
   *
   * @throws InvalidValueException naming the property, the view and what to do
   */
  public void requireCompleteKey(@Nullable Object[] values) {
    if (values[keyProperties.get(0).index()] == null) {
      return;
    }
    for (PropertyModel property : keyProperties) {
      if (values[property.index()] == null) {
        throw InvalidValueException.of(
            property.qualifiedName(),
            "it is null, and it is a key property of view '"
                + name()
                + "' "
                + keyProperties.stream().map(PropertyModel::name).toList()
                + " whose first property has a value:"
                + " its row would lack a key part, and queries through the view would miss the entity; give it a"
                + " value, or make it the view's first key property");
      }
    }
  }

  /** Whether the rows of two states of an entity would carry the same values. */
  public boolean sameContent(@Nullable Object[] before, @Nullable Object[] after) {
    for (PropertyModel column : carriedArray) {
      if (!Objects.deepEquals(before[column.index()], after[column.index()])) {
        return false;
      }
    }
    return true;
  }

  /**
   * The value of the status cell of the view row of {@code values}: the status, then the carried
   * columns as the view's format holds them there: packed ({@link PackedColumns}), or the names of
   * those that are null, whose cells readers ignore ({@link ColumnCells}).
   */
  public byte[] statusValue(RowStatus status, @Nullable Object[] values) {
    return format.statusValue(status.encode(), values);
  }

  /**
   * The cells of the view row of {@code values}: every non-null carried column, the status cell
   * and, for a unique view, the owner's main row key; all at the write's timestamp.
   */
  public Put put(byte[] rowKey, @Nullable Object[] values, RowStatus status, byte[] mainRowKey) {
    return cells(rowKey, values, status, mainRowKey);
  }

  /**
   * Phase one of a write's row in a view that is not unique: the status cell ({@code unverified},
   * naming the null columns of {@code values}) at the write's timestamp, and no carried column. No
   * reader uses the values of a row that is not settled: it reads the main row instead, and a
   * region server's filter lets such a row through (docs/view-consistency.md, step 2). The values
   * come with the settle ({@link #settlePut}), so a verified row's values are always those of a
   * write that committed. (A unique view's row is also its key's claim, which {@link #put} writes
   * whole.)
   */
  Put pendingPut(byte[] rowKey, @Nullable Object[] values, RowStatus unverified) {
    long timestamp = unverified.timestamp();
    return new Put(rowKey, timestamp)
        .addColumn(
            statusFamily, ProtocolCells.VIEW_STATUS, timestamp, statusValue(unverified, values));
  }

  /**
   * The settle of the view row of {@code values} that a write put with {@link #put} or {@link
   * #pendingPut}: the whole row with its {@code verified} status. Written again whole, it wins over
   * cells another writer left at the same timestamp; it is sent only within the write's settle
   * window ({@link SettleWindow}), so that no delete of the row precedes it
   * (docs/view-consistency.md, step 4).
   */
  Put settlePut(byte[] rowKey, @Nullable Object[] values, RowStatus verified, byte[] mainRowKey) {
    return cells(rowKey, values, verified, mainRowKey);
  }

  private Put cells(byte[] rowKey, @Nullable Object[] values, RowStatus status, byte[] mainRowKey) {
    long timestamp = status.timestamp();
    Put put = new Put(rowKey, timestamp);
    format.addCells(put, timestamp, values);
    put.addColumn(statusFamily, ProtocolCells.VIEW_STATUS, timestamp, statusValue(status, values));
    if (isUnique()) {
      put.addColumn(statusFamily, ProtocolCells.OWNER, timestamp, mainRowKey);
    }
    return put;
  }

  /**
   * The entity values a view row holds: its key properties and main row key parts from the key (or
   * the owner cell), and the carried columns. Columns not carried stay null.
   */
  public @Nullable Object[] decode(Result row) {
    @Nullable Object[] values = new Object[entity.properties().size()];
    byte[] rowKey = row.getRow();
    key.decode(rowKey, 0, rowKey.length, values);
    if (isUnique()) {
      byte[] owner = ProtocolCells.owner(row, statusFamily);
      if (owner == null) {
        throw new IllegalArgumentException(tableName + ": a unique view row has no owner cell");
      }
      entity.rowKey().decode(owner, 0, owner.length, values);
    }
    Cell status = ProtocolCells.cell(row, statusFamily, ProtocolCells.VIEW_STATUS);
    byte[] bytes = status == null ? NO_BYTES : status.getValueArray();
    int at = status == null ? 0 : status.getValueOffset() + RowStatus.LENGTH;
    int end = status == null ? 0 : status.getValueOffset() + status.getValueLength();
    formatOf(bytes, at, end).read(row, bytes, at, end, values);
    return values;
  }

  /**
   * The main row key of the entity view row {@code row} stands for, or null when it stands for
   * none, an orphan: a row of a unique view without owner cell (no write of this version leaves
   * one), or a row whose key is not a key of this view (it cannot be decoded; no write leaves one
   * either). The one home of what makes a view row an orphan.
   */
  public byte @Nullable [] owner(Result row) {
    if (isUnique()) {
      return ProtocolCells.owner(row, statusFamily);
    }
    @Nullable Object[] values = new Object[entity.properties().size()];
    byte[] rowKey = row.getRow();
    try {
      key.decode(rowKey, 0, rowKey.length, values);
      return entity.rowKey().encode(values);
    } catch (RuntimeException undecodable) {
      return null;
    }
  }

  @Override
  public String toString() {
    return tableName
        + " "
        + key
        + (isUnique() ? " unique" : "")
        + (isFullCopy() ? "" : " carrying " + carried.stream().map(PropertyModel::name).toList());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ViewModel view
        && view.entity == entity
        && view.definition.equals(definition);
  }

  @Override
  public int hashCode() {
    return entity.hashCode() * 31 + definition.hashCode();
  }

  static boolean sameKey(byte[] a, byte[] b) {
    return Arrays.equals(a, b);
  }
}
