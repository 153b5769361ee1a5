package dev.rowan.core;

import dev.rowan.RowanException;
import java.util.Map;

/**
 * A write that changes a stored entity found none under its key: a counter method ({@code
 * add<Property>By<Key>}) adds only to an entity that exists, and never creates one. Nothing was
 * written. (A partial update, {@code update<Properties>By<Key>}, says the same by returning {@code
 * false}.)
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class EntityNotFoundException extends RowanException {

  private static final long serialVersionUID = 1L;

  private final String entity;
  private final String key;
  private final transient Map<String, Object> keyValues;

  private EntityNotFoundException(
      String message, String entity, String key, Map<String, Object> keyValues) {
    super(message);
    this.entity = entity;
    this.key = key;
    this.keyValues = keyValues;
  }

  /**
   * {@code method} found no {@code entity} under {@code key} (its key parts as text, such as {@code
   * orderNo=order-7}).
   */
  public static EntityNotFoundException of(String entity, String key, String method) {
    return of(entity, key, Map.of(), method);
  }

  /**
   * As {@link #of(String, String, String)}, with the key's values: {@code keyValues} maps its key
   * properties by name, in key order, to their values (empty when they are not known).
   */
  public static EntityNotFoundException of(
      String entity, String key, Map<String, Object> keyValues, String method) {
    return new EntityNotFoundException(
        entity
            + " "
            + key
            + " does not exist; "
            + method
            + " changes a stored entity and never creates one (save or insert it first)",
        entity,
        key,
        EntityExistsException.inOrder(keyValues));
  }

  /** The simple name of the entity class. */
  public String entity() {
    return entity;
  }

  /** The key under which no entity was stored, as its key parts in text. */
  public String key() {
    return key;
  }

  /**
   * The values of {@link #key()}: its properties by name, in key order (row key parts, then column
   * key parts), to their values, such as {@code {orderNo=order-7}}. Empty when the exception was
   * made without them, or after serialization.
   */
  public Map<String, Object> keyValues() {
    return keyValues == null ? Map.of() : keyValues;
  }
}
