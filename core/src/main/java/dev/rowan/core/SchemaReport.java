package dev.rowan.core;

import java.util.List;

/**
 * What differs between the live tables of an entity and its mapping.
 *
 * @param entity the entity class name
 * @param differences one sentence per difference, naming the table and family; empty when all match
 * @since 0.1
 */
public record SchemaReport(String entity, List<String> differences) {

  /** Copies the list. */
  public SchemaReport {
    differences = List.copyOf(differences);
  }

  /** Whether every table exists and matches. */
  public boolean matches() {
    return differences.isEmpty();
  }
}
