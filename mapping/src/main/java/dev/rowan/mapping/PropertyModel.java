package dev.rowan.mapping;

import dev.rowan.mapping.codec.KeyCodec;
import dev.rowan.mapping.codec.ValueCodec;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * One mapped field of an entity: its name and type, where it is stored (row key, column key,
 * column, cell timestamp) and how its values are encoded as a key part and as a cell value.
 *
 * <p>Thread-safety: immutable.
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
  private final byte[] family;
  private final byte[] qualifier;
  private final KeyCodec<Object> keyCodec;
  private final ValueCodec<Object> valueCodec;
  private final boolean version;
  private final Object defaultValue;
  private final String keyForm;

  @SuppressWarnings("unchecked")
  PropertyModel(String entityName, String name, Class<?> type, int index, Role role, int keyOrder,
      byte[] family, byte[] qualifier, KeyCodec<?> keyCodec, ValueCodec<?> valueCodec, boolean version,
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
  public byte[] family() {
    return family == null ? null : family.clone();
  }

  /** The qualifier of a column (for a wide entity, after the column key), or {@code null}. */
  public byte[] qualifier() {
    return qualifier == null ? null : qualifier.clone();
  }

  byte[] familyBytes() {
    return family;
  }

  byte[] qualifierBytes() {
    return qualifier;
  }

  /**
   * The order-preserving encoding of this property as a key part, with the field's transforms
   * applied; {@code null} when the type cannot be a key part.
   */
  public KeyCodec<Object> keyCodec() {
    return keyCodec;
  }

  /**
   * How this property is encoded as a key part, in words that change exactly when the encoded
   * bytes do: its boxed type and key transforms, as in {@code "String fixed(8) descending"}.
   */
  public String keyForm() {
    return keyForm;
  }

  /** The encoding of this property as a cell value; {@code null} for key parts. */
  public ValueCodec<Object> valueCodec() {
    return valueCodec;
  }

  /** The value a primitive field takes when no cell is stored: 0 or false; else null. */
  public Object defaultValue() {
    return defaultValue;
  }

  @Override
  public String toString() {
    String where = switch (role) {
      case ROW_KEY -> "row key part " + keyOrder;
      case COLUMN_KEY -> "column key part " + keyOrder;
      case COLUMN -> "column " + Bytes.toStringBinary(family) + ":" + Bytes.toStringBinary(qualifier);
      case CELL_TIMESTAMP -> "cell timestamp";
    };
    return qualifiedName() + " (" + type.getSimpleName() + ", " + where + ")";
  }

  /** The zero values of primitive types. */
  private static final class Defaults {
    static Object of(Class<?> type) {
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
