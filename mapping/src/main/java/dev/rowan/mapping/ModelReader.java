package dev.rowan.mapping;

import dev.rowan.mapping.PropertyModel.Role;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Transient;
import dev.rowan.mapping.annotation.Version;
import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.KeyCodecs;
import dev.rowan.mapping.codec.ValueCodecs;
import dev.rowan.mapping.internal.AccessorFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Reads the annotations of an entity class once and builds its {@link EntityModel}, collecting
 * every problem before failing, so that one {@link MappingException} lists them all.
 */
final class ModelReader<T> {

  private final Class<T> type;
  private final String entity;
  private final List<String> problems = new ArrayList<>();
  private final List<Field> fields = new ArrayList<>();
  private final List<PropertyModel> properties = new ArrayList<>();
  private final Map<String, FamilyModel> families = new LinkedHashMap<>();
  private final KeyCodecReader keyCodecs;

  private ModelReader(Class<T> type) {
    this.type = type;
    this.entity = type.getSimpleName();
    this.keyCodecs = new KeyCodecReader(entity, problems::add);
  }

  static <T> EntityModel<T> read(Class<T> type) {
    return new ModelReader<>(type).build();
  }

  private EntityModel<T> build() {
    Table table = type.getAnnotation(Table.class);
    if (table == null) {
      problem(type.getName() + " has no @Table annotation");
    }
    checkShape();
    readFamilies();
    for (Field field : mappedFields()) {
      PropertyModel property = readProperty(field, properties.size());
      if (property != null) {
        fields.add(field);
        properties.add(property);
      }
    }
    checkDuplicateColumns();
    RowKeyReader keys = new RowKeyReader(entity, fields, properties, problems::add);
    List<PropertyModel> rowKeyParts = keys.parts(Role.ROW_KEY);
    List<PropertyModel> columnKeyParts = keys.parts(Role.COLUMN_KEY);
    if (rowKeyParts.isEmpty()) {
      problem(entity + " has no @RowKey field");
    }
    PropertyModel version = single(p -> p.isVersion(), "@Version");
    PropertyModel timestamp = single(p -> p.role() == Role.CELL_TIMESTAMP, "@CellTimestamp");
    SaltModel salt = table == null ? null : keys.salt(table.salt(), rowKeyParts);
    IndexReader indexes = new IndexReader(entity, properties, problems::add);
    List<ViewDefinition> views = indexes.read(type);
    indexes.checkCellTimestamp(timestamp, views);
    indexes.checkTimeToLive(views, families);
    PeriodModel periods = PeriodReader.read(type, properties, views, problems::add);
    int hashPart = keys.hashPrefixPart(rowKeyParts);
    KeyLayout rowKey = problems.isEmpty() ? keys.layout(rowKeyParts, salt, hashPart) : null;
    if (rowKey == null
        || !problems.isEmpty()) { // the row key is laid out whenever there is no problem
      throw MappingException.of(type, problems);
    }
    KeyLayout columnKey =
        columnKeyParts.isEmpty()
            ? null
            : KeyLayout.of(entity + " column key", columnKeyParts, null, Integer.MAX_VALUE);
    String tableName = table.name().isEmpty() ? entity.toLowerCase(Locale.ROOT) : table.name();
    return new EntityModel<>(
        type,
        tableName,
        List.copyOf(families.values()),
        salt,
        rowKey,
        columnKey,
        properties,
        version,
        timestamp,
        views,
        periods,
        AccessorFactory.create(type, fields));
  }

  private void checkShape() {
    if (type.isInterface()
        || Modifier.isAbstract(type.getModifiers())
        || type.isEnum()
        || type.isArray()) {
      problem(type.getName() + " is not a concrete class or record");
    } else if (!type.isRecord()
        && Arrays.stream(type.getDeclaredConstructors())
            .noneMatch(constructor -> constructor.getParameterCount() == 0)) {
      problem(entity + " has no constructor without parameters (or make it a record)");
    }
    if (type.isMemberClass() && !Modifier.isStatic(type.getModifiers())) {
      problem(entity + " is an inner class; make it static");
    }
  }

  private void readFamilies() {
    for (Family family : type.getAnnotationsByType(Family.class)) {
      if (family.name().isEmpty()) {
        problem(entity + " declares a @Family without a name");
      } else if (families.putIfAbsent(family.name(), FamilyModel.of(family)) != null) {
        problem(entity + " declares family '" + family.name() + "' twice");
      }
      FamilyChecks.problems(entity, family).forEach(this::problem);
    }
    if (families.isEmpty()) {
      families.put("d", FamilyModel.defaults());
    }
  }

  private List<Field> mappedFields() {
    Deque<Class<?>> hierarchy = new ArrayDeque<>();
    for (Class<?> c = type;
        c != null && c != Object.class && c != Record.class;
        c = c.getSuperclass()) {
      hierarchy.push(c);
    }
    List<Field> mapped = new ArrayList<>();
    for (Class<?> c : hierarchy) {
      for (Field field : c.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        if (Modifier.isStatic(modifiers) || field.isSynthetic()) {
          continue;
        }
        boolean excluded =
            Modifier.isTransient(modifiers) || field.isAnnotationPresent(Transient.class);
        if (excluded && type.isRecord()) {
          problem(name(field) + " is a record component and cannot be @Transient");
        } else if (!excluded) {
          if (Modifier.isFinal(modifiers) && !type.isRecord()) {
            problem(
                name(field)
                    + " is final; Rowan sets fields after construction (make it a record to keep it final)");
          }
          mapped.add(field);
        }
      }
    }
    return mapped;
  }

