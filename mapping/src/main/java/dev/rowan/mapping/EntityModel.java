package dev.rowan.mapping;

import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.LoadingCache;
import dev.rowan.mapping.PropertyModel.Role;
import dev.rowan.mapping.internal.EntityAccessor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.jspecify.annotations.Nullable;

/**
 * The mapping of one entity class to HBase rows: its table, families, row key, columns and views,
 * and the conversions between entities and rows. Built once per class from its annotations and
 * cached; obtain it with {@link #of(Class)}.
 *
 * <p>Thread-safety: immutable and thread-safe.
 *
 * @param <T> the entity type
 * @since 0.1
 */
public final class EntityModel<T> {

  private static final LoadingCache<Class<?>, EntityModel<?>> MODELS =
      Caffeine.newBuilder().weakKeys().build(ModelReader::read);

  private final Class<T> type;
  private final String tableName;
  private final List<FamilyModel> families;
  private final @Nullable SaltModel salt;
  private final KeyLayout rowKey;
  private final @Nullable KeyLayout columnKey;

  /** The properties that name one entity: row key parts, then column key parts. */
  private final List<PropertyModel> keyParts;

  private final List<PropertyModel> properties;
  private final List<PropertyModel> columns;
  private final Map<String, PropertyModel> byName;
  private final @Nullable PropertyModel version;
  private final @Nullable PropertyModel cellTimestamp;
  private final List<ViewDefinition> views;
  private final EntityAccessor accessor;
  private final RowEncoder<T> encoder;
  private final RowDecoder<T> decoder;
  private final TableLayout layout;
  private final boolean keepsHistory;
  private final @Nullable PeriodModel periods;

  EntityModel(
      Class<T> type,
      String tableName,
      List<FamilyModel> families,
      @Nullable SaltModel salt,
      KeyLayout rowKey,
      @Nullable KeyLayout columnKey,
      List<PropertyModel> properties,
      @Nullable PropertyModel version,
      @Nullable PropertyModel cellTimestamp,
      List<ViewDefinition> views,
      @Nullable PeriodModel periods,
      EntityAccessor accessor) {
    this.type = type;
    this.tableName = tableName;
    this.families = List.copyOf(families);
    this.salt = salt;
    this.rowKey = rowKey;
    this.columnKey = columnKey;
    this.keyParts = keyParts(rowKey, columnKey);
    this.properties = List.copyOf(properties);
    this.columns = properties.stream().filter(p -> p.role() == Role.COLUMN).toList();
    this.byName =
        properties.stream()
            .collect(Collectors.toUnmodifiableMap(PropertyModel::name, Function.identity()));
    this.version = version;
    this.cellTimestamp = cellTimestamp;
    this.views = List.copyOf(views);
    this.accessor = accessor;
    this.periods = periods;
    this.keepsHistory = historyRefusal() == null;
    this.encoder = new RowEncoder<>(this);
    this.decoder = new RowDecoder<>(this);
    this.layout =
        tableLayout(
            "row key "
                + rowKey.layout()
                + (columnKey == null ? "" : "; column key " + columnKey.layout()));
  }

  /**
   * The layout of a table of this entity whose keys are laid out as {@code keys} says (the main
   * table's, or a view's): those keys, and, for an entity kept in one table per period, the key
   * part that picks the table and the length of a period, which every table of the entity records.
   */
  public TableLayout tableLayout(String keys) {
    return TableLayout.of(periods == null ? keys : keys + "; " + periods.layout());
  }

  /**
   * The model of {@code type}, read from its annotations on first use and cached.
   *
   * @throws MappingException listing every problem when the class cannot be mapped
   */
  @SuppressWarnings("unchecked")
  public static <T> EntityModel<T> of(Class<T> type) {
    Objects.requireNonNull(type, "type");
    return (EntityModel<T>) MODELS.get(type);
  }

  /** The entity class. */
  public Class<T> type() {
    return type;
  }

  /** The simple name of the entity class, as messages name it. */
  public String entityName() {
    return type.getSimpleName();
  }

  /**
   * The name of the table of view {@code view} of main table {@code mainTable}, both without
   * namespace: {@code <main table>.<view>}, in the main table's namespace (a period's main table
   * {@code events_2026_11} has view tables {@code events_2026_11.seller}). The one home of how view
   * tables are named.
   */
  public static String viewTableName(String mainTable, String view) {
    return mainTable + "." + view;
  }

