package dev.rowan.core.internal.schema;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the tables record about an entity's views, as values of their {@link TableRecord}s in the
 * {@link Catalog}, read by every client when it opens the entity and again every refresh ({@code
 * Rowan.Builder.viewRefresh}):
 *
 * <ul>
 *   <li>on the main table, {@code rowan.views}: the names of the views the table has. A writer
 *       whose class does not declare one of them refuses to write (it would leave that view stale);
 *       a view its class declares that is not named is dropped, and neither written nor read. A
 *       main table made before the list existed names none and is not checked.
 *   <li>on a view table, {@code rowan.view.state}: {@code BUILDING} from the moment {@code
 *       schema().create} adds the view to a main table that already exists (its rows have no view
 *       rows yet) until {@code RebuildViews} has filled it, with {@code rowan.view.since} the time
 *       it was added; {@code DROPPING} while {@code schema().dropView} waits for every client to
 *       stop using it; active otherwise (no value: also every view table made before states
 *       existed). Writers maintain a building view as any other; queries read only active views.
 * </ul>
 *
 * See docs/view-consistency.md, "Views on live tables".
 *
 * <p>Thread-safety: stateless.
 */
public final class ViewStates {

  /** The view table value that records the state. */
  public static final String KEY = "rowan.view.state";

  /** The value of a view that is being built. */
  public static final String BUILDING = "BUILDING";

  /** The value of a view that is being dropped. */
  public static final String DROPPING = "DROPPING";

  /** The view table value that records when a building view was added, in epoch milliseconds. */
  public static final String SINCE = "rowan.view.since";

  /** The main table value that names the table's views, separated by commas ({@code ","}: none). */
  public static final String VIEWS = "rowan.views";

  private ViewStates() {}

  /** Whether the view table {@code record} describes is being built. */
  public static boolean isBuilding(TableRecord record) {
    return BUILDING.equals(record.value(KEY));
  }

  /** Whether the view table {@code record} describes is being dropped. */
  public static boolean isDropping(TableRecord record) {
    return DROPPING.equals(record.value(KEY));
  }

  /**
   * When the building view of table {@code record} was added (epoch milliseconds), or 0 when not
   * recorded.
   */
  public static long since(TableRecord record) {
    String since = record.value(SINCE);
    try {
      return since == null ? 0 : Long.parseLong(since);
    } catch (NumberFormatException damaged) {
      return 0;
    }
  }

  /**
   * The views the main table {@code record} describes has, or empty when it names none (made before
   * the list).
   */
  public static Optional<Set<String>> views(TableRecord record) {
    String names = record.value(VIEWS);
    if (names == null) {
      return Optional.empty();
    }
    Set<String> views = new TreeSet<>(String.CASE_INSENSITIVE_ORDER);
    Arrays.stream(names.split(","))
        .map(String::trim)
        .filter(name -> !name.isEmpty())
        .forEach(views::add);
    return Optional.of(views);
  }

  /** {@code record} of a main table naming {@code views} as its views. */
  static TableRecord withViews(TableRecord record, Set<String> views) {
    // an empty value reads as none: a table without views records a lone comma
    String names = views.isEmpty() ? "," : String.join(",", new TreeSet<>(views));
    return record.with(VIEWS, names);
  }

  /** {@code record} recording the state building, since {@code now}. */
  static TableRecord building(TableRecord record, long now) {
    return record.with(KEY, BUILDING).with(SINCE, Long.toString(now));
  }

  /** {@code record} recording the state dropping. */
  static TableRecord dropping(TableRecord record) {
    return record.with(KEY, DROPPING);
  }

  /** {@code record} without a recorded state: active. */
  static TableRecord active(TableRecord record) {
    return record.without(KEY, SINCE);
  }
}
