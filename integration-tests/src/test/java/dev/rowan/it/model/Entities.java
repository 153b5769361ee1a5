package dev.rowan.it.model;

import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.Reversed;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Version;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.stream.Collectors;

/**
 * What the model knows about an entity record, read from its annotations independently of Rowan's
 * mapping: its key parts, the order of its keys and view keys as the documented encodings define
 * it (code point order for strings, unsigned bytes, {@code @Descending} reversed, the md5 prefix
 * first, a {@code @Cyclic} time by its position in the cycle, then its cycle), its version and
 * cell timestamp, its unique view keys, and a canonical text of an entity (arrays by content) to
 * compare entities by.
 */
final class Entities<E> {

  final Class<E> type;
  private final RecordComponent[] components;
  private final Constructor<E> constructor;
  private final List<Integer> rowKey = new ArrayList<>();
  private final List<Integer> columnKey = new ArrayList<>();
  final int version;
  final int cellTimestamp;
  private final Map<String, Integer> byName;

  Entities(Class<E> type) {
    this.type = type;
    this.components = type.getRecordComponents();
    try {
      this.constructor = type.getDeclaredConstructor(
          Arrays.stream(components).map(RecordComponent::getType).toArray(Class<?>[]::new));
      constructor.setAccessible(true);
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException(e);
    }
    byName = new java.util.HashMap<>();
    int v = -1;
    int ts = -1;
    List<int[]> rows = new ArrayList<>();
    List<int[]> columns = new ArrayList<>();
    for (int i = 0; i < components.length; i++) {
      Field field = field(i);
      byName.put(components[i].getName(), i);
      if (field.isAnnotationPresent(RowKey.class)) {
        rows.add(new int[] {field.getAnnotation(RowKey.class).order(), i});
      }
      if (field.isAnnotationPresent(ColumnKey.class)) {
        columns.add(new int[] {field.getAnnotation(ColumnKey.class).order(), i});
      }
      if (field.isAnnotationPresent(Version.class)) {
        v = i;
      }
      if (field.isAnnotationPresent(CellTimestamp.class)) {
        ts = i;
      }
    }
    rows.sort(Comparator.comparingInt(a -> a[0]));
    columns.sort(Comparator.comparingInt(a -> a[0]));
    rows.forEach(a -> rowKey.add(a[1]));
    columns.forEach(a -> columnKey.add(a[1]));
    version = v;
    cellTimestamp = ts;
  }