  /**
   * The view whose table {@code table} is named as, a view table of main table {@code mainTable}
   * (both without namespace), or null when it is not named as one.
   */
  public static @Nullable String viewOfTable(String mainTable, String table) {
    String prefix = viewTableName(mainTable, "");
    return table.length() > prefix.length() && table.startsWith(prefix)
        ? table.substring(prefix.length())
        : null;
  }

  /** The table name, without namespace. */
  public String tableName() {
    return tableName;
  }

  /**
   * How the entity is spread over one table per period ({@code @TablePerPeriod}), or {@code null}
   * when it is stored in one table: then {@link #tableName()} is the prefix of every period's
   * tables.
   */
  public @Nullable PeriodModel periods() {
    return periods;
  }

  /**
   * {@link #periods()} for code outside the storage seam that takes one path for an entity kept in
   * one table per period and another for an entity kept in one table: present for the first.
   */
  public Optional<PeriodModel> tablePerPeriod() {
    return Optional.ofNullable(periods);
  }

  /** The column families, the first holding the row marker cell. */
  public List<FamilyModel> families() {
    return families;
  }

  /** The salt, or {@code null} when the table is not salted. */
  public @Nullable SaltModel salt() {
    return salt;
  }

  /** The row key layout. */
  public KeyLayout rowKey() {
    return rowKey;
  }

  /** The column key layout of a wide entity, or {@code null} for a tall one. */
  public @Nullable KeyLayout columnKey() {
    return columnKey;
  }

  /** Whether many entities share a row, told apart by their column key. */
  public boolean isWide() {
    return columnKey != null;
  }

  /**
   * The layout of the main table's keys: the row key (salt, hash prefix, parts and their
   * transforms) and, for a wide entity, the column key that leads every qualifier. Columns are not
   * part of it: they may be added and removed freely.
   */
  public TableLayout layout() {
    return layout;
  }

  /** Every mapped property, in the order of the value arrays. */
  public List<PropertyModel> properties() {
    return properties;
  }

  /** The properties stored in cells of their own. */
  public List<PropertyModel> columns() {
    return columns;
  }

  /**
   * The property called {@code name}.
   *
   * @throws IllegalArgumentException naming the entity when there is none
   */
  public PropertyModel property(String name) {
    PropertyModel property = byName.get(name);
    if (property == null) {
      throw new IllegalArgumentException(
          entityName()
              + " has no property '"
              + name
              + "'; it has "
              + properties.stream().map(PropertyModel::name).toList());
    }
    return property;
  }

  /** Whether the entity has a property called {@code name}. */
  public boolean hasProperty(String name) {
    return byName.containsKey(name);
  }

  /** The {@code @Version} property, or {@code null}. */
  public @Nullable PropertyModel version() {
    return version;
  }

  /** The {@code @CellTimestamp} property, or {@code null}. */
  public @Nullable PropertyModel cellTimestamp() {
    return cellTimestamp;
  }

  /**
   * Whether every write of the entity stays readable as a version: a tall entity, without a
   * {@code @CellTimestamp}, whose every family keeps the same number of versions, above 1, for the
   * same time ({@link #historyRefusal}). Such an entity is written by the consistency protocol even
   * without views, so that each write has its own timestamp and status cell, and its writes delete
   * no cell: a column a write leaves null has no cell at that write's timestamp, and a delete is a
   * status (docs/queries.md, "Versions").
   */
  public boolean keepsHistory() {
    return keepsHistory;
  }

  /**
   * Whether the entity's cells expire: a family of its table has a time to live
   * ({@code @Family(ttlSeconds > 0)}). HBase expires each cell its TTL after the cell's timestamp,
   * so such an entity lives whole only if each of its writes puts again, at that write's timestamp,
   * every cell that must live: the main row's every non-null column and protocol cell, and the row
   * of its new state in every view, also a row the write does not change (docs/row-keys.md, "Time
   * to live"). Writers ask this, and nothing else, to decide it.
   */
  public boolean expires() {
    return families.stream().anyMatch(family -> family.ttlSeconds() > 0);
  }

