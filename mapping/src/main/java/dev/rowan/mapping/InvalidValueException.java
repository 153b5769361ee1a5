package dev.rowan.mapping;

import dev.rowan.RowanException;

/**
 * A value cannot be written: a key part is null, a string is not well-formed UTF-16, a value does
 * not fit its fixed width, or a cell or key is larger than HBase accepts. Nothing is written when
 * this is thrown.
 *
 * <p>Thread-safety: instances are immutable.
 *
 * @since 0.1
 */
public final class InvalidValueException extends RowanException {

  private static final long serialVersionUID = 1L;

  private InvalidValueException(String message) {
    super(message);
  }

  /** A value of {@code property} (written {@code Entity.field}) is refused for {@code reason}. */
  public static InvalidValueException of(String property, String reason) {
    return new InvalidValueException(property + ": " + reason);
  }

  /** A key part that must not be null is null. */
  public static InvalidValueException nullKeyPart(String property) {
    return of(property, "a key part cannot be null");
  }
}
