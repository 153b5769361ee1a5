package dev.rowan.benchmarks;

import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The reflective baseline, what hbase-orm-style mappers do: {@link Field#get} and {@link Field#set}
 * for every field of every row, with annotations read and {@code setAccessible} called once, up
 * front. It writes the same bytes as Rowan and {@link HandWrittenOrderMapper} (whose row key code
 * it shares) and walks the cells the same way as the latter, so that what it adds is the reflection
 * alone.
 *
 * <p>Handles entities with one String {@code @RowKey}, one family and columns of the types {@link
 * Order} uses.
 *
 * <p>Thread-safety: immutable and thread-safe.
 *
 * @param <T> the entity type
 */
final class ReflectionMapper<T> {

  /** The cell encodings, chosen per field when the mapper is built. */
  private enum Encoding {
    STRING,
    LONG,
    BIG_DECIMAL,
    INSTANT,
    ENUM
  }

  private final Constructor<T> constructor;
  private final Field rowKey;
  private final byte[] family;
  private final Field[] fields;
  private final byte[][] qualifiers;
  private final Encoding[] encodings;

  private ReflectionMapper(
      Constructor<T> constructor,
      Field rowKey,
      byte[] family,
      List<Field> fields,
      List<byte[]> qualifiers,
      List<Encoding> encodings) {
    this.constructor = constructor;
    this.rowKey = rowKey;
    this.family = family;
    this.fields = fields.toArray(new Field[0]);
    this.qualifiers = qualifiers.toArray(new byte[0][]);
    this.encodings = encodings.toArray(new Encoding[0]);
  }

  /**
   * The mapper of {@code type}, read from Rowan's annotations.
   *
   * @throws IllegalArgumentException when the class has a shape or a field type it does not handle
   */
  static <T> ReflectionMapper<T> of(Class<T> type) {
    Field rowKey = null;
    List<Field> fields = new ArrayList<>();
    List<byte[]> qualifiers = new ArrayList<>();
    List<Encoding> encodings = new ArrayList<>();
    for (Field field : type.getDeclaredFields()) {
      if (Modifier.isStatic(field.getModifiers()) || field.isSynthetic()) {
        continue;
      }
      field.setAccessible(true);
      if (field.isAnnotationPresent(RowKey.class)) {
        if (rowKey != null || field.getType() != String.class) {
          throw new IllegalArgumentException(type.getName() + " needs a single String @RowKey");
        }
        rowKey = field;
        continue;
      }
      Column column = field.getAnnotation(Column.class);
      fields.add(field);
      qualifiers.add(
          Bytes.toBytes(
              column == null || column.name().isEmpty() ? field.getName() : column.name()));
      encodings.add(encoding(field));
    }
    if (rowKey == null) {
      throw new IllegalArgumentException(type.getName() + " has no @RowKey");
    }
    Family family = type.getAnnotation(Family.class);
    try {
      Constructor<T> constructor = type.getDeclaredConstructor();
      constructor.setAccessible(true);
      return new ReflectionMapper<>(
          constructor,
          rowKey,
          Bytes.toBytes(family == null ? "d" : family.name()),
          fields,
          qualifiers,
          encodings);
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          type.getName() + " has no constructor without parameters", e);
    }
  }

  private static Encoding encoding(Field field) {
    Class<?> type = field.getType();
    if (type == String.class) {
      return Encoding.STRING;
    } else if (type == long.class || type == Long.class) {
      return Encoding.LONG;
    } else if (type == BigDecimal.class) {
      return Encoding.BIG_DECIMAL;
    } else if (type == Instant.class) {
      return Encoding.INSTANT;
    } else if (type.isEnum()) {
      return Encoding.ENUM;
    }
    throw new IllegalArgumentException(field + " has a type the reflective mapper does not handle");
  }

  /** The put of every non-null field of {@code entity}. */
  Put toPut(T entity) {
    try {
      Put put = new Put(HandWrittenOrderMapper.rowKey((String) rowKey.get(entity)));
      for (int i = 0; i < fields.length; i++) {
        Object value = fields[i].get(entity);
        if (value != null) {
          put.addColumn(family, qualifiers[i], encode(encodings[i], value));
        }
      }
      return put;
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The entity stored in {@code result}. */
  T fromResult(Result result) {
    try {
      T entity = constructor.newInstance();
      rowKey.set(entity, HandWrittenOrderMapper.orderNo(result.getRow()));
      for (Cell cell : result.rawCells()) {
        if (!CellUtil.matchingFamily(cell, family)) {
          continue;
        }
        for (int i = 0; i < fields.length; i++) {
          if (CellUtil.matchingQualifier(cell, qualifiers[i])) {
            fields[i].set(entity, decode(encodings[i], fields[i].getType(), cell));
            break;
          }
        }
      }
      return entity;
    } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] encode(Encoding encoding, Object value) {
    return switch (encoding) {
      case STRING -> Bytes.toBytes((String) value);
      case LONG -> Bytes.toBytes((Long) value);
      case BIG_DECIMAL -> Bytes.toBytes((BigDecimal) value);
      case INSTANT -> HandWrittenOrderMapper.instant((Instant) value);
      case ENUM -> Bytes.toBytes(((Enum<?>) value).name());
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Object decode(Encoding encoding, Class<?> type, Cell cell) {
    byte[] bytes = cell.getValueArray();
    int offset = cell.getValueOffset();
    int length = cell.getValueLength();
    return switch (encoding) {
      case STRING -> Bytes.toString(bytes, offset, length);
      case LONG -> Bytes.toLong(bytes, offset, length);
      case BIG_DECIMAL -> Bytes.toBigDecimal(bytes, offset, length);
      case INSTANT ->
          Instant.ofEpochSecond(Bytes.toLong(bytes, offset), Bytes.toInt(bytes, offset + 8));
      case ENUM -> Enum.valueOf((Class) type, Bytes.toString(bytes, offset, length));
    };
  }
}
