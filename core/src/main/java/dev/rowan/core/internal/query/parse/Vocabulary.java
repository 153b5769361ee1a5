package dev.rowan.core.internal.query.parse;

import java.util.List;
import java.util.Map;

/**
 * What a method name may refer to: the entity's properties and its views with their key properties,
 * in declaration order.
 *
 * @param entityName the entity's name, for messages
 * @param properties the entity's property names (field names)
 * @param viewKeys each view's name and the property names that lead its key, in order
 */
public record Vocabulary(
    String entityName, List<String> properties, Map<String, List<String>> viewKeys) {

  /** Copies the collections. */
  public Vocabulary {
    properties = List.copyOf(properties);
    viewKeys = Map.copyOf(viewKeys);
  }
}
