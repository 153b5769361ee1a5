package dev.rowan.core;

import dev.rowan.RowanException;

/**
 * A save lost the race for its row to other writers too many times in a row. Nothing of it is
 * visible; retrying later is safe.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class WriteConflictException extends RowanException {

  private static final long serialVersionUID = 1L;

  private WriteConflictException(String message) {
    super(message);
  }

  /** Writing {@code key} of {@code entity} conflicted {@code attempts} times. */
  public static WriteConflictException of(String entity, String key, int attempts) {
    return new WriteConflictException(
        entity
            + " "
            + key
            + " was changed by other writers during "
            + attempts
            + " attempts to save it");
  }
}
