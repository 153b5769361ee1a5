package dev.rowan.mapreduce;

/**
 * The names of the job counters a bulk load keeps, in two groups: totals, and rows per table (named
 * {@code main} and after each view, short enough for Hadoop's counter name limit).
 */
final class LoadCounters {

  static final String GROUP = "Rowan bulk load";
  static final String ROWS_GROUP = "Rowan bulk load rows";

  /** Input lines read, header rows and blank lines not counted. */
  static final String LINES = "Lines read";

  /** Lines that became entities. */
  static final String ENTITIES = "Entities";

  /** Lines rejected. */
  static final String REJECTED = "Lines rejected";

  /** Entities whose key already held an entity. */
  static final String EXISTING = "Existing keys replaced";

  /** View rows of replaced entities deleted because their key changed. */
  static final String RETIRED = "Old view rows deleted";

  /** Cells that two input lines both wrote: the same key given twice. */
  static final String DUPLICATES = "Duplicate cells";

  static final String MAIN = "main";

  /**
   * Rows written into HFiles, per table: one counter per table, named by the table's name without
   * namespace ({@code orders.seller}). Rows, not records: two records of one row (two entities with
   * the same key of a unique view) count once.
   */
  static final String HFILE_ROWS_GROUP = "Rowan HFile rows";

  private LoadCounters() {}
}
