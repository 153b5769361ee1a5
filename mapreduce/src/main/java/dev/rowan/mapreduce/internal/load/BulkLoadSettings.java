package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapreduce.BulkLoadException;
import dev.rowan.mapreduce.internal.job.ToolConfiguration;
import java.util.Locale;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * Internal, not API: the job configuration keys the driver sets for the tasks, next to the public
 * options of {@code BulkLoad}, and their reading.
 */
public final class BulkLoadSettings {

  /** The key of the option {@code BulkLoad.FORMAT}. */
  public static final String FORMAT = "rowan.bulkload.format";

  /** The key of the option {@code BulkLoad.NAMESPACE}. */
  public static final String NAMESPACE = "rowan.bulkload.namespace";

  /** The key of the option {@code BulkLoad.MAX_REJECTS}. */
  public static final String MAX_REJECTS = "rowan.bulkload.max.rejects";

  /** The key of the option {@code BulkLoad.REJECTS_LOGGED}. */
  public static final String REJECTS_LOGGED = "rowan.bulkload.rejects.logged";

  /** The key of the option {@code BulkLoad.WORK_DIR}. */
  public static final String WORK_DIR = "rowan.bulkload.work.dir";

  /** The key of the option {@code BulkLoad.IGNORE_UNKNOWN}. */
  public static final String IGNORE_UNKNOWN = "rowan.bulkload.ignore.unknown";

  /** The key of the option {@code BulkLoad.READ_BATCH}. */
  public static final String READ_BATCH = "rowan.bulkload.read.batch";

  /** The key of the option {@code BulkLoad.PROGRESS_SECONDS}. */
  public static final String PROGRESS_SECONDS = "rowan.bulkload.progress.seconds";

  /** The entity class name. */
  public static final String ENTITY = "rowan.bulkload.entity";

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

  /**
   * Whether the main tables (one per period for an entity kept in one table per period) held no row
   * when the job started: then no loaded key has a prior state, and the map tasks do not read one
   * (a first load costs no reads).
   */
  static final String MAIN_TABLE_EMPTY = "rowan.bulkload.main.empty";

  static final int DEFAULT_REJECTS_LOGGED = 1000;
  static final int DEFAULT_READ_BATCH = 500;
  static final int DEFAULT_PROGRESS_SECONDS = 5;

  private BulkLoadSettings() {}

  /**
   * The entity class named in {@code conf}, loaded through its class loader.
   *
   * @throws BulkLoadException when it is not on the class path, or was loaded where Rowan's
   *     annotations cannot be seen
   */
  public static Class<?> entityClass(Configuration conf) {
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
   * The input format named by {@code FORMAT}, CSV unless set.
   *
   * @throws BulkLoadException when the name is none of {@code csv}, {@code tsv}, {@code json}
   */
  static RecordFormat format(Configuration conf) {
    String name = conf.get(FORMAT, "csv").trim();
    return switch (name.toLowerCase(Locale.ROOT)) {
      case "csv" -> RecordFormat.CSV;
      case "tsv" -> RecordFormat.TSV;
      case "json", "jsonl", "json_lines", "json-lines" -> RecordFormat.JSON_LINES;
      default -> throw BulkLoadException.badOption(FORMAT, name, "csv, tsv or json");
    };
  }

  static Path rejectsDir(Configuration conf) {
    return new Path(conf.get(REJECTS_DIR));
  }
}
