package dev.rowan.mapreduce;

import java.util.List;
import java.util.Objects;
import org.apache.hadoop.hbase.TableName;

/**
 * What {@link VerifyViews} or {@link RebuildViews} found in one view, what it wrote, and whether
 * the view is read by queries afterwards. Every number is a job counter; {@link #summary()} shows
 * them all and nothing else.
 *
 * <p>Thread-safety: immutable.
 *
 * @param view the view name
 * @param table the view table
 * @param rows the view rows read; exact for a check, while a repair, whose map tasks run side by
 *     side, may also read rows that another of its tasks has just written
 * @param missing entities of the main table that have no row in the view (in a unique view, also
 *     those whose key another entity holds: {@code secondOwners})
 * @param stale view rows of a live entity that are unverified or carry other values than it
 * @param orphans view rows that no entity of the main table maps to
 * @param repaired the view rows written or deleted: by a repair, the rows it rewrote and the
 *     orphans it deleted (0 for a check); by a rebuild, also the rows its HFiles loaded (rows, not
 *     entities: two entities with one key of a unique view load one row)
 * @param samples some of the keys at fault, as {@code kind row}, at most ten
 * @param secondOwners entities whose key of this unique view another live entity holds (a key of
 *     three owners counts two); no repair gives them their key, and a rebuild leaves a building
 *     view building while there are any (0 for a view that is not unique)
 * @param sharedKeys some of the keys of {@code secondOwners}, each once, as the view's key
 *     properties with their values ({@code email=a@example.com}, or {@code (tenant=t-1, code=7)}
 *     for several), at most ten
 * @param state whether queries read the view after this run
 * @since 0.1
 */
public record ViewReport(
    String view,
    TableName table,
    long rows,
    long missing,
    long stale,
    long orphans,
    long repaired,
    List<String> samples,
    long secondOwners,
    List<String> sharedKeys,
    State state) {

  /**
   * Whether queries read a view after a run ({@code Schema#buildingViews},
   * docs/view-consistency.md).
   */
  public enum State {
    /** Active before the run: queries read it. */
    ACTIVE,
    /** Building before the run, and made active by this rebuild: queries read it from now on. */
    ACTIVATED,
    /** Building, and still building after the run: queries do not read it. */
    BUILDING
  }

  /** Copies the lists. */
  public ViewReport {
    samples = List.copyOf(samples);
    sharedKeys = List.copyOf(sharedKeys);
    Objects.requireNonNull(state, "state");
  }

  /**
   * A report of an active view of which no key has two owners, as reports were before they said so.
   */
  public ViewReport(
      String view,
      TableName table,
      long rows,
      long missing,
      long stale,
      long orphans,
      long repaired,
      List<String> samples) {
    this(view, table, rows, missing, stale, orphans, repaired, samples, 0, List.of(), State.ACTIVE);
  }

  /** This report with {@code state}. */
  public ViewReport withState(State state) {
    return new ViewReport(
        view,
        table,
        rows,
        missing,
        stale,
        orphans,
        repaired,
        samples,
        secondOwners,
        sharedKeys,
        state);
  }

  /** Whether the view equals its rebuild from the main table. */
  public boolean consistent() {
    return missing == 0 && stale == 0 && orphans == 0;
  }

  /** Whether queries do not read the view after this run: it is still building. */
  public boolean building() {
    return state == State.BUILDING;
  }

  /**
   * One line for a console: every number of the report, the shared keys, and the state when not
   * active.
   */
  public String summary() {
    return String.format(
        "%s: %,d rows, %,d missing, %,d stale, %,d orphans%s%s%s%s",
        table.getNameAsString(),
        rows,
        missing,
        stale,
        orphans,
        repaired == 0 ? "" : String.format(", %,d repaired", repaired),
        secondOwners == 0
            ? ""
            : String.format(
                ", %,d without their key (held by another entity: %s)",
                secondOwners, String.join(", ", sharedKeys)),
        samples.isEmpty() ? "" : " (e.g. " + String.join(", ", samples) + ")",
        switch (state) {
          case ACTIVE -> "";
          case ACTIVATED -> "; activated";
          case BUILDING -> "; still building";
        });
  }
}
