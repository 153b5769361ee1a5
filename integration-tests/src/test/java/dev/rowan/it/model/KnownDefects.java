package dev.rowan.it.model;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The defects that are known and not yet fixed on this branch: issue 15's by number, and the ones
 * the model test found since by a name starting with {@code N} (described below). Each disables
 * the operations, queries and values that run into it, so that the model test checks everything
 * else. Remove an entry once its fix is merged. {@code -Drowan.model.skip=} (empty) runs
 * everything; {@code -Drowan.model.skip=1,13} skips only those.
 *
 * <ul>
 *   <li>N1: a query served by a view misses an entity whose later view key part is null (it has
 *       no view row): {@code findByCategory("ab")} through a view on (category, at) misses an
 *       entity with category "ab" and a null at. While skipped, a generated entity with some
 *       null key part of a non-unique view has all of that view's key parts null.
 *   <li>N2: a condition sent to the region servers as a {@code SingleColumnValueFilter} (an
 *       equality on a column) never matches a wide entity: the filter names the bare qualifier,
 *       without the column key that prefixes every qualifier of a wide row
 *       ({@code ResidualFilters}); {@code @AllowScan findByKind("b")} returns nothing.
 * </ul>
 */
final class KnownDefects {

  /** The known, unfixed defects (issue 15's numbering). */
  static final String KNOWN_DEFECTS = "N1";

  static final Set<String> SKIPPED = parse(System.getProperty("rowan.model.skip", KNOWN_DEFECTS));

  private KnownDefects() {}

  static boolean skipped(Set<?> hits) {
    return hits.stream().map(String::valueOf).anyMatch(SKIPPED::contains);
  }

  static boolean skipped(Object defect) {
    return SKIPPED.contains(String.valueOf(defect));
  }

  private static Set<String> parse(String text) {
    return Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }
}
