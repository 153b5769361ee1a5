package dev.rowan.core;

import java.time.Instant;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * One version of an entity: the state one write left, and when. A query method that returns {@code
 * List<Versioned<Order>>} reads the versions of one entity, newest first (docs/queries.md,
 * "Versions"):
 *
 * <pre>{@code
 * List<Versioned<Order>> findVersionsByOrderNo(String orderNo);
 * List<Versioned<Order>> findVersionsByOrderNo(String orderNo, Limit max);
 * }</pre>
 *
 * <p>A delete is a version too, with no entity: the history of an entity that was deleted and saved
 * again shows the delete between the two lives.
 *
 * @param timestamp the write's timestamp (the HBase cell timestamp of everything it wrote, in
 *     milliseconds since the epoch; unique among the writes of one entity, and rising)
 * @param entity the entity as the write left it, or null when the write deleted it
 * @param <T> the entity type
 * @since 0.1
 */
public record Versioned<T>(long timestamp, @Nullable T entity) {

  /** Whether this version is a delete: the entity did not exist after it. */
  public boolean isDeletion() {
    return entity == null;
  }

  /** The entity as the write left it, or empty when the write deleted it. */
  public Optional<T> entityIfLive() {
    return Optional.ofNullable(entity);
  }

  /** The write's timestamp as an instant. */
  public Instant writtenAt() {
    return Instant.ofEpochMilli(timestamp);
  }
}
