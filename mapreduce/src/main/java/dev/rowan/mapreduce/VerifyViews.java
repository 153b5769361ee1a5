package dev.rowan.mapreduce;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.Rowan;
import dev.rowan.core.TableSet;
import dev.rowan.core.observation.RowanJobContext;
import dev.rowan.mapreduce.internal.job.JobObservation;
import dev.rowan.mapreduce.internal.job.ToolConfiguration;
import dev.rowan.mapreduce.internal.view.ViewJobSettings;
import dev.rowan.mapreduce.internal.view.ViewJobTables;
import dev.rowan.mapreduce.internal.view.ViewJobs;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;
import org.jspecify.annotations.Nullable;

/**
 * Compares every view of an entity with its rebuild from the main table and reports, per view, the
 * entities that have no view row (missing), the view rows that are unverified or carry other values
 * than their entity (stale) and the view rows no entity maps to (orphans), with a sample of keys;
 * {@link #repair()} also fixes them, and {@link #rebuild()} rewrites every view row from the main
 * table (as {@link RebuildViews} does).
 *
 * <pre>{@code
 * for (ViewReport view : VerifyViews.of(rowan, Order.class).check()) {
 *   System.out.println(view.summary());
 * }
 * }</pre>
 *
 * <p>It runs a map-only MapReduce job with one map task per region of the main table and of each
 * view table. A task over view rows reads their main rows, a batch at a time in one multi-get, and
 * finds stale rows and orphans; a task over main rows looks up each entity's view rows, a batch at
 * a time in one multi-get of existence checks, and finds missing rows. Counts are job counters;
 * each task writes a few keys of each kind to the job's output, which the driver reads back. The
 * job runs on the framework the configuration names: by default the configuration of the Rowan's
 * connection, whose {@code mapreduce.framework.name} is {@code local} unless set otherwise (the job
 * then runs in this process). A check, a repair and a rebuild may run while writers write (a write
 * in flight shows as a stale row): every batch of rows is read again before it is judged, and every
 * repair is conditional on the row as read, as a reader's is. See docs/bulk-load.md and
 * docs/view-consistency.md, "Views on live tables".
 *
 * <p>An entity kept in one table per period ({@code @TablePerPeriod}) has views in every period:
 * each period whose tables exist (or each one {@link #periods} names) gets its own job, oldest
 * first, and its own reports, one per view table of the period ({@code visits_2026_11.page}).
 *
 * <p>From the command line, as a Hadoop {@code Tool}:
 *
 * <pre>
 * HADOOP_CLASSPATH=$(hbase mapredcp) hadoop jar rowan-mapreduce-<version>-job.jar dev.rowan.mapreduce.VerifyViews \
 *     -libjars orders-model.jar -D rowan.views.namespace=shop com.example.Order check|repair|rebuild
 * </pre>
 *
 * <p>Thread-safety: immutable; each call runs its own job, and separate calls may run at once.
 *
 * @since 0.1
 */
public final class VerifyViews {

  /** The namespace of the tables, for the command line; HBase's default unless set. */
  public static final String NAMESPACE = ViewJobSettings.NAMESPACE;

  /** Rows a map task checks per multi-get (and its scanner caching); 500 unless set. */
  public static final String BATCH = ViewJobSettings.BATCH;

  /**
   * Keys at fault each map task writes per view and kind, and the report keeps per view; 10 unless
   * set.
   */
  public static final String SAMPLES = ViewJobSettings.SAMPLES;

  /**
   * Where the job's files go; a fresh directory under {@code hadoop.tmp.dir}/rowan-views unless
   * set.
   */
  public static final String WORK_DIR = ViewJobSettings.WORK_DIR;

  /**
   * The views to check, repair or rebuild, by name, separated by commas; every view of the entity
   * unless set. {@link RebuildViews#views} sets it: a view added to a table with data is built
   * without rewriting the others.
   */
  public static final String VIEWS = ViewJobSettings.VIEWS;

  /**
   * For an entity kept in one table per period, the periods to check, repair or rebuild, each named
   * by a day in it ({@code 2026-11-01}), separated by commas; every period whose tables exist
   * unless set. {@link #periods} sets it.
   */
  public static final String PERIODS = ViewJobSettings.PERIODS;

  /** Seconds between progress lines; 0 prints none; 5 unless set. */
  public static final String PROGRESS_SECONDS = ViewJobSettings.PROGRESS_SECONDS;

  private final Rowan rowan;
  private final Class<?> entityType;
  private final @Nullable Configuration configuration; // the Rowan connection's unless set
  private final PrintStream progress;

  private VerifyViews(
      Rowan rowan,
      Class<?> entityType,
      @Nullable Configuration configuration,
      PrintStream progress) {
    this.rowan = rowan;
    this.entityType = entityType;
    this.configuration = configuration;
    this.progress = progress;
  }

  /** Verifies the views of {@code entityType} in the tables of {@code rowan}. */
  public static VerifyViews of(Rowan rowan, Class<?> entityType) {
    return new VerifyViews(
        Objects.requireNonNull(rowan, "rowan"),
        Objects.requireNonNull(entityType, "entityType"),
        null,
        System.out);
  }

