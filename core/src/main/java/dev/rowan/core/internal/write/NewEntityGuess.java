package dev.rowan.core.internal.write;

import dev.rowan.core.internal.write.ProtocolWriter.Pending;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Whether the saves of an entity type are inserting new entities, judged from the last batch: when
 * more than half of its saves found no status on their main row (read, or guessed and committed),
 * the next batch guesses that its entities are new too and skips step one's read. A right guess
 * saves a read per entity; a wrong one costs a failed check-and-mutate and the read after it, so
 * guessing pays where more than about half of the guesses are right.
 *
 * <p>Thread-safety: thread-safe; threads saving at once share the last judgment, which is a hint,
 * never a condition of correctness.
 */
final class NewEntityGuess {

  private volatile boolean entitiesLookNew;

  /** Whether the next batch guesses its entities new. */
  boolean entitiesLookNew() {
    return entitiesLookNew;
  }

  /**
   * Judges a batch's first attempt: {@code pending} its entities, {@code again} those to write
   * again after it (a guess found wrong among them).
   */
  void observe(List<Pending> pending, List<Pending> again) {
    Set<Pending> retried = Collections.newSetFromMap(new IdentityHashMap<>());
    retried.addAll(again);
    int saves = 0;
    int fresh = 0;
    for (Pending entity : pending) {
      if (entity.request instanceof WriteRequest.Delete
          || entity.request instanceof WriteRequest.Update) {
        continue; // a delete
      }
      saves++;
      boolean guessedRight = entity.guess != null && !retried.contains(entity);
      boolean readNew = entity.current != null && entity.current.status() == null;
      if (guessedRight || readNew) {
        fresh++;
      }
    }
    if (saves > 0) {
      entitiesLookNew = judge(saves, fresh);
    }
  }

  /** The rule: more than half of the saves found their entity new. */
  static boolean judge(int saves, int fresh) {
    return 2 * fresh > saves;
  }
}
