package dev.rowan.mapreduce;

import dev.rowan.RowanException;
import dev.rowan.core.observation.RowanJobContext;
import dev.rowan.mapreduce.internal.job.JobObservation;
import dev.rowan.mapreduce.internal.job.ToolConfiguration;
import dev.rowan.mapreduce.internal.load.BulkLoadSettings;
import dev.rowan.mapreduce.internal.load.LoadDriver;
import dev.rowan.mapreduce.internal.load.RejectThreshold;
import io.micrometer.observation.ObservationRegistry;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;
import org.jspecify.annotations.Nullable;

/**
 * Loads entities from CSV, TSV or JSON-lines files into their table and every view, through HFiles:
 * a MapReduce job turns each line into an entity, writes the cells a save would write (view rows
 * verified at once) as HFiles for all the tables in one pass, partitioned by each table's regions,
 * and then the HFiles are loaded with HBase's {@code BulkLoadHFiles}. Reloading keys that exist
 * replaces their entities and deletes the view rows they leave (docs/bulk-load.md). An entity kept
 * in one table per period ({@code @TablePerPeriod}) goes to the tables of its period, of the
 * periods whose tables exist; a line whose period has none is rejected, naming the table: a load
 * creates no tables.
 *
 * <p>From code:
 *
 * <pre>{@code
 * BulkLoadResult result = BulkLoad.of(Order.class)
 *     .input(new Path("hdfs:///incoming/orders"))
 *     .format(BulkLoad.Format.CSV)
 *     .namespace("shop")
 *     .run(HBaseConfiguration.create());
 * }</pre>
 *
 * <p>From the command line, as a Hadoop {@link Tool} (options as {@code -D key=value}):
 *
 * <pre>
 * HADOOP_CLASSPATH=$(hbase mapredcp) hadoop jar rowan-mapreduce-<version>-job.jar dev.rowan.mapreduce.BulkLoad \
 *     -libjars orders-model.jar -D rowan.bulkload.namespace=shop com.example.Order /incoming/orders
 * </pre>
 *
 * <p>Before the job runs, every input path must exist, every CSV header must name properties, and
 * the tables must exist and match the mapping ({@code Rowan.schema().check}); otherwise a {@link
 * BulkLoadException} (or {@link dev.rowan.core.SchemaMismatchException}) says what is wrong and
 * nothing is written. Saves of the same keys must not run during a load.
 *
 * <p>Thread-safety: a {@code BulkLoad} tool instance is used by one thread; builders are not
 * thread-safe; separate loads may run at once.
 *
 * @since 0.1
 */
public final class BulkLoad extends Configured implements Tool {

  /** The input format: {@code csv} (the default), {@code tsv} or {@code json}. */
  public static final String FORMAT = BulkLoadSettings.FORMAT;

  /**
   * The namespace of the tables, as {@code Rowan.Builder.namespace}; HBase's default unless set.
   */
  public static final String NAMESPACE = BulkLoadSettings.NAMESPACE;

  /**
   * How many rejected lines fail the load: a count ({@code 1000}) or a percentage of the lines read
   * ({@code 0.5%}); {@code 1%} unless set. Past it, the HFiles are not loaded.
   */
  public static final String MAX_REJECTS = BulkLoadSettings.MAX_REJECTS;

  /**
   * How many rejected lines each map task writes to its rejects file; the rest are only counted.
   */
  public static final String REJECTS_LOGGED = BulkLoadSettings.REJECTS_LOGGED;

  /**
   * Where the HFiles and the rejects files go; a fresh directory under {@code hadoop.tmp.dir}
   * unless set.
   */
  public static final String WORK_DIR = BulkLoadSettings.WORK_DIR;

  /** Whether CSV columns and JSON fields that name no property are skipped rather than refused. */
  public static final String IGNORE_UNKNOWN = BulkLoadSettings.IGNORE_UNKNOWN;

  /** How many lines a map task reads the stored main rows of at once. */
  public static final String READ_BATCH = BulkLoadSettings.READ_BATCH;

  /** Seconds between progress lines on the console; 0 prints none. */
  public static final String PROGRESS_SECONDS = BulkLoadSettings.PROGRESS_SECONDS;

  /** The layout of input lines. */
  public enum Format {
    /** Comma-separated values with a header row naming properties (RFC 4180 quoting). */
    CSV,
    /** Tab-separated values with a header row naming properties. */
    TSV,
    /** One JSON object per line, its fields named after properties. */
    JSON_LINES
  }

  private final PrintStream out;
  private final PrintStream err;

  /** The tool, printing progress to standard output and errors to standard error. */
  public BulkLoad() {
    this(System.out, System.err);
  }

