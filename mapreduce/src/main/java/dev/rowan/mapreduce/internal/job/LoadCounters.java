package dev.rowan.mapreduce.internal.job;

/**
 * Internal, not API: the names of the job counters a bulk load keeps, in two groups: totals, and
 * rows per table (named {@code main} and after each view, short enough for Hadoop's counter name
 * limit).
 */
public final class LoadCounters {

  public static final String GROUP = "Rowan bulk load";
  public static final String ROWS_GROUP = "Rowan bulk load rows";

  /** Input lines read, header rows and blank lines not counted. */
  public static final String LINES = "Lines read";

  /** Lines that became entities. */
  public static final String ENTITIES = "Entities";

  /** Lines rejected. */
  public static final String REJECTED = "Lines rejected";

  /** Entities whose key already held an entity. */
  public static final String EXISTING = "Existing keys replaced";

  /** View rows of replaced entities deleted because their key changed. */
  public static final String RETIRED = "Old view rows deleted";

  /** Cells that two input lines both wrote: the same key given twice. */
  public static final String DUPLICATES = "Duplicate cells";

  public static final String MAIN = "main";

  /**
   * Rows written into HFiles, per table: one counter per table, named by the table's name without
   * namespace ({@code orders.seller}). Rows, not records: two records of one row (two entities with
   * the same key of a unique view) count once.
   */
  public static final String HFILE_ROWS_GROUP = "Rowan HFile rows";

  private LoadCounters() {}
}
