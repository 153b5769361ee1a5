package dev.rowan.index;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.FamilyModel;
import dev.rowan.mapping.IndexDefinition;
import dev.rowan.mapping.KeyLayout;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.SaltModel;
import dev.rowan.mapping.TableLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;

/**
 * One view of an entity: a table whose row key starts with the view's key properties, holding
 * one row per entity with a copy of the carried columns and a status cell.
 *
 * <p>The row key of a view is {@code [salt][key properties][remaining row key parts]}, so every
 * entity has its own row; a unique view's key is only {@code [salt][key properties]}, and the
 * row carries the owner's main row key in a cell instead. The view is salted like its entity,
 * with the same number of buckets, hashed on every part of the view key. An entity with a null
 * key property has no row in that view.
 *
 * <p>Thread-safety: immutable.
 */
public final class ViewModel {

  private final EntityModel<?> entity;
  private final IndexDefinition definition;
  private final String tableName;
  private final List<PropertyModel> keyProperties;
  private final KeyLayout key;
  private final List<PropertyModel> carried;
  private final PropertyModel[] carriedArray;
  private final byte[] statusFamily;
  private final List<FamilyModel> families;
  private final TableLayout layout;

  ViewModel(EntityModel<?> entity, IndexDefinition definition) {
    this.entity = entity;
    this.definition = definition;
    this.tableName = entity.tableName() + "." + definition.name();
    this.keyProperties = definition.key().stream().map(entity::property).toList();
    List<PropertyModel> parts = new ArrayList<>(keyProperties);
    if (!definition.unique()) {
      for (PropertyModel part : entity.rowKey().parts()) {
        if (!parts.contains(part)) {
          parts.add(part);
        }
      }
    }
    SaltModel entitySalt = entity.salt();
    SaltModel salt = entitySalt == null ? null
        : SaltModel.of(entitySalt.buckets(), List.of(), entitySalt.regionsPerBucket());
    this.key = KeyLayout.of(entity.entityName() + " view '" + definition.name() + "' key", parts, salt,
        KeyLayout.MAX_ROW_KEY_LENGTH);
    this.carried = definition.fullCopy() ? entity.columns()
        : definition.include().stream().map(entity::property).toList();
    this.carriedArray = carried.toArray(new PropertyModel[0]);
    this.statusFamily = entity.families().get(0).nameBytes();
    Set<String> used = new LinkedHashSet<>();
    used.add(entity.families().get(0).name());
    for (PropertyModel column : carried) {
      used.add(new String(column.family(), java.nio.charset.StandardCharsets.UTF_8));
    }
    this.families = entity.families().stream().filter(f -> used.contains(f.name())).toList();
    this.layout = TableLayout.of(layoutText());
  }

  /**
   * The layout of the view table: its key (salt, view key properties, then for a non-unique
   * view the remaining row key parts), whether it is unique (one row per key, the owner's main
   * row key in a cell), and the columns it carries, since the status cell of every row numbers
   * them; a full copy carries every column, whatever they are.
   */
  public TableLayout layout() {
    return layout;
  }

