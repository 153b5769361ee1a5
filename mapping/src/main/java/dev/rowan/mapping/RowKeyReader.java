package dev.rowan.mapping;

import dev.rowan.mapping.PropertyModel.Role;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.spi.BucketFunction;
import java.lang.reflect.Field;
import java.math.BigDecimal;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Reads the key of an entity from its properties: the order of its {@code @RowKey} (and
 * {@code @ColumnKey}) parts, its {@code @Salt} and its {@code @HashPrefix}, and lays out its row
 * key, reporting every problem to the model reader that asks.
 *
 * <p>Thread-safety: not thread-safe; one per model being read.
 */
final class RowKeyReader {

  private final String entity;
  private final List<Field> fields;
  private final List<PropertyModel> properties;
  private final Consumer<String> problems;

  /**
   * A reader of the key of {@code entity}, whose mapped {@code fields} have the {@code properties}
   * of the same index.
   */
  RowKeyReader(
      String entity,
      List<Field> fields,
      List<PropertyModel> properties,
      Consumer<String> problems) {
    this.entity = entity;
    this.fields = fields;
    this.properties = properties;
    this.problems = problems;
  }

  /** The parts of the key of {@code role} in their order; two parts may not share one. */
  List<PropertyModel> parts(Role role) {
    List<PropertyModel> parts =
        properties.stream()
            .filter(p -> p.role() == role)
            .sorted(Comparator.comparingInt(PropertyModel::keyOrder))
            .toList();
    for (int i = 1; i < parts.size(); i++) {
      if (parts.get(i).keyOrder() == parts.get(i - 1).keyOrder()) {
        problem(
            parts.get(i - 1).qualifiedName()
                + " and "
                + parts.get(i).qualifiedName()
                + " share key order "
                + parts.get(i).keyOrder());
      }
    }
    return parts;
  }

  /** The salt {@code salt} describes, or null when there is none or after a problem. */
  @Nullable SaltModel salt(Salt salt, List<PropertyModel> rowKeyParts) {
    if (salt.buckets() == 0) {
      return null;
    }
    if (salt.buckets() < 1 || salt.buckets() > SaltModel.MAX_BUCKETS) {
      problem(
          entity
              + " has @Salt(buckets = "
              + salt.buckets()
              + "); buckets run from 1 to "
              + SaltModel.MAX_BUCKETS);
    }
    if (salt.regionsPerBucket() < 1 || salt.regionsPerBucket() > 256) {
      problem(
          entity
              + " has @Salt(regionsPerBucket = "
              + salt.regionsPerBucket()
              + "); it runs from 1 to 256");
    }
    Set<String> keyNames = new HashSet<>();
    rowKeyParts.forEach(p -> keyNames.add(p.name()));
    for (String name : salt.on()) {
      if (!keyNames.contains(name)) {
        problem(entity + " salts on '" + name + "', which is not a @RowKey field");
      }
    }
    BucketFunction function = BucketFunctionReader.read(entity, salt, problems);
    return function == null
        ? null
        : new SaltModel(salt.buckets(), List.of(salt.on()), salt.regionsPerBucket(), function);
  }

  /**
   * Whether equal key values always have the same text, which {@code @HashPrefix} hashes: not for
   * byte arrays (identity), {@code BigDecimal} (scale) and floating point (zeros, NaNs).
   */
  private static boolean hasCanonicalText(Class<?> type) {
    return !type.isArray()
        && type != BigDecimal.class
        && type != float.class
        && type != Float.class
        && type != double.class
        && type != Double.class;
  }

  /** The position among the row key parts of the {@code @HashPrefix} part, or -1. */
  int hashPrefixPart(List<PropertyModel> parts) {
    int found = -1;
    for (int i = 0; i < fields.size(); i++) {
      HashPrefix hash = fields.get(i).getAnnotation(HashPrefix.class);
      PropertyModel property = properties.get(i);
      if (hash == null || property.role() != Role.ROW_KEY) {
        continue;
      }
      if (hash.length() < 1 || hash.length() > 32) {
        problem(
            property.qualifiedName()
                + " has @HashPrefix(length = "
                + hash.length()
                + "); it runs from 1 to 32");
      } else if (!hasCanonicalText(property.type())) {
        problem(
            property.qualifiedName()
                + " has @HashPrefix but is a "
                + property.type().getSimpleName()
                + ", whose text is not one per key value; hash a String, number, UUID, enum or date part");
      } else if (found >= 0) {
        problem(entity + " has more than one @HashPrefix field");
      } else {
        found = parts.indexOf(property);
      }
    }
    return found;
  }

  /** The row key of {@code parts}, salted and hash-prefixed, once every part has been checked. */
  KeyLayout layout(List<PropertyModel> parts, @Nullable SaltModel salt, int hashPart) {
    KeyLayout layout = KeyLayout.of(entity + " row key", parts, salt, KeyLayout.MAX_ROW_KEY_LENGTH);
    if (hashPart < 0) {
      return layout;
    }
    PropertyModel part = parts.get(hashPart);
    return layout.withHashPrefix(
        hashPart, fields.get(part.index()).getAnnotation(HashPrefix.class).length());
  }

  private void problem(String problem) {
    problems.accept(problem);
  }
}
