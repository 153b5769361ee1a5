package dev.rowan.mapping;

import dev.rowan.mapping.PropertyModel.Role;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.internal.AccessorFactory;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import org.jspecify.annotations.Nullable;

/**
 * Reads the annotations of an entity class once and builds its {@link EntityModel}, collecting
 * every problem before failing, so that one {@link MappingException} lists them all. It checks the
 * class and its families itself and hands the rest on: its fields to {@link PropertyReader}, its
 * key to {@link RowKeyReader}, its views to {@link IndexReader} and its periods to {@link
 * PeriodReader}.
 *
 * <p>Thread-safety: not thread-safe; one per class being read.
 */
final class ModelReader<T> {

  private final Class<T> type;
  private final String entity;
  private final List<String> problems = new ArrayList<>();
  private final List<Field> fields = new ArrayList<>();
  private final List<PropertyModel> properties = new ArrayList<>();
  private final Map<String, FamilyModel> families = new LinkedHashMap<>();

  private ModelReader(Class<T> type) {
    this.type = type;
    this.entity = type.getSimpleName();
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
    PropertyReader reader = new PropertyReader(type, families, problems::add);
    for (Field field : reader.mappedFields()) {
      PropertyModel property = reader.read(field, properties.size());
      if (property != null) {
        fields.add(field);
        properties.add(property);
      }
    }
    reader.checkDuplicateColumns(properties);
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

  private void problem(String problem) {
    problems.add(problem);
  }
}