  private String layoutText() {
    StringBuilder text = new StringBuilder("view key ").append(key.layout());
    if (isUnique()) {
      text.append("; unique, owner row key in a cell");
    }
    text.append("; carries ");
    if (definition.fullCopy()) {
      text.append("every column");
    } else {
      for (int i = 0; i < carriedArray.length; i++) {
        text.append(i == 0 ? "" : ", ").append(carriedArray[i].name());
      }
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
  public EntityModel<?> entity() {
    return entity;
  }

  /** The declaration this view was built from. */
  public IndexDefinition definition() {
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
  public byte[] rowKey(Object[] values) {
    for (PropertyModel property : keyProperties) {
      if (values[property.index()] == null) {
        return null;
      }
    }
    return key.encode(values);
  }

  /** Whether the rows of two states of an entity would carry the same values. */
  public boolean sameContent(Object[] before, Object[] after) {
    for (PropertyModel column : carriedArray) {
      if (!Objects.deepEquals(before[column.index()], after[column.index()])) {
        return false;
      }
    }
    return true;
  }

  /** Whether some carried column of {@code values} is null. */
  public boolean hasNullCarried(Object[] values) {
    for (PropertyModel column : carriedArray) {
      if (values[column.index()] == null) {
        return true;
      }
    }
    return false;
  }

  /**
   * The value of the status cell of the view row of {@code values}: the status, then a bitmap
   * of the carried columns that are null. Readers ignore the cells of columns the bitmap calls
   * null, so that a stray cell left by a writer that lost a race at the same timestamp can
   * never show through.
   */
  public byte[] statusValue(RowStatus status, Object[] values) {
    byte[] head = status.encode();
    byte[] value = Arrays.copyOf(head, head.length + (carriedArray.length + 7) / 8);
    for (int i = 0; i < carriedArray.length; i++) {
      if (values[carriedArray[i].index()] == null) {
        value[head.length + i / 8] |= (byte) (1 << (i % 8));
      }
    }
    return value;
  }

  /**
   * The cells of the view row of {@code values}: every non-null carried column, the status
   * cell and, for a unique view, the owner's main row key; all at the write's timestamp.
   */
  public Put put(byte[] rowKey, Object[] values, RowStatus status, byte[] mainRowKey) {
    long timestamp = status.timestamp();
    Put put = new Put(rowKey, timestamp);
    for (PropertyModel column : carriedArray) {
      Object value = values[column.index()];
      if (value != null) {
        put.addColumn(column.family(), column.qualifier(), timestamp, column.valueCodec().encode(value));
      }
    }
    put.addColumn(statusFamily, ProtocolCells.VIEW_STATUS, timestamp, statusValue(status, values));
    if (isUnique()) {
      put.addColumn(statusFamily, ProtocolCells.OWNER, timestamp, mainRowKey);
    }
    return put;
  }

  /**
   * The entity values a view row holds: its key properties and main row key parts from the key
   * (or the owner cell), and the carried columns. Columns not carried stay null.
   */
  public Object[] decode(Result row) {
    Object[] values = new Object[entity.properties().size()];
    byte[] rowKey = row.getRow();
    key.decode(rowKey, 0, rowKey.length, values);
    if (isUnique()) {
      byte[] owner = ProtocolCells.owner(row, statusFamily);
      if (owner == null) {
        throw new IllegalArgumentException(tableName + ": a unique view row has no owner cell");
      }
      entity.rowKey().decode(owner, 0, owner.length, values);
    }
    entity.readColumns(row, values);
    org.apache.hadoop.hbase.Cell status = ProtocolCells.cell(row, statusFamily, ProtocolCells.VIEW_STATUS);
    if (status != null) {
      byte[] bytes = status.getValueArray();
      int bitmap = status.getValueOffset() + RowStatus.LENGTH;
      for (int i = 0; i < carriedArray.length; i++) {
        int at = bitmap + i / 8;
        if (at < status.getValueOffset() + status.getValueLength() && (bytes[at] & (1 << (i % 8))) != 0) {
          values[carriedArray[i].index()] = null;
        }
      }
    }
    return values;
  }

  /**
   * The main row key of the entity a view row stands for; for a unique view, its owner cell, or
   * null when the row has none (a row no write of this version leaves: readers and the verify
   * job treat it as an orphan).
   *
   * @throws IllegalArgumentException when the row key is not a key of this view
   */
  public byte[] mainRowKey(Result row) {
    if (isUnique()) {
      return ProtocolCells.owner(row, statusFamily);
    }
    Object[] values = new Object[entity.properties().size()];
    byte[] rowKey = row.getRow();
    key.decode(rowKey, 0, rowKey.length, values);
    return entity.rowKey().encode(values);
  }

  @Override
  public String toString() {
    return tableName + " " + key + (isUnique() ? " unique" : "") + (isFullCopy() ? "" : " carrying "
        + carried.stream().map(PropertyModel::name).toList());
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ViewModel view && view.entity == entity && view.definition.equals(definition);
  }

  @Override
  public int hashCode() {
    return entity.hashCode() * 31 + definition.hashCode();
  }

  static boolean sameKey(byte[] a, byte[] b) {
    return Arrays.equals(a, b);
  }
}
