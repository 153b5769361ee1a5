package dev.rowan.core;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * One page of a query's results.
 *
 * @param content the entities of this page, in query order
 * @param next the request for the following page, or null when this is the last
 * @param <T> the entity type
 * @since 0.1
 */
public record Page<T>(List<T> content, @Nullable PageRequest next) {

  /** Copies the content. */
  public Page {
    content = List.copyOf(content);
  }

  /** Whether another page follows. */
  public boolean hasNext() {
    return next != null;
  }
}
