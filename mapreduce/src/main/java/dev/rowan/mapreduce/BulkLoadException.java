package dev.rowan.mapreduce;

import dev.rowan.RowanException;
import java.util.List;

/**
 * A bulk load cannot start, or its job failed, or its input had more bad lines than allowed. The
 * message names the entity, the path, the table or the option at fault and says whether anything
 * was loaded: every check that can be made before the job runs is made before any HFile is written,
 * and a job that fails leaves the tables as they were.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class BulkLoadException extends RowanException {

  private static final long serialVersionUID = 1L;

  private BulkLoadException(String message) {
    super(message);
  }

  private BulkLoadException(String message, Throwable cause) {
    super(message, cause);
  }

  /** An input path does not exist. */
  public static BulkLoadException missingInput(String entity, String path) {
    return new BulkLoadException(
        "Cannot bulk load "
            + entity
            + ": input path "
            + path
            + " does not exist; nothing was written");
  }

  /** The entity class named on the command line cannot be loaded. */
  public static BulkLoadException entityNotFound(String className, Throwable cause) {
    return new BulkLoadException(
        "Cannot bulk load: entity class "
            + className
            + " is not on the class path"
            + " (give its jar with -libjars); nothing was written",
        cause);
  }

  /**
   * The entity class named on the command line was loaded where Rowan's annotations cannot be seen.
   */
  public static BulkLoadException entityNotReadable(String reason) {
    return new BulkLoadException("Cannot bulk load: " + reason + "; nothing was written");
  }

  /** The entity, or its input, asks for something a bulk load cannot do. */
  public static BulkLoadException unsupported(String entity, String reason) {
    return new BulkLoadException(
        "Cannot bulk load " + entity + ": " + reason + "; nothing was written");
  }

  /** An option has a value that means nothing. */
  public static BulkLoadException badOption(String key, String value, String expected) {
    return new BulkLoadException(
        "Bulk load option " + key + " = '" + value + "' is not " + expected);
  }

  /** The input is not usable as a whole, for example a CSV header names no such property. */
  public static BulkLoadException badInput(String entity, String path, String reason) {
    return new BulkLoadException(
        "Cannot bulk load " + entity + " from " + path + ": " + reason + "; nothing was written");
  }

  /**
   * More lines were rejected than {@code limit}, the value of the option {@code option}, allows;
   * the HFiles were not loaded.
   */
  public static BulkLoadException tooManyRejects(
      String entity, long rejected, long lines, String option, String limit, String rejects) {
    return new BulkLoadException(
        "Bulk load of "
            + entity
            + " rejected "
            + rejected
            + " of "
            + lines
            + " lines, more than "
            + option
            + " = "
            + limit
            + " allows; nothing was loaded."
            + " The rejected lines and reasons are in "
            + rejects);
  }

  /** The input holds the same key more than once; the HFiles were not loaded. */
  public static BulkLoadException duplicateKeys(String entity, long count, List<String> samples) {
    return new BulkLoadException(
        "Bulk load of "
            + entity
            + " found "
            + count
            + " cells written twice: the input holds"
            + " the same key more than once, and which line wins would be undefined; nothing was loaded."
            + (samples.isEmpty() ? "" : " Some of the rows: " + String.join(", ", samples)));
  }

  /** The MapReduce job failed; the HFiles were not loaded. */
  public static BulkLoadException jobFailed(String entity, String job, String reason) {
    return new BulkLoadException(
        "Bulk load job " + job + " of " + entity + " failed: " + reason + "; nothing was loaded");
  }

  /** Loading the HFiles of {@code table} failed after {@code loaded} were loaded. */
  public static BulkLoadException loadFailed(
      String entity, String table, List<String> loaded, String hfiles, Throwable cause) {
    return new BulkLoadException(
        "Bulk load of "
            + entity
            + " could not load the HFiles of "
            + table
            + (loaded.isEmpty() ? " (no table was loaded)" : " after loading " + loaded)
            + ": "
            + cause.getMessage()
            + ". The HFiles are kept in "
            + hfiles
            + "; load them with org.apache.hadoop.hbase.tool.BulkLoadHFilesTool or run the load again",
        cause);
  }

  /** The job could not be set up or run because the cluster or file system failed. */
  public static BulkLoadException io(String entity, String operation, Throwable cause) {
    return new BulkLoadException(
        "Bulk load of "
            + entity
            + ": "
            + operation
            + " failed: "
            + cause.getMessage()
            + "; nothing was loaded",
        cause);
  }
}
