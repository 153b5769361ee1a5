package dev.rowan.mapreduce.internal.view;

import dev.rowan.index.ViewModel;
import dev.rowan.mapreduce.ViewReport;
import dev.rowan.mapreduce.internal.job.LoadCounters;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.mapreduce.Counters;
import org.jspecify.annotations.Nullable;

/**
 * The names of the job counters that {@code VerifyViews} and {@code RebuildViews} keep: totals in
 * one group, and one group per view ({@code Rowan view <name>}), so that every count of a {@link
 * ViewReport} is a counter of the job.
 */
final class ViewCounters {

  static final String GROUP = "Rowan views";

  /** Main table rows read. */
  static final String MAIN_ROWS = "Main rows read";

  /** View rows read, all views together. */
  static final String VIEW_ROWS = "View rows read";

  /** Missing, stale and orphan rows, all views together. */
  static final String FAULTS = "Rows at fault";

  /** Rows rewritten or deleted by a repair, all views together. */
  static final String REPAIRED = "Rows repaired";

  /** View rows written into HFiles by a rebuild, all views together. */
  static final String WRITTEN = "View rows written";

  /** Entities whose main row has no status cell, left by a rebuild's HFiles to its repair pass. */
  static final String NO_STATUS = "Entities without status";

  /** Per view: rows read. */
  static final String ROWS = "Rows";

  static final String MISSING = "Missing";
  static final String STALE = "Stale";
  static final String ORPHANS = "Orphans";

  /** Per view: missing and stale rows written again by a repair. */
  static final String REWRITTEN = "Rewritten";

  /** Per view: orphans deleted by a repair. */
  static final String DELETED = "Deleted";

  /** Per view: rows a rebuild wrote into HFiles. */
  static final String LOADED = "Loaded";

  /** Per view: keys of a unique view held by two entities, which no repair settles. */
  static final String SECOND_OWNERS = "Keys with two owners";

  /** Per view: rows as a rebuild's load left them (unverified), settled by its repair pass. */
  static final String SETTLED = "Settled after load";

  /**
   * Per view: rows of entities without a status cell, which a rebuild leaves to its repair pass.
   */
  static final String LEFT = "Left to repair";

  private ViewCounters() {}

  /** The group of one view's counters. */
  static String group(ViewModel view) {
    return "Rowan view " + view.name();
  }

  /** The counter of {@code kind} in a view's group. */
  static String name(ViewVerdict.Kind kind) {
    return switch (kind) {
      case MISSING -> MISSING;
      case STALE -> STALE;
      case ORPHAN -> ORPHANS;
      case CONSISTENT, RETIRED, AWAITING_RETIREMENT -> ROWS;
    };
  }

  static long count(Counters counters, ViewModel view, String name) {
    return counters.findCounter(group(view), name).getValue();
  }

  static long total(Counters counters, String name) {
    return counters.findCounter(GROUP, name).getValue();
  }

  /**
   * The report of each view from the counters of a verify job and, for a rebuild, of the job that
   * wrote the HFiles ({@code loaded}, null for a plain verify), every view {@code ACTIVE} (the
   * caller knows which are building). {@code repaired} counts what was written: the rows the verify
   * job rewrote or deleted, and for a rebuild also the rows in its HFiles (rows, not the records of
   * entities: two entities with one key of a unique view load one row; the rows left to the repair
   * pass for want of a status are counted when it writes them).
   */
  static List<ViewReport> reports(
      Counters verify,
      @Nullable Counters loaded,
      List<ViewModel> views,
      List<TableName> tables,
      ViewSamples samples) {
    List<ViewReport> reports = new ArrayList<>(views.size());
    for (int i = 0; i < views.size(); i++) {
      ViewModel view = views.get(i);
      long inHFiles =
          loaded == null
              ? 0
              : loaded
                  .findCounter(LoadCounters.HFILE_ROWS_GROUP, tables.get(i).getQualifierAsString())
                  .getValue();
      reports.add(
          new ViewReport(
              view.name(),
              tables.get(i),
              count(verify, view, ROWS),
              count(verify, view, MISSING),
              count(verify, view, STALE),
              count(verify, view, ORPHANS),
              inHFiles + count(verify, view, REWRITTEN) + count(verify, view, DELETED),
              samples.of(view),
              count(verify, view, SECOND_OWNERS),
              samples.shared(view),
              ViewReport.State.ACTIVE));
    }
    return reports;
  }
}
