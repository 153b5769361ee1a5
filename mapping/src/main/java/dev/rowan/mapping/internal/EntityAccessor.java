package dev.rowan.mapping.internal;

import org.jspecify.annotations.Nullable;

/**
 * Reads the mapped fields of an entity into an array and creates an entity from one. Rowan
 * generates an implementation per entity class; this interface is public only so that the generated
 * class, defined beside the entity, can implement it.
 *
 * <p>Thread-safety: implementations are stateless and thread-safe.
 */
public interface EntityAccessor {

  /** Copies the mapped fields of {@code entity} into {@code values}, boxed, in mapping order. */
  void read(Object entity, @Nullable Object[] values);

  /**
   * Creates an entity from {@code values} in mapping order: a record through its canonical
   * constructor, a class through its no-argument constructor and then its fields. Primitive fields
   * need non-null values.
   */
  Object create(@Nullable Object[] values);
}
