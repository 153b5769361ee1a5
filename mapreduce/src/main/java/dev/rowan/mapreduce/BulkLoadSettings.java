package dev.rowan.mapreduce;

import dev.rowan.mapreduce.BulkLoad.Format;
import java.util.Locale;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The job configuration keys the driver sets for the tasks, next to the public options of {@link
 * BulkLoad}, and their reading.
 */
final class BulkLoadSettings {

  /** The entity class name. */
  static final String ENTITY = "rowan.bulkload.entity";

  /** The load's timestamp, chosen once by the driver. */
  static final String TIMESTAMP = "rowan.bulkload.timestamp";

  /**
   * The full names of the tables written, in groups ({@link LoadTables}): the main table first,
   * then the views in order; a group per period for an entity kept in one table per period.
   */
  static final String TABLES = "rowan.bulkload.tables";

  /**
   * The periods whose tables the load writes, as ISO dates, oldest first (the groups of {@link
   * #TABLES}); unset for an entity kept in one table.
   */
  static final String PERIODS = "rowan.bulkload.periods";

  /** Where the tasks write rejected lines. */
  static final String REJECTS_DIR = "rowan.bulkload.rejects.dir";

  /** Where the reducers note duplicated rows. */
  static final String DUPLICATES_DIR = "rowan.bulkload.duplicates.dir";

  /**
   * Whether the main tables (one per period for an entity kept in one table per period) held no row
   * when the job started: then no loaded key has a prior state, and the map tasks do not read one
   * (a first load costs no reads).
   */
  static final String MAIN_TABLE_EMPTY = "rowan.bulkload.main.empty";

  private BulkLoadSettings() {}

  /**
   * The entity class named in {@code conf}, loaded through its class loader.
   *
   * @throws BulkLoadException when it is not on the class path, or was loaded where Rowan's
   *     annotations cannot be seen
   */
  static Class<?> entityClass(Configuration conf) {
    String name = conf.get(ENTITY);
    try {
      return ToolConfiguration.entityClass(conf, name);
    } catch (ClassNotFoundException | NoClassDefFoundError e) {
      throw BulkLoadException.entityNotFound(name, e);
    } catch (IllegalArgumentException e) {
      throw BulkLoadException.entityNotReadable(
          Objects.requireNonNull(e.getMessage(), "entityClass says where the class was loaded"));
    }
  }

  /**
   * The input format named by {@link BulkLoad#FORMAT}, CSV unless set.
   *
   * @throws BulkLoadException when the name is none of {@code csv}, {@code tsv}, {@code json}
   */
  static Format format(Configuration conf) {
    String name = conf.get(BulkLoad.FORMAT, "csv").trim();
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "csv" -> Format.CSV;
      case "tsv" -> Format.TSV;
      case "json", "jsonl", "json_lines", "json-lines" -> Format.JSON_LINES;
      default -> throw BulkLoadException.badOption(BulkLoad.FORMAT, name, "csv, tsv or json");
    };
  }

  static Path rejectsDir(Configuration conf) {
    return new Path(conf.get(REJECTS_DIR));
  }

  static Path duplicatesDir(Configuration conf) {
    return new Path(conf.get(DUPLICATES_DIR));
  }
}
