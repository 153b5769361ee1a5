package dev.rowan.mapping;

import dev.rowan.mapping.PropertyModel.Role;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Transient;
import dev.rowan.mapping.annotation.Version;
import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.KeyCodecs;
import dev.rowan.mapping.codec.ValueCodecs;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * Reads the fields of an entity class into its properties: which fields are mapped (not static,
 * synthetic or transient), the role of each ({@code @RowKey}, {@code @ColumnKey},
 * {@code @Column}/{@code @Version} or {@code @CellTimestamp}), its codecs, and the family and
 * qualifier of each column, reporting every problem to the model reader that asks.
 *
 * <p>Thread-safety: not thread-safe; one per model being read.
 */
final class PropertyReader {

  private final Class<?> type;
  private final String entity;
  private final Map<String, FamilyModel> families;
  private final Consumer<String> problems;
  private final KeyCodecReader keyCodecs;

  /** A reader of the fields of {@code type}, whose families {@code families} holds. */
  PropertyReader(Class<?> type, Map<String, FamilyModel> families, Consumer<String> problems) {
    this.type = type;
    this.entity = type.getSimpleName();
    this.families = families;
    this.problems = problems;
    this.keyCodecs = new KeyCodecReader(entity, problems);
  }

  /** The fields to map, superclass fields first. */
  List<Field> mappedFields() {
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

  /** The property of {@code field}, the {@code index}th of the entity, or null when it has none. */
  @Nullable PropertyModel read(Field field, int index) {
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
      return withoutCell(field, index, role, order, keyCodec);
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
      return withoutCell(field, index, Role.CELL_TIMESTAMP, -1, keyCodec);
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

  /** A property that is no cell of its own: a key part, or the cell timestamp. */
  private PropertyModel withoutCell(
      Field field, int index, Role role, int order, @Nullable KeyCodec<?> keyCodec) {
    return new PropertyModel(
        entity,
        field.getName(),
        field.getType(),
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

  /** Reports the columns that more than one of {@code properties} map to. */
  void checkDuplicateColumns(List<PropertyModel> properties) {
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

  private String name(Field field) {
    return entity + "." + field.getName();
  }

  private void problem(String problem) {
    problems.accept(problem);
  }
}
