package dev.rowan.mapreduce.internal.load;

/**
 * The layout of a bulk load's input lines, as the job reads its {@code BulkLoad.Format}: the
 * delimiter of each text layout.
 *
 * <p>Thread-safety: immutable.
 */
enum RecordFormat {
  /** Comma-separated values with a header row. */
  CSV(','),
  /** Tab-separated values with a header row. */
  TSV('\t'),
  /** One JSON object per line. */
  JSON_LINES('\0');

  private final char delimiter;

  RecordFormat(char delimiter) {
    this.delimiter = delimiter;
  }

  char delimiter() {
    return delimiter;
  }
}
