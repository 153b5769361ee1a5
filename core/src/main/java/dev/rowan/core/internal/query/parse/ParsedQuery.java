package dev.rowan.core.internal.query.parse;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * A query method name, parsed: what it does, how many results it wants, its predicates and its
 * order. Predicates are in disjunctive form: the query selects the entities that satisfy every
 * condition of at least one group (a name without {@code Or} has one group).
 *
 * @param methodName the method name as declared
 * @param action what the method does
 * @param limit the {@code First}/{@code Top} number, or 0 when the name gives none
 * @param groups the {@code Or}-separated groups of {@code And}-ed conditions, never empty
 * @param sorts the {@code OrderBy} properties, in order; empty when the name orders nothing
 * @param view the view named by the shorthand {@code findBy<View><Keyword>}, or null
 * @param parameterCount the number of method parameters the conditions bind
 */
public record ParsedQuery(
    String methodName,
    QueryAction action,
    int limit,
    List<List<Condition>> groups,
    List<SortKey> sorts,
    @Nullable String view,
    int parameterCount) {

  /** Copies the lists. */
  public ParsedQuery {
    groups = groups.stream().map(List::copyOf).toList();
    sorts = List.copyOf(sorts);
  }
}
