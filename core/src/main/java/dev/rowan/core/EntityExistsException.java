package dev.rowan.core;

import dev.rowan.RowanException;
import java.util.List;

/**
 * An insert ({@link HBaseRepository#insert}, {@link HBaseRepository#insertAll}) found an entity
 * already stored under the key of an entity it was to insert. That entity was not written; what
 * was stored under its key is unchanged. In an {@code insertAll}, the entities whose keys were
 * free are inserted all the same: {@link #keys()} names the ones that were not.
 *
 * <p>Thread-safety: immutable.
 */
public final class EntityExistsException extends RowanException {

  private static final long serialVersionUID = 1L;

  /** Keys shown in the message at most; {@link #keys()} has every one. */
  private static final int SHOWN = 10;

  private final String entity;
  private final List<String> keys;

  private EntityExistsException(String message, String entity, List<String> keys) {
    super(message);
    this.entity = entity;
    this.keys = keys;
  }

  /**
   * Inserting {@code entity}s under {@code keys} (each its key parts as text, such as
   * {@code orderNo=order-7}) found an entity stored under each, out of {@code attempted} inserts.
   */
  public static EntityExistsException of(String entity, List<String> keys, int attempted) {
    List<String> copy = List.copyOf(keys);
    String shown = String.join(", ", copy.subList(0, Math.min(SHOWN, copy.size())))
        + (copy.size() > SHOWN ? " and " + (copy.size() - SHOWN) + " more" : "");
    String message = copy.size() == 1 && attempted == 1
        ? entity + " " + shown + " already exists; insert writes only new entities (save replaces)"
        : copy.size() + " of " + attempted + " " + entity + " entities already exist, not inserted: " + shown
            + (copy.size() == attempted ? "" : "; the other " + (attempted - copy.size()) + " were inserted");
    return new EntityExistsException(message, entity, copy);
  }

  /** The simple name of the entity class. */
  public String entity() {
    return entity;
  }

  /** The keys under which an entity existed, in the order given, each as its key parts in text. */
  public List<String> keys() {
    return keys;
  }
}
