package dev.rowan.core;

/**
 * Creates, checks and drops the tables of mapped entities: the main table and every view
 * table, with the column families of {@code @Family} and the pre-split points of the salt.
 *
 * <p>Thread-safety: thread-safe.
 */
public final class Schema {

  private final Rowan rowan;

  Schema(Rowan rowan) {
    this.rowan = rowan;
  }

  /**
   * Creates the table and view tables of {@code entityType}; a no-op for tables that exist and
   * match the entity.
   *
   * @throws SchemaMismatchException when a table exists but differs from the entity
   */
  public void create(Class<?> entityType) {
    throw new UnsupportedOperationException("to do");
  }

  /** Compares the live tables of {@code entityType} with its mapping. */
  public SchemaReport check(Class<?> entityType) {
    throw new UnsupportedOperationException("to do");
  }

  /** Disables and deletes the table and view tables of {@code entityType} that exist. */
  public void drop(Class<?> entityType) {
    throw new UnsupportedOperationException("to do");
  }
}
