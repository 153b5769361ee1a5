package dev.rowan.mapping;

import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.ValueCodec;
import java.util.Objects;
import org.apache.hadoop.hbase.util.Bytes;
import org.jspecify.annotations.Nullable;

/**
 * One mapped field of an entity: its name and type, where it is stored (row key, column key,
 * column, cell timestamp) and how its values are encoded as a key part and as a cell value.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class PropertyModel {

  /** Where a property is stored. */
  public enum Role {
    /** A part of the row key. */
    ROW_KEY,
    /** A part of the column qualifier of a wide entity. */
    COLUMN_KEY,
    /** A cell of its own. */
    COLUMN,
    /** The timestamp of the entity's cells. */
    CELL_TIMESTAMP
  }

  private final String entityName;
  private final String name;
  private final Class<?> type;
  private final int index;
  private final Role role;
  private final int keyOrder;
  private final byte @Nullable [] family;
  private final byte @Nullable [] qualifier;
  private final @Nullable KeyCodec<Object> keyCodec;
  private final @Nullable ValueCodec<Object> valueCodec;
  private final boolean version;
  private final @Nullable Object defaultValue;
  private final String keyForm;

  @SuppressWarnings("unchecked")
  PropertyModel(
      String entityName,
      String name,
      Class<?> type,
      int index,
      Role role,
      int keyOrder,
      byte @Nullable [] family,
      byte @Nullable [] qualifier,
      @Nullable KeyCodec<?> keyCodec,
      @Nullable ValueCodec<?> valueCodec,
      boolean version,
      String keyForm) {
    this.entityName = entityName;
    this.name = name;
    this.type = type;
    this.index = index;
    this.role = role;
    this.keyOrder = keyOrder;
    this.family = family;
    this.qualifier = qualifier;
    this.keyCodec = (KeyCodec<Object>) keyCodec;
    this.valueCodec = (ValueCodec<Object>) valueCodec;
    this.version = version;
    this.defaultValue = Defaults.of(type);
    this.keyForm = keyForm;
  }

  /** The field name. */
  public String name() {
    return name;
  }

  /** {@code Entity.field}, the way error messages name this property. */
  public String qualifiedName() {
    return entityName + "." + name;
  }

  /** The declared type of the field. */
  public Class<?> type() {
    return type;
  }

  /** The position of this property in the value arrays of {@link EntityModel#values}. */
  public int index() {
    return index;
  }

  /** Where the property is stored. */
  public Role role() {
    return role;
  }

  /** The position among the parts of its key, for row and column key parts; else -1. */
  public int keyOrder() {
    return keyOrder;
  }

  /** Whether this is the {@code @Version} property. */
  public boolean isVersion() {
    return version;
  }

  /** The column family of a column, or {@code null} for key parts and the cell timestamp. */
  public byte @Nullable [] family() {
    return family == null ? null : family.clone();
  }

  /** The qualifier of a column (for a wide entity, after the column key), or {@code null}. */
  public byte @Nullable [] qualifier() {
    return qualifier == null ? null : qualifier.clone();
  }

  /** The family of a column, which every column has. */
  byte[] familyBytes() {
    return Objects.requireNonNull(family, "a column has a family");
  }

  /** The qualifier of a column, which every column has. */
  byte[] qualifierBytes() {
    return Objects.requireNonNull(qualifier, "a column has a qualifier");
  }

  /**
   * The order-preserving encoding of this property as a key part, with the field's transforms
   * applied; {@code null} when the type cannot be a key part.
   */
  public @Nullable KeyCodec<Object> keyCodec() {
    return keyCodec;
  }

  /**
   * The key codec of a key part, which every key part of a model has (a model is refused
   * otherwise).
   */
  KeyCodec<Object> keyPartCodec() {
    return Objects.requireNonNull(keyCodec, "a key part has a key codec");
  }

  /**
   * How this property is encoded as a key part, in words that change exactly when the encoded bytes
   * do: its boxed type and key transforms, as in {@code "String fixed(8) descending"}.
   */
  public String keyForm() {
    return keyForm;
  }

  /** The encoding of this property as a cell value; {@code null} for key parts. */
  public @Nullable ValueCodec<Object> valueCodec() {
    return valueCodec;
  }

  /** The value codec of a column, which every column has. */
  ValueCodec<Object> columnCodec() {
    return Objects.requireNonNull(valueCodec, "a column has a value codec");
  }

  /** The value a primitive field takes when no cell is stored: 0 or false; else null. */
  public @Nullable Object defaultValue() {
    return defaultValue;
  }

  @Override
  public String toString() {
    String where =
        switch (role) {
          case ROW_KEY -> "row key part " + keyOrder;
          case COLUMN_KEY -> "column key part " + keyOrder;
          case COLUMN ->
              "column " + Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier);
          case CELL_TIMESTAMP -> "cell timestamp";
        };
    return qualifiedName() + " (" + type.getSimpleName() + ", " + where + ")";
  }

  /** The zero values of primitive types. */
  private static final class Defaults {
    static @Nullable Object of(Class<?> type) {
      if (!type.isPrimitive()) {
        return null;
      }
      if (type == boolean.class) {
        return false;
      }
      if (type == char.class) {
        return (char) 0;
      }
      if (type == byte.class) {
        return (byte) 0;
      }
      if (type == short.class) {
        return (short) 0;
      }
      if (type == int.class) {
        return 0;
      }
      if (type == long.class) {
        return 0L;
      }
      if (type == float.class) {
        return 0f;
      }
      return 0d;
    }
  }
}
