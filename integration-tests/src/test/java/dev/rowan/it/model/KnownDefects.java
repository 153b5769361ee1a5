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
 * None is open. Four were found by this test besides issue 15's, and are fixed: a query through a
 * view missed an entity whose later view key property was null (such entities are now refused,
 * see {@code ViewKeyNullsIT}); a condition pushed to the region servers never matched a wide
 * entity ({@code WideRowQueriesIT}); and N3: with settles in the background, a unique key that a
 * returned save moved its entity off was refused to another entity as "a write in flight" until
 * the settles ran, although the owner's main row had committed a later write
 * ({@code ViewRowVerdict.forClaim}, {@code
 * BackgroundSettlesIT#aUniqueKeyThatAReturnedSaveReleasedIsFreeForAnotherEntityBeforeTheSettlesRun}).
 * While N3 is skipped ({@code -Drowan.model.skip=N3}), a save refused so is taken as not done.
 *
 * <p>N4, found by the reads during writes ({@link ConcurrentPhase}), fixed: a query with {@code Or}
 * groups read through views missed an entity that, while the query ran, moved from one group's
 * range to another's, although each of its states matched the query: each group was read, and
 * took its second look ({@code MovedEntities}), on its own. Now the groups' second looks come after
 * every group has read, and what they find is judged against every group
 * ({@code QueryCursor.deferringSecondLook}). Seen first with seed 2694871026543 on
 * {@code RingSaltedViewsModelIT} ({@code -Drowan.model.concurrent.seconds=15 -Drowan.model.ops=1000});
 * {@code OrGroupsDuringMovesIT} shows it alone (100 of 3,000 reads returned nothing before the fix).
 * Skipping it ({@code -Drowan.model.skip=N4}) leaves the query methods with {@code Or} groups out of
 * the readers during writes and skips {@code OrGroupsDuringMovesIT}.
 */
final class KnownDefects {

  /** The known, unfixed defects (issue 15's numbering). */
  static final String KNOWN_DEFECTS = "";

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
