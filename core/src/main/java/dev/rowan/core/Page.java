package dev.rowan.core;

import java.util.List;

/**
 * One page of a query's results.
 *
 * @param content the entities of this page, in query order
 * @param next the request for the following page, or null when this is the last
 * @param <T> the entity type
 * @since 0.1
 */
public record Page<T>(List<T> content, PageRequest next) {

  /** Copies the content. */
  public Page {
    content = List.copyOf(content);
  }

  /** Whether another page follows. */
  public boolean hasNext() {
    return next != null;
  }
}
