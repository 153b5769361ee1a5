package dev.rowan.core;

import dev.rowan.RowanException;

/**
 * A save would give a unique view a second entity with the same key. Nothing was written.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class UniqueViolationException extends RowanException {

  private static final long serialVersionUID = 1L;

  private UniqueViolationException(String message) {
    super(message);
  }

  /** Saving {@code entity} would collide in unique view {@code view} with {@code owner}. */
  public static UniqueViolationException of(String view, String key, String entity, String owner) {
    return new UniqueViolationException(
        "unique view "
            + view
            + " already holds key "
            + key
            + " for "
            + owner
            + "; cannot save "
            + entity);
  }
}
