package dev.rowan.mapreduce;

import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.jspecify.annotations.Nullable;

/**
 * What a bulk load loaded.
 *
 * <p>Thread-safety: immutable.
 *
 * @param entity the entity class's simple name
 * @param rows the rows written per table, the main table first, then each view (an entity with a
 *     null view key has no row in that view); for an entity kept in one table per period, the
 *     tables of each period whose tables exist, oldest first, each period's main table first; for
 *     an entity stored wide, entities rather than rows
 * @param lines the input lines read, header rows and blank lines not counted
 * @param rejected the lines rejected
 * @param replaced the entities whose key already held an entity, now replaced
 * @param retiredViewRows the view rows of replaced entities deleted because their key changed
 * @param rejects the directory of the rejects files, or null when no line was rejected
 * @param elapsed how long the load took, job and loading of the HFiles
 * @param entities the entities loaded: the lines that became entities, in every period's tables
 * @since 0.1
 */
public record BulkLoadResult(
    String entity,
    Map<TableName, Long> rows,
    long lines,
    long rejected,
    long replaced,
    long retiredViewRows,
    @Nullable Path rejects,
    Duration elapsed,
    long entities) {

  /** Keeps the tables in order. */
  public BulkLoadResult {
    rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
  }

  /**
   * A result whose entities are the rows written to the first table, the main table of an entity
   * kept in one table.
   */
  public BulkLoadResult(
      String entity,
      Map<TableName, Long> rows,
      long lines,
      long rejected,
      long replaced,
      long retiredViewRows,
      @Nullable Path rejects,
      Duration elapsed) {
    this(
        entity,
        rows,
        lines,
        rejected,
        replaced,
        retiredViewRows,
        rejects,
        elapsed,
        rows.isEmpty() ? 0 : rows.values().iterator().next());
  }

  /** The rows written to {@code table}, 0 for a table the load did not write. */
  public long rows(TableName table) {
    return rows.getOrDefault(table, 0L);
  }

  /** One line for a console: rows per table, rejects and time. */
  public String summary() {
    String tables =
        rows.entrySet().stream()
            .map(e -> e.getKey().getNameAsString() + " " + String.format("%,d", e.getValue()))
            .collect(Collectors.joining(", "));
    return String.format(
        "Bulk loaded %s in %.1f s: %s rows; %,d lines read, %,d rejected%s, %,d existing entities"
            + " replaced (%,d old view rows deleted)",
        entity,
        elapsed.toMillis() / 1000.0,
        tables,
        lines,
        rejected,
        rejects == null ? "" : " (see " + rejects + ")",
        replaced,
        retiredViewRows);
  }
}
