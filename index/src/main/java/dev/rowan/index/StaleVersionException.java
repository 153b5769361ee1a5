package dev.rowan.index;

/**
 * A save carried a {@code @Version} that is not the stored one. Repositories report it as their own
 * optimistic lock exception; the message already names the entity, its key and both versions.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class StaleVersionException extends IllegalStateException {

  private static final long serialVersionUID = 1L;

  private final String entity;
  private final String key;
  private final transient Object given;
  private final transient Object stored;

  StaleVersionException(String entity, String key, Object given, Object stored) {
    super(
        entity
            + " "
            + key
            + " is at version "
            + stored
            + ", but the save carried version "
            + given
            + "; read it again and retry");
    this.entity = entity;
    this.key = key;
    this.given = given;
    this.stored = stored;
  }

  /** The entity's name. */
  public String entity() {
    return entity;
  }

  /** The entity's main row key, readable. */
  public String key() {
    return key;
  }

  /** The version the save carried. */
  public Object given() {
    return given;
  }

  /** The version stored, or {@code "absent"} when no entity is stored. */
  public Object stored() {
    return stored;
  }
}