  /**
   * Why the versions of this entity cannot be read, naming the entity and what to change, or null
   * when they can ({@link #keepsHistory}).
   */
  public @Nullable String historyRefusal() {
    if (isWide()) {
      return entityName()
          + " is wide: versions are read of tall entities only (one entity per row)";
    }
    if (cellTimestamp != null) {
      return entityName()
          + " maps its cells' timestamp (@CellTimestamp "
          + cellTimestamp.name()
          + "): a version is a write of Rowan's, named by its own timestamp";
    }
    FamilyModel first = families.get(0);
    for (FamilyModel family : families) {
      if (family.maxVersions() < 2) {
        return entityName()
            + "'s family "
            + family.name()
            + " keeps 1 version: to read versions, give every family"
            + " of "
            + tableName
            + " @Family(maxVersions = n) with n > 1, the most versions read";
      }
      if (family.maxVersions() != first.maxVersions()
          || family.ttlSeconds() != first.ttlSeconds()
          || family.minVersions() != first.minVersions()) {
        return entityName()
            + "'s families "
            + first.name()
            + " and "
            + family.name()
            + " keep cells differently"
            + " (maxVersions "
            + first.maxVersions()
            + " and "
            + family.maxVersions()
            + ", ttlSeconds "
            + first.ttlSeconds()
            + " and "
            + family.ttlSeconds()
            + ", minVersions "
            + first.minVersions()
            + " and "
            + family.minVersions()
            + "): to read versions, give every family of "
            + tableName
            + " the same, so that a version's cells are kept and expire together";
      }
    }
    return null;
  }

  /** The views declared with {@code @Index}. */
  public List<ViewDefinition> views() {
    return views;
  }

  /** The mapped field values of {@code entity}, boxed, indexed by {@link PropertyModel#index()}. */
  public @Nullable Object[] values(T entity) {
    Objects.requireNonNull(entity, () -> "a " + entityName() + " to read");
    @Nullable Object[] values = new Object[properties.size()];
    accessor.read(entity, values);
    return values;
  }

  /** Creates an entity from values indexed by {@link PropertyModel#index()}. */
  public T instantiate(@Nullable Object[] values) {
    for (PropertyModel property : properties) {
      if (values[property.index()] == null && property.defaultValue() != null) {
        values[property.index()] = property.defaultValue();
      }
    }
    return type.cast(accessor.create(values));
  }

  /**
   * The row key of {@code entity}.
   *
   * @throws InvalidValueException when a key part is null or cannot be encoded
   */
  public byte[] rowKey(T entity) {
    return rowKey.encode(values(entity));
  }

  /**
   * The row key made of {@code keyParts}, given in {@code @RowKey} order.
   *
   * @throws IllegalArgumentException when the number or types of the parts do not match
   */
  public byte[] rowKeyOf(@Nullable Object... keyParts) {
    List<PropertyModel> parts = rowKey.parts();
    if (keyParts == null || keyParts.length != parts.size()) {
      throw new IllegalArgumentException(
          entityName()
              + " has "
              + parts.size()
              + " row key parts "
              + parts.stream().map(PropertyModel::name).toList()
              + ", not "
              + (keyParts == null ? 0 : keyParts.length));
    }
    return rowKey.encode(keyValues(parts, keyParts));
  }

  /**
   * The properties that name one entity, in the order its key parts are given: its row key parts in
   * {@code @RowKey} order, then, for a wide entity, its column key parts in {@code @ColumnKey}
   * order.
   */
  public List<PropertyModel> keyParts() {
    return keyParts;
  }

  private static List<PropertyModel> keyParts(KeyLayout rowKey, @Nullable KeyLayout columnKey) {
    if (columnKey == null) {
      return rowKey.parts();
    }
    List<PropertyModel> parts = new ArrayList<>(rowKey.parts());
    parts.addAll(columnKey.parts());
    return List.copyOf(parts);
  }

  /**
   * The values of the key of one entity: {@code keyParts} are its row key parts in {@code @RowKey}
   * order, then, for a wide entity, its column key parts in {@code @ColumnKey} order. Every other
   * value is null.
   *
   * @throws IllegalArgumentException naming the entity and its key parts when the number or types
   *     of the parts do not match; for a wide entity given only its row key parts, saying that they
   *     name a row of many entities
   */
  public @Nullable Object[] keyValuesOf(@Nullable Object... keyParts) {
    KeyLayout columnKey = this.columnKey;
    if (columnKey == null) {
      rowKeyOf(keyParts); // checks the number, types and values of the parts
      return keyValues(rowKey.parts(), keyParts);
    }
    List<PropertyModel> parts = keyParts();
    int given = keyParts == null ? 0 : keyParts.length;
    if (given != parts.size()) {
      String names =
          "row key parts "
              + rowKey.parts().stream().map(PropertyModel::name).toList()
              + " and column key parts "
              + columnKey.parts().stream().map(PropertyModel::name).toList();
      throw new IllegalArgumentException(
          entityName()
              + " is stored wide: one entity's key is its "
              + names
              + ", in that order, not "
              + given
              + " parts"
              + (given == rowKey.parts().size()
                  ? "; the row key parts alone name a row of many "
                      + entityName()
                      + " entities, which a query method such as findBy"
                      + capitalised(rowKey.parts())
                      + " reads"
                  : ""));
    }
    return keyValues(parts, keyParts);
  }

