package dev.rowan.mapreduce;

import java.util.List;
import org.apache.hadoop.hbase.TableName;

/**
 * What {@link VerifyViews} found in one view, and what it repaired.
 *
 * <p>Thread-safety: immutable.
 *
 * @param view the view name
 * @param table the view table
 * @param rows the view rows read; exact for a check, while a repair, whose map tasks run side by
 *     side, may also read rows that another of its tasks has just written
 * @param missing entities of the main table that have no row in the view
 * @param stale view rows of a live entity that are unverified or carry other values than it
 * @param orphans view rows that no entity of the main table maps to
 * @param repaired the rows written or deleted by a repair (0 for a check)
 * @param samples some of the keys at fault, as {@code kind row}, at most ten
 */
public record ViewReport(String view, TableName table, long rows, long missing, long stale, long orphans,
    long repaired, List<String> samples) {

  /** Copies the samples. */
  public ViewReport {
    samples = List.copyOf(samples);
  }

  /** Whether the view equals its rebuild from the main table. */
  public boolean consistent() {
    return missing == 0 && stale == 0 && orphans == 0;
  }

  /** One line for a console. */
  public String summary() {
    return String.format("%s: %,d rows, %,d missing, %,d stale, %,d orphans%s%s", table.getNameAsString(), rows,
        missing, stale, orphans, repaired == 0 ? "" : String.format(", %,d repaired", repaired),
        samples.isEmpty() ? "" : " (e.g. " + String.join(", ", samples) + ")");
  }
}