  /**
   * A copy that runs its jobs with {@code configuration} (the cluster's, the framework, the options
   * of this class) instead of the configuration of the Rowan's connection; the views chosen by
   * {@link #views} stay chosen unless {@code configuration} sets {@link #VIEWS}.
   */
  public VerifyViews configuration(Configuration configuration) {
    Configuration copy = new Configuration(Objects.requireNonNull(configuration, "configuration"));
    for (String chosen :
        new String[] {VIEWS, PERIODS}) { // views(...) and periods(...) chosen before stay chosen
      if (copy.get(chosen) == null
          && this.configuration != null
          && this.configuration.get(chosen) != null) {
        copy.set(chosen, this.configuration.get(chosen));
      }
    }
    return new VerifyViews(rowan, entityType, copy, progress);
  }

  /** A copy that works on the views named {@code views} only ({@link #VIEWS}). */
  public VerifyViews views(String... views) {
    Configuration conf =
        new Configuration(
            configuration != null ? configuration : rowan.connection().getConfiguration());
    conf.setStrings(VIEWS, views);
    return new VerifyViews(rowan, entityType, conf, progress);
  }

  /**
   * A copy that works on the periods holding the days {@code days} only ({@link #PERIODS}), for an
   * entity kept in one table per period.
   */
  public VerifyViews periods(LocalDate... days) {
    Configuration conf =
        new Configuration(
            configuration != null ? configuration : rowan.connection().getConfiguration());
    conf.setStrings(
        PERIODS,
        Arrays.stream(days)
            .map(day -> Objects.requireNonNull(day, "day").toString())
            .toArray(String[]::new));
    return new VerifyViews(rowan, entityType, conf, progress);
  }

  /** A copy that prints its progress lines to {@code progress} instead of standard output. */
  public VerifyViews progress(PrintStream progress) {
    return new VerifyViews(
        rowan, entityType, configuration, Objects.requireNonNull(progress, "progress"));
  }

  /**
   * Reports on every view without changing anything.
   *
   * @throws DataAccessException when HBase or the job fails
   * @throws dev.rowan.core.SchemaMismatchException when a table records another key layout than the
   *     mapping's (its rows would be misread), or when {@link #PERIODS} names a period without
   *     tables, naming its table; nothing is run then
   */
  public List<ViewReport> check() {
    return observed(RowanJobContext.Job.VERIFY_VIEWS, jobs -> jobs.verify(false));
  }

  /**
   * Reports on every view and fixes what is wrong: missing and stale rows are written from their
   * entity, verified; orphans are deleted.
   *
   * @throws DataAccessException when HBase or the job fails
   * @throws dev.rowan.core.SchemaMismatchException when a table records another key layout than the
   *     mapping's (a repair would delete its rows as orphans), or when {@link #PERIODS} names a
   *     period without tables, naming its table; nothing is run then
   */
  public List<ViewReport> repair() {
    return observed(RowanJobContext.Job.VERIFY_VIEWS, jobs -> jobs.verify(true));
  }

  /**
   * Rewrites every view row from the main table, verified, and deletes every orphan, as {@link
   * RebuildViews#run()} does.
   *
   * @throws DataAccessException when HBase or a job fails
   * @throws BulkLoadException when the HFiles cannot be loaded (they are kept, as it says)
   * @throws dev.rowan.core.SchemaMismatchException when a table records another key layout than the
   *     mapping's, or when {@link #PERIODS} names a period without tables; nothing is run then
   */
  public List<ViewReport> rebuild() {
    return observed(RowanJobContext.Job.REBUILD_VIEWS, ViewJobs::rebuild);
  }

  /**
   * Runs {@code run} as {@link #run} does, as one observation of {@code job} in the Rowan's
   * registry ({@code Rowan.observationRegistry()}, docs/observability.md).
   */
  private List<ViewReport> observed(
      RowanJobContext.Job job, Function<ViewJobs, List<ViewReport>> run) {
    return JobObservation.observe(
        rowan.observationRegistry(), job, entityType, () -> run(run), JobObservation::views);
  }

  /** Runs {@code run} on the entity's tables, or on each chosen period's in turn, oldest first. */
  private List<ViewReport> run(Function<ViewJobs, List<ViewReport>> run) {
    Configuration conf =
        configuration != null ? configuration : rowan.connection().getConfiguration();
    List<TableSet> sets = ViewJobSettings.tableSets(rowan, entityType, conf);
    if (sets.isEmpty()) {
      progress.println(entityType.getSimpleName() + " has no period tables: nothing to do");
    }
    List<ViewReport> reports = new ArrayList<>();
    for (TableSet set : sets) {
      ViewJobTables tables = ViewJobTables.of(rowan, entityType, set, conf, progress);
      reports.addAll(run.apply(new ViewJobs(rowan, entityType, tables, conf, progress)));
    }
    return reports;
  }

  /**
   * Runs the tool with HBase's configuration: {@code [-D option=value]... <entity class>
   * check|repair|rebuild}; exits with its status (0 done and, for a check, every view consistent; 1
   * failed; 2 wrong arguments; 3 a check found rows at fault).
   */
  public static void main(String[] args) throws Exception {
    System.exit(ToolRunner.run(ToolConfiguration.create(), new ViewsTool(), args));
  }
}
