package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapreduce.BulkLoadException;

/**
 * Internal, not API: how many rejected lines a load tolerates: an absolute count ({@code 1000}) or
 * a share of the lines read ({@code 1%}, {@code 0.5%}). The load fails when the rejects exceed it.
 *
 * @param text the option as given
 * @param count the absolute limit, or -1 for a share
 * @param percent the share in percent, for a share
 */
public record RejectThreshold(String text, long count, double percent) {

  /** The default: one percent of the lines read. */
  static final String DEFAULT = "1%";

  /**
   * Reads {@code text}.
   *
   * @throws BulkLoadException when it is neither a count nor a percentage from 0 to 100
   */
  public static RejectThreshold parse(String text) {
    String trimmed = text.trim();
    try {
      if (trimmed.endsWith("%")) {
        double percent = Double.parseDouble(trimmed.substring(0, trimmed.length() - 1).trim());
        if (percent >= 0 && percent <= 100) {
          return new RejectThreshold(trimmed, -1, percent);
        }
      } else {
        long count = Long.parseLong(trimmed);
        if (count >= 0) {
          return new RejectThreshold(trimmed, count, 0);
        }
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw BulkLoadException.badOption(
        BulkLoadSettings.MAX_REJECTS,
        text,
        "a count of lines (1000) or a percentage of the lines read (1%)");
  }

  /** Whether {@code rejected} of {@code lines} lines are more than this allows. */
  boolean exceededBy(long rejected, long lines) {
    if (count >= 0) {
      return rejected > count;
    }
    return rejected > percent / 100.0 * lines;
  }
}
