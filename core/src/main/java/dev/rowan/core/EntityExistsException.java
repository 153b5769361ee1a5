package dev.rowan.core;

import dev.rowan.RowanException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An insert ({@link HBaseRepository#insert}, {@link HBaseRepository#insertAll}) found an entity
 * already stored under the key of an entity it was to insert. That entity was not written; what was
 * stored under its key is unchanged. In an {@code insertAll}, the entities whose keys were free are
 * inserted all the same: {@link #keys()} names the ones that were not.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class EntityExistsException extends RowanException {

  private static final long serialVersionUID = 1L;

  /** Keys shown in the message at most; {@link #keys()} has every one. */
  private static final int SHOWN = 10;

  private final String entity;
  private final List<String> keys;
  private final transient List<Map<String, Object>> keyValues;

  private EntityExistsException(
      String message, String entity, List<String> keys, List<Map<String, Object>> keyValues) {
    super(message);
    this.entity = entity;
    this.keys = keys;
    this.keyValues = keyValues;
  }

  /**
   * Inserting {@code entity}s under {@code keys} (each its key parts as text, such as {@code
   * orderNo=order-7}) found an entity stored under each, out of {@code attempted} inserts. {@link
   * #keyValues()} is empty: use {@link #of(String, List, List, int)} where the values are known.
   */
  public static EntityExistsException of(String entity, List<String> keys, int attempted) {
    return of(entity, keys, List.of(), attempted);
  }

  /**
   * As {@link #of(String, List, int)}, with the values of each key: {@code keyValues} holds, for
   * each of {@code keys} in the same order, its key properties by name, in key order, to their
   * values (or is empty when they are not known).
   *
   * @throws IllegalArgumentException when {@code keyValues} is neither empty nor as long as {@code
   *     keys}
   */
  public static EntityExistsException of(
      String entity, List<String> keys, List<Map<String, Object>> keyValues, int attempted) {
    List<String> copy = List.copyOf(keys);
    if (!keyValues.isEmpty() && keyValues.size() != copy.size()) {
      throw new IllegalArgumentException(
          entity + ": " + keyValues.size() + " key values for " + copy.size() + " keys");
    }
    List<Map<String, Object>> values =
        keyValues.stream().map(EntityExistsException::inOrder).toList();
    String shown =
        String.join(", ", copy.subList(0, Math.min(SHOWN, copy.size())))
            + (copy.size() > SHOWN ? " and " + (copy.size() - SHOWN) + " more" : "");
    String message =
        copy.size() == 1 && attempted == 1
            ? entity
                + " "
                + shown
                + " already exists; insert writes only new entities (save replaces)"
            : copy.size()
                + " of "
                + attempted
                + " "
                + entity
                + " entities already exist, not inserted: "
                + shown
                + (copy.size() == attempted
                    ? ""
                    : "; the other " + (attempted - copy.size()) + " were inserted");
    return new EntityExistsException(message, entity, copy, values);
  }

  /** An unmodifiable copy of {@code values} in their order; values may be null. */
  static Map<String, Object> inOrder(Map<String, Object> values) {
    return Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** The simple name of the entity class. */
  public String entity() {
    return entity;
  }

  /** The keys under which an entity existed, in the order given, each as its key parts in text. */
  public List<String> keys() {
    return keys;
  }

  /**
   * The values of {@link #keys()}, in the same order: each key's properties by name, in key order
   * (row key parts, then column key parts), to their values, such as {@code {orderNo=order-7}}.
   * Empty when the exception was made without them, or after serialization.
   */
  public List<Map<String, Object>> keyValues() {
    return keyValues == null ? List.of() : keyValues;
  }
}
