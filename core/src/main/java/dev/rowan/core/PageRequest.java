package dev.rowan.core;

import org.jspecify.annotations.Nullable;

/**
 * A request for one page of a query's results: its size and, after the first page, where the
 * previous page ended (a keyset continuation, never an offset).
 *
 * @param size the number of entities per page
 * @param continuation the opaque position after the previous page, or null for the first page
 * @since 0.1
 */
public record PageRequest(int size, byte @Nullable [] continuation) {

  /** Checks the size. */
  public PageRequest(int size, byte @Nullable [] continuation) {
    if (size < 1) {
      throw new IllegalArgumentException("a page holds at least 1 entity, not " + size);
    }
    this.size = size;
    this.continuation = continuation == null ? null : continuation.clone();
  }

  /** The first page of {@code size} entities. */
  public static PageRequest of(int size) {
    return new PageRequest(size, null);
  }

  /** Whether this asks for the first page. */
  public boolean isFirst() {
    return continuation == null;
  }

  @Override
  public byte @Nullable [] continuation() {
    return continuation == null ? null : continuation.clone();
  }
}
