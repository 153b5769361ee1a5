package dev.rowan.core.internal.write;

import java.util.function.UnaryOperator;

/**
 * What the write of one entity asks for, by the entity's main row: a save, an insert, a partial
 * update (or a counter's addition), or a delete. {@link ProtocolWriter} decides each kind its own
 * way ({@code WriteDecision}).
 *
 * <p>Thread-safety: immutable (arrays are not copied; callers do not change them).
 */
public sealed interface WriteRequest {

  /** The entity's main row key. */
  byte[] rowKey();

  /** A save: the entity's values, written whatever its main row holds. */
  record Save(byte[] rowKey, Object[] values) implements WriteRequest {}

  /** An insert: the entity's values, written only where its main row holds no entity. */
  record Insert(byte[] rowKey, Object[] values) implements WriteRequest {}

  /**
   * A partial update or a counter's addition: {@code change} makes the values after from a copy of
   * those read, again at each attempt; written only where the main row holds an entity.
   */
  record Update(byte[] rowKey, UnaryOperator<Object[]> change) implements WriteRequest {}

  /** A delete of the entity, when its main row holds one. */
  record Delete(byte[] rowKey) implements WriteRequest {}
}