  BulkLoad(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /** Starts a bulk load of {@code entityType}. */
  public static <T> Builder<T> of(Class<T> entityType) {
    return new Builder<>(Objects.requireNonNull(entityType, "entityType"));
  }

  /**
   * Runs a load: {@code args} are the entity class name and one or more input paths, after Hadoop's
   * generic options ({@code -D}, {@code -libjars}, {@code -conf}) that {@link ToolRunner} has taken
   * away.
   *
   * @return 0 when the load succeeded, 1 when it failed (the reason on standard error), 2 for wrong
   *     arguments
   */
  @Override
  public int run(String[] args) {
    if (args.length < 2) {
      err.println(
          "Usage: BulkLoad [-D "
              + NAMESPACE
              + "=ns] [-D "
              + FORMAT
              + "=csv|tsv|json] [-D "
              + MAX_REJECTS
              + "=1%|1000] [-D "
              + WORK_DIR
              + "=dir] <entity class> <input path>...");
      return 2;
    }
    Configuration conf = getConf() == null ? ToolConfiguration.create() : getConf();
    try {
      Class<?> type = BulkLoadSettings.entityClass(withEntity(conf, args[0]));
      List<Path> inputs = Arrays.stream(args, 1, args.length).map(Path::new).toList();
      of(type)
          .input(inputs.toArray(new Path[0]))
          .progress(out)
          .run(conf); // prints the summary at the end
      return 0;
    } catch (RowanException e) {
      err.println(e.getMessage());
      return 1;
    }
  }

  private static Configuration withEntity(Configuration conf, String className) {
    Configuration copy = new Configuration(conf);
    copy.set(BulkLoadSettings.ENTITY, className);
    return copy;
  }

  /** Runs the tool with HBase's configuration; exits with its status. */
  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(ToolConfiguration.create(), new BulkLoad(), args));
  }

  /**
   * The options of one load. Options left unset are read from the {@code Configuration} given to
   * {@link #run}, under the keys of {@link BulkLoad}. Each option may be set once; setting one
   * twice is an error that shows the earlier value.
   *
   * <p>Thread-safety: not thread-safe.
   *
   * @param <T> the entity type
   */
  public static final class Builder<T> {
    private final Class<T> type;
    private final List<Path> inputs = new ArrayList<>();
    private @Nullable Format format;
    private @Nullable String namespace;
    private @Nullable Path workDir;
    private @Nullable String maxRejects;
    private @Nullable PrintStream progress;
    private @Nullable ObservationRegistry observations;

    private Builder(Class<T> type) {
      this.type = type;
    }

    /** Adds input files or directories (every visible file in a directory is read). */
    public Builder<T> input(Path... paths) {
      for (Path path : paths) {
        inputs.add(Objects.requireNonNull(path, "input path"));
      }
      return this;
    }

    /** Adds input files or directories, by name. */
    public Builder<T> input(String... paths) {
      for (String path : paths) {
        inputs.add(new Path(Objects.requireNonNull(path, "input path")));
      }
      return this;
    }

    /** The layout of the input lines; {@link Format#CSV} unless set here or by {@link #FORMAT}. */
    public Builder<T> format(Format format) {
      once("format", this.format);
      this.format = Objects.requireNonNull(format, "format");
      return this;
    }

    /** The namespace of the tables, as {@code Rowan.Builder.namespace} names it. */
    public Builder<T> namespace(String namespace) {
      once("namespace", this.namespace);
      this.namespace = Objects.requireNonNull(namespace, "namespace");
      return this;
    }

    /** Where the HFiles and the rejects files are written; must not hold HFiles already. */
    public Builder<T> workDir(Path workDir) {
      once("workDir", this.workDir);
      this.workDir = Objects.requireNonNull(workDir, "workDir");
      return this;
    }

    /**
     * How many rejected lines fail the load, a count ({@code "1000"}) or a percentage of the lines
     * read ({@code "0.5%"}); see {@link #MAX_REJECTS}.
     *
     * @throws BulkLoadException when the text is neither
     */
    public Builder<T> maxRejects(String limit) {
      once("maxRejects", this.maxRejects);
      RejectThreshold.parse(limit);
      this.maxRejects = limit;
      return this;
    }

    /** Where progress lines go while the job runs; standard output unless set. */
    public Builder<T> progress(PrintStream progress) {
      once("progress", this.progress);
      this.progress = Objects.requireNonNull(progress, "progress");
      return this;
    }

    /**
     * Runs the load against the cluster {@code conf} names, on the framework it names ({@code
     * mapreduce.framework.name}: {@code local} runs in this process).
     *
     * @throws BulkLoadException when the input, the entity or an option is unusable (nothing is
     *     written), when too many lines are rejected or the input repeats a key (nothing is
     *     loaded), or when the job or the loading fails
     * @throws dev.rowan.core.SchemaMismatchException when a table is missing or differs from the
     *     mapping; nothing is written
     */
    public BulkLoadResult run(Configuration conf) {
      Configuration job = new Configuration(Objects.requireNonNull(conf, "conf"));
      job.set(BulkLoadSettings.ENTITY, type.getName());
      if (format != null) {
        job.set(FORMAT, format.name());
      }
      if (namespace != null) {
        job.set(NAMESPACE, namespace);
      }
      if (workDir != null) {
        job.set(WORK_DIR, workDir.toString());
      }
      if (maxRejects != null) {
        job.set(MAX_REJECTS, maxRejects);
      }
      return JobObservation.observe(
          observations,
          RowanJobContext.Job.BULK_LOAD,
          type,
          () ->
              new LoadDriver(
                      type, List.copyOf(inputs), job, progress == null ? System.out : progress)
                  .run(),
          JobObservation::load);
    }

    /**
     * Reports the load as one {@code rowan.job} observation to {@code registry}, with its counters
     * (docs/observability.md); a Rowan's is {@code rowan.observationRegistry()}. Not observed
     * unless set.
     *
     * @throws IllegalStateException when it was already set
     */
    public Builder<T> observationRegistry(ObservationRegistry registry) {
      once("observationRegistry", observations);
      this.observations = Objects.requireNonNull(registry, "registry");
      return this;
    }

    private static void once(String option, @Nullable Object earlier) {
      if (earlier != null) {
        throw new IllegalStateException(option + " was already set to " + earlier);
      }
    }
  }
}
