package dev.rowan.index;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Everything one save or delete does to the views of an entity, decided before any I/O.
 *
 * @param write the status of this write: its timestamp and nonce
 * @param changes the view rows written or retired
 * @since 0.1
 */
public record WritePlan(RowStatus write, List<ViewRowChange> changes) {

  /** Copies the list. */
  public WritePlan {
    changes = List.copyOf(changes);
  }

  /** Whether the write touches no view row. */
  boolean isEmpty() {
    return changes.isEmpty();
  }

  /** The changes that match {@code which}. */
  List<ViewRowChange> select(Predicate<ViewRowChange> which) {
    List<ViewRowChange> selected = new ArrayList<>();
    for (ViewRowChange change : changes) {
      if (which.test(change)) {
        selected.add(change);
      }
    }
    return selected;
  }
}