  private @Nullable Object[] keyValues(List<PropertyModel> parts, @Nullable Object[] keyParts) {
    @Nullable Object[] values = new Object[properties.size()];
    for (int i = 0; i < keyParts.length; i++) {
      PropertyModel part = parts.get(i);
      if (keyParts[i] != null && !Types.box(part.type()).isInstance(keyParts[i])) {
        throw new IllegalArgumentException(
            part.qualifiedName()
                + " is a "
                + part.type().getSimpleName()
                + ", not a "
                + keyParts[i].getClass().getSimpleName());
      }
      values[part.index()] = keyParts[i];
    }
    return values;
  }

  private static String capitalised(List<PropertyModel> parts) {
    StringBuilder name = new StringBuilder();
    for (PropertyModel part : parts) {
      name.append(name.length() == 0 ? "" : "And")
          .append(Character.toUpperCase(part.name().charAt(0)))
          .append(part.name().substring(1));
    }
    return name.toString();
  }

  /**
   * What saving {@code entity} writes to its row.
   *
   * @throws InvalidValueException when a key part is null or a value cannot be encoded
   */
  public RowWrite write(T entity) {
    return encoder.write(values(entity));
  }

  /** What saving the entity whose values are {@code values} writes to its row. */
  public RowWrite write(@Nullable Object[] values) {
    return encoder.write(values);
  }

  /**
   * What saving the entity whose values are {@code values} writes to its row, with every cell at
   * {@code timestamp} (unless the entity maps its own cell timestamp) and null columns deleted up
   * to just before it.
   */
  public RowWrite write(@Nullable Object[] values, long timestamp) {
    return encoder.write(values, timestamp);
  }

  /**
   * The delete of every cell of the entity whose key parts are in {@code values}, whatever their
   * timestamps: its columns and its row marker, column by column.
   *
   * @throws InvalidValueException when a key part is null or cannot be encoded
   */
  public Delete deletion(@Nullable Object[] values) {
    return encoder.deletion(values);
  }

  /**
   * The family of the row marker, the cell an entity without non-null columns still has: the first
   * family.
   */
  public byte[] markerFamily() {
    return encoder.markerFamily();
  }

  /**
   * The qualifier of the row marker of the entity whose key parts are in {@code values}: a tall
   * entity's {@code \x00m}, a wide entity's bare column key.
   */
  public byte[] markerQualifier(@Nullable Object[] values) {
    return encoder.markerQualifier(values);
  }

  /**
   * The qualifier under which {@code column} of the entity whose values are {@code values} is
   * stored: the column's own, behind the encoded column key for a wide entity.
   */
  public byte[] qualifier(@Nullable Object[] values, PropertyModel column) {
    return encoder.qualifier(values, column);
  }

  /**
   * The entity stored in {@code result}, or {@code null} when the result is empty. For a wide
   * entity, the first of the row.
   */
  public @Nullable T read(Result result) {
    if (isWide()) {
      List<T> all = decoder.readWide(result);
      return all.isEmpty() ? null : all.get(0);
    }
    return decoder.readTall(result);
  }

  /** Every entity stored in {@code result}, in column key order for a wide entity. */
  public List<T> readAll(Result result) {
    if (isWide()) {
      return decoder.readWide(result);
    }
    T entity = decoder.readTall(result);
    return entity == null ? List.of() : List.of(entity);
  }

  /**
   * Decodes the cells of {@code result} that belong to mapped columns into {@code values}, whatever
   * the row key: the way views, which carry the entity's columns under another key, are read.
   * Unknown cells are skipped.
   */
  public void readColumns(Result result, @Nullable Object[] values) {
    decoder.readColumns(result, values);
  }

  /** The values of the entity stored in a tall {@code result}, or {@code null} when it is empty. */
  public @Nullable Object @Nullable [] readValues(Result result) {
    return decoder.readTallValues(result);
  }

  @Override
  public String toString() {
    return entityName()
        + " -> "
        + tableName
        + " "
        + rowKey
        + (isWide() ? " wide by " + columnKey : "");
  }
}