  private @Nullable PropertyModel readProperty(Field field, int index) {
    RowKey rowKey = field.getAnnotation(RowKey.class);
    ColumnKey columnKey = field.getAnnotation(ColumnKey.class);
    Column column = field.getAnnotation(Column.class);
    boolean version = field.isAnnotationPresent(Version.class);
    boolean timestamp = field.isAnnotationPresent(CellTimestamp.class);
    int roles =
        (rowKey != null ? 1 : 0)
            + (columnKey != null ? 1 : 0)
            + (column != null || version ? 1 : 0)
            + (timestamp ? 1 : 0);
    if (roles > 1) {
      problem(
          name(field)
              + " has more than one of @RowKey, @ColumnKey, @Column/@Version and @CellTimestamp");
      return null;
    }
    Class<?> fieldType = field.getType();
    KeyCodec<?> keyCodec = keyCodecs.of(field);
    if (rowKey != null || columnKey != null) {
      if (keyCodec == null && KeyCodecs.natural(fieldType) == null) {
        problem(name(field) + " has type " + fieldType.getName() + ", which cannot be a key part");
      }
      if (columnKey != null && field.isAnnotationPresent(Cyclic.class)) {
        problem(
            name(field)
                + " is @Cyclic but is a @ColumnKey part; only a row key part can be cyclic");
      }
      Role role = rowKey != null ? Role.ROW_KEY : Role.COLUMN_KEY;
      int order = rowKey != null ? rowKey.order() : columnKey.order();
      return new PropertyModel(
          entity,
          field.getName(),
          fieldType,
          index,
          role,
          order,
          null,
          null,
          keyCodec,
          null,
          false,
          KeyCodecReader.form(field));
    }
    if (field.isAnnotationPresent(HashPrefix.class)) {
      problem(name(field) + " carries @HashPrefix but is not a @RowKey part");
    }
    if (field.isAnnotationPresent(Cyclic.class)) {
      problem(
          name(field) + " is @Cyclic but is not a @RowKey part; only a row key part can be cyclic");
    }
    if (timestamp) {
      if (fieldType != long.class && fieldType != Long.class && fieldType != Instant.class) {
        problem(
            name(field)
                + " is a @CellTimestamp of type "
                + fieldType.getName()
                + "; use long, Long or Instant");
      }
      return new PropertyModel(
          entity,
          field.getName(),
          fieldType,
          index,
          Role.CELL_TIMESTAMP,
          -1,
          null,
          null,
          keyCodec,
          null,
          false,
          KeyCodecReader.form(field));
    }
    if (version && fieldType != long.class && fieldType != Long.class) {
      problem(name(field) + " is a @Version of type " + fieldType.getName() + "; use long or Long");
    }
    if (!ValueCodecs.supports(fieldType)) {
      problem(
          name(field)
              + " has type "
              + fieldType.getName()
              + ", which Rowan cannot store"
              + " (supported: String, byte[], boolean, numbers, BigDecimal, Instant, LocalDate, LocalDateTime, UUID, enums)");
      return null;
    }
    String familyName = column == null ? "" : column.family();
    String qualifier = column == null || column.name().isEmpty() ? field.getName() : column.name();
    if (qualifier.startsWith("\0")) {
      problem(
          name(field)
              + " has a qualifier starting with a zero byte, which Rowan reserves for its own cells");
    }
    FamilyModel family = family(field, familyName);
    if (family == null) {
      return null;
    }
    return new PropertyModel(
        entity,
        field.getName(),
        fieldType,
        index,
        Role.COLUMN,
        -1,
        family.nameBytes(),
        Bytes.toBytes(qualifier),
        keyCodec,
        ValueCodecs.standard(fieldType),
        version,
        KeyCodecReader.form(field));
  }

  private @Nullable FamilyModel family(Field field, String name) {
    if (name.isEmpty()) {
      if (families.size() > 1) {
        problem(
            name(field)
                + " names no family, and "
                + entity
                + " declares several: "
                + families.keySet());
        return null;
      }
      return families.values().iterator().next();
    }
    FamilyModel family = families.get(name);
    if (family == null) {
      problem(
          name(field)
              + " is in family '"
              + name
              + "', which "
              + entity
              + " does not declare with @Family");
    }
    return family;
  }

  private void checkDuplicateColumns() {
    Map<String, PropertyModel> byColumn = new HashMap<>();
    for (PropertyModel property : properties) {
      if (property.role() != Role.COLUMN) {
        continue;
      }
      String column =
          Bytes.toString(property.familyBytes()) + ":" + Bytes.toString(property.qualifierBytes());
      PropertyModel earlier = byColumn.putIfAbsent(column, property);
      if (earlier != null) {
        problem(
            earlier.qualifiedName()
                + " and "
                + property.qualifiedName()
                + " both map to column "
                + column);
      }
    }
  }

  private @Nullable PropertyModel single(Predicate<PropertyModel> which, String annotation) {
    List<PropertyModel> found = properties.stream().filter(which).toList();
    if (found.size() > 1) {
      problem(
          entity
              + " has more than one "
              + annotation
              + " field: "
              + found.stream().map(PropertyModel::name).toList());
    }
    return found.isEmpty() ? null : found.get(0);
  }

  private String name(Field field) {
    return entity + "." + field.getName();
  }

  private void problem(String problem) {
    problems.add(problem);
  }
}
