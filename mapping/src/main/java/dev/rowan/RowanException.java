package dev.rowan;

import org.jspecify.annotations.Nullable;

/**
 * The root of Rowan's exceptions: every error Rowan raises on its own account is one of its
 * subclasses, and every message names the entity, property, method or table at fault.
 *
 * <p>Thread-safety: instances are immutable once thrown.
 *
 * @since 0.1
 */
public abstract class RowanException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  protected RowanException(String message) {
    super(message);
  }

  protected RowanException(String message, @Nullable Throwable cause) {
    super(message, cause);
  }
}
