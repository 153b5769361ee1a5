package dev.rowan.core;

import dev.rowan.RowanException;

/**
 * A save carried a {@code @Version} that is not the stored one: someone else saved the entity since
 * it was read. Nothing was written.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class OptimisticLockException extends RowanException {

  private static final long serialVersionUID = 1L;

  private OptimisticLockException(String message) {
    super(message);
  }

  /** The entity {@code entity} with key {@code key} was saved with a stale version. */
  public static OptimisticLockException stale(
      String entity, String key, Object given, Object stored) {
    return new OptimisticLockException(
        entity
            + " "
            + key
            + " is at version "
            + stored
            + ", but the save carried version "
            + given
            + "; read it again and retry");
  }
}