  private Field field(int i) {
    try {
      return type.getDeclaredField(components[i].getName());
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }

  Object get(E entity, int i) {
    try {
      return components[i].getAccessor().invoke(entity);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  Object get(E entity, String name) {
    return get(entity, index(name));
  }

  int index(String name) {
    Integer i = byName.get(name);
    if (i == null) {
      throw new IllegalArgumentException(type.getSimpleName() + " has no property " + name);
    }
    return i;
  }

  /** A copy of {@code entity} with component {@code i} set to {@code value}. */
  E with(E entity, int i, Object value) {
    Object[] values = new Object[components.length];
    for (int c = 0; c < components.length; c++) {
      values[c] = c == i ? value : get(entity, c);
    }
    try {
      return constructor.newInstance(values);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  boolean wide() {
    return !columnKey.isEmpty();
  }

  /** The arguments of {@code findByKey}: the row key parts, then the column key parts. */
  Object[] keyParts(E entity) {
    List<Object> parts = new ArrayList<>();
    rowKey.forEach(i -> parts.add(get(entity, i)));
    columnKey.forEach(i -> parts.add(get(entity, i)));
    return parts.toArray();
  }

  Object[] rowKeyParts(E entity) {
    return rowKey.stream().map(i -> get(entity, i)).toArray();
  }

  /** The identity of an entity as text: its row key and column key parts. */
  String key(E entity) {
    return Arrays.stream(keyParts(entity)).map(Entities::value).collect(Collectors.joining(", ", "(", ")"));
  }

  /** The entity as text, arrays by content: two entities are the same when their texts are. */
  String text(E entity) {
    if (entity == null) {
      return "null";
    }
    StringJoiner joiner = new StringJoiner(", ", type.getSimpleName() + "[", "]");
    for (int i = 0; i < components.length; i++) {
      joiner.add(components[i].getName() + "=" + value(get(entity, i)));
    }
    return joiner.toString();
  }

  static String value(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof byte[] bytes) {
      return "0x" + HexFormat.of().formatHex(bytes);
    }
    if (value instanceof String s) {
      return '"' + s.codePoints().mapToObj(c -> c >= 0x20 && c < 0x7f ? Character.toString(c)
          : String.format("\\u{%x}", c)).collect(Collectors.joining()) + '"';
    }
    if (value instanceof java.util.Collection<?> values) {
      return values.stream().map(Entities::value).collect(Collectors.joining(", ", "[", "]"));
    }
    return value.toString();
  }

  /** The keys of each unique view of the entity, as text; null for a view whose key has a null. */
  List<String> uniqueKeys(E entity) {
    List<String> keys = new ArrayList<>();
    for (Index index : type.getAnnotationsByType(Index.class)) {
      if (index.unique()) {
        List<Object> parts = new ArrayList<>();
        for (String name : index.key()) {
          parts.add(get(entity, name));
        }
        keys.add(parts.contains(null) ? null
            : index.name() + parts.stream().map(Entities::value).collect(Collectors.joining(", ", "(", ")")));
      }
    }
    return keys;
  }

  /**
   * {@code entity} made a valid writer's entity for every non-unique view: when a key part of the
   * view is null, either its first part only is null (the entity has no row in that view, whatever
   * the later parts hold), or, where the first part cannot be null, every part that can.
   */
  E nullWholeViewKeys(E entity) {
    E result = entity;
    for (Index index : type.getAnnotationsByType(Index.class)) {
      E current = result;
      if (Arrays.stream(index.key()).noneMatch(name -> get(current, name) == null)) {
        continue;
      }
      if (nullable(index.key()[0])) {
        result = with(result, index(index.key()[0]), null);
        continue;
      }
      for (String name : index.key()) {
        if (nullable(name)) {
          result = with(result, index(name), null);
        }
      }
    }
    return result;
  }

  private boolean nullable(String name) {
    return !componentType(index(name)).isPrimitive() && !rowKey.contains(index(name)) && !columnKey.contains(index(name));
  }

  /** The order of main rows: hash prefix, row key parts, column key parts (salt ignored: merged). */
  Comparator<E> keyOrder() {
    Comparator<E> order = (a, b) -> 0;
    for (int i : rowKey) {
      Field field = field(i);
      if (field.isAnnotationPresent(HashPrefix.class)) {
        int length = field.getAnnotation(HashPrefix.class).length();
        Comparator<E> hash = Comparator.comparing(e -> md5Hex(get(e, i), length));
        order = hash.thenComparing(order);
      }
    }
    for (int i : rowKey) {
      order = order.thenComparing(partOrder(i));
    }
    for (int i : columnKey) {
      order = order.thenComparing(partOrder(i));
    }
    return order;
  }

  /**
   * The order of a view's rows: its key properties (with their transforms), then the main key.
   * Entities with a null view key part have no view row and are not compared.
   */
  Comparator<E> viewOrder(String view) {
    Index index = Arrays.stream(type.getAnnotationsByType(Index.class)).filter(x -> x.name().equals(view))
        .findFirst().orElseThrow(() -> new IllegalArgumentException(type.getSimpleName() + " has no view " + view));
    Comparator<E> order = (a, b) -> 0;
    for (String name : index.key()) {
      order = order.thenComparing(partOrder(index(name)));
    }
    return order.thenComparing(keyOrder());
  }

  private Comparator<E> partOrder(int i) {
    Field field = field(i);
    Comparator<Object> values = field.isAnnotationPresent(Reversed.class)
        ? (a, b) -> compare(reverse((String) a), reverse((String) b)) : Entities::compare;
    if (field.isAnnotationPresent(Cyclic.class)) {
      values = cyclicOrder(Duration.parse(field.getAnnotation(Cyclic.class).period()));
    }
    if (field.isAnnotationPresent(Descending.class)) {
      values = values.reversed();
    }
    Comparator<Object> finalValues = values;
    return (a, b) -> finalValues.compare(get(a, i), get(b, i));
  }

  /**
   * The order of a {@code @Cyclic} part as its key stores it: the position in the cycle (counted
   * from the epoch; seconds, then nanoseconds, for an {@code Instant}; days for a {@code LocalDate}),
   * then the number of the cycle.
   */
  private static Comparator<Object> cyclicOrder(Duration period) {
    return (a, b) -> {
      if (a instanceof LocalDate x) {
        long days = period.toDays();
        long y = ((LocalDate) b).toEpochDay();
        int position = Long.compare(Math.floorMod(x.toEpochDay(), days), Math.floorMod(y, days));
        return position != 0 ? position : Long.compare(Math.floorDiv(x.toEpochDay(), days), Math.floorDiv(y, days));
      }
      Instant x = (Instant) a;
      Instant y = (Instant) b;
      long seconds = period.getSeconds();
      int position = Long.compare(Math.floorMod(x.getEpochSecond(), seconds), Math.floorMod(y.getEpochSecond(), seconds));
      if (position == 0) {
        position = Integer.compare(x.getNano(), y.getNano());
      }
      return position != 0 ? position
          : Long.compare(Math.floorDiv(x.getEpochSecond(), seconds), Math.floorDiv(y.getEpochSecond(), seconds));
    };
  }

  private static String reverse(String s) {
    int[] points = s.codePoints().toArray();
    StringBuilder out = new StringBuilder();
    for (int p = points.length - 1; p >= 0; p--) {
      out.appendCodePoint(points[p]);
    }
    return out.toString();
  }

  /**
   * Value order as keys encode it: strings and enum names by code point (UTF-8 bytes), byte
   * arrays unsigned, numbers, times and UUIDs by value; null last.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static int compare(Object a, Object b) {
    if (a == null || b == null) {
      return a == null ? (b == null ? 0 : 1) : -1;
    }
    if (a instanceof String x) {
      return Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8), ((String) b).getBytes(StandardCharsets.UTF_8));
    }
    if (a instanceof Enum<?> x) {
      return compare(x.name(), ((Enum<?>) b).name());
    }
    if (a instanceof byte[] x) {
      return Arrays.compareUnsigned(x, (byte[]) b);
    }
    if (a instanceof BigDecimal x) {
      return x.compareTo((BigDecimal) b);
    }
    return ((Comparable) a).compareTo(b);
  }

  static String md5Hex(Object value, int length) {
    try {
      byte[] md5 = MessageDigest.getInstance("MD5").digest(String.valueOf(value).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(md5).substring(0, length);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The components that are plain nullable columns (not key, version or cell timestamp). */
  List<Integer> nullableColumns() {
    List<Integer> nullable = new ArrayList<>();
    for (int i = 0; i < components.length; i++) {
      if (!rowKey.contains(i) && !columnKey.contains(i) && i != version && i != cellTimestamp
          && !components[i].getType().isPrimitive()) {
        nullable.add(i);
      }
    }
    return nullable;
  }

  /** {@code entity} with every nullable column null. */
  E nulled(E entity) {
    E result = entity;
    for (int i : nullableColumns()) {
      result = with(result, i, null);
    }
    return result;
  }

  Class<?> componentType(int i) {
    return components[i].getType();
  }
}
