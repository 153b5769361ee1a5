package dev.rowan.mapping;

import java.util.List;

/**
 * A view declared with {@code @Index}, its property names checked against the entity.
 *
 * @param name the view name
 * @param key the properties, in order, that lead the view row key
 * @param include the properties the view carries; empty means every column
 * @param unique whether a second entity with the same view key is refused
 * @param packed whether its rows pack the carried columns into the status cell ({@code
 *     Index.Format.PACKED}), or hold a cell per column
 * @since 0.1
 */
public record ViewDefinition(
    String name, List<String> key, List<String> include, boolean unique, boolean packed) {

  /** Copies the lists. */
  public ViewDefinition {
    key = List.copyOf(key);
    include = List.copyOf(include);
  }

  /** A view whose rows pack the carried columns, as {@code @Index} declares one by default. */
  public ViewDefinition(String name, List<String> key, List<String> include, boolean unique) {
    this(name, key, include, unique, true);
  }

  /** Whether the view carries every column of the entity. */
  public boolean fullCopy() {
    return include.isEmpty();
  }
}
