package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.parse.ParsedQuery;
import java.util.List;

/**
 * The plan of a query method: one access plan per {@code Or} group, whether results must be sorted
 * in memory, and why each alternative lost, for {@code explain}.
 *
 * @param query the parsed method name
 * @param groups the access plan of each group, in the order of the groups
 * @param sortInMemory whether the entities read are sorted before they are returned
 * @param alternatives one line per table or view considered and not chosen, with the reason
 */
public record MethodPlan(
    ParsedQuery query, List<AccessPlan> groups, boolean sortInMemory, List<String> alternatives) {

  /** Copies the lists. */
  public MethodPlan {
    groups = List.copyOf(groups);
    alternatives = List.copyOf(alternatives);
  }

  /** Whether some group reads a whole table. */
  public boolean readsWholeTable() {
    return groups.stream().anyMatch(g -> g.access() == AccessPlan.Operation.FULL_SCAN);
  }
}
