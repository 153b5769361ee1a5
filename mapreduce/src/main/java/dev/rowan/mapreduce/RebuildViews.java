package dev.rowan.mapreduce;

import dev.rowan.core.Rowan;
import dev.rowan.mapreduce.internal.job.ToolConfiguration;
import java.io.PrintStream;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.util.ToolRunner;

/**
 * Rewrites every view of an entity from its main table: each entity's view rows written again,
 * verified, and every view row that no entity maps to deleted. For a view added to an entity that
 * already has rows, views damaged by hand, or a restore of one table without the others. It may run
 * while the application writes (docs/view-consistency.md, "Views on live tables").
 *
 * <pre>{@code
 * RebuildViews.of(rowan, Order.class).run().forEach(view -> System.out.println(view.summary()));
 * }</pre>
 *
 * <p>A wait, two MapReduce jobs and a load: while a view is building, the rebuild first waits until
 * every client knows it ({@code Schema#awaitBuildingViewsKnown}); a job scans the main table (one
 * map task per region) and writes each entity's view rows as HFiles, the cells a save leaves but
 * unverified (writers may retire a row meanwhile), which are loaded with HBase's {@code
 * BulkLoadHFiles}; then a {@link VerifyViews} repair job settles the loaded rows whose entity has
 * not changed since, fixes what the HFiles cannot (rows hidden by newer cells, entities whose main
 * row has no status cell, unique keys whose owner cell names another entity) and deletes orphans,
 * each write conditional on the row as read. The views stay readable throughout. A view still
 * building ({@code Schema#buildingViews}) is made active at the end, so that queries read it from
 * then on, unless a unique view's key has two owners. See docs/bulk-load.md.
 *
 * <p>For an entity kept in one table per period ({@code @TablePerPeriod}), the views of every
 * period whose tables exist are rebuilt, a period at a time, oldest first (or those of the periods
 * {@link #periods} names), each as a single table's: a view that {@code schema().create} added,
 * building, to periods made before it was declared is built in each of them and made active there.
 *
 * <p>From the command line: {@code hadoop jar rowan-mapreduce-<version>-job.jar
 * dev.rowan.mapreduce.RebuildViews -libjars orders-model.jar [-D rowan.views.namespace=shop]
 * com.example.Order} (docs/bulk-load.md, "On a cluster").
 *
 * <p>Thread-safety: immutable; each call runs its own jobs.
 *
 * @since 0.1
 */
public final class RebuildViews {

  private final VerifyViews verify;

  private RebuildViews(VerifyViews verify) {
    this.verify = verify;
  }

  /** Rebuilds the views of {@code entityType} in the tables of {@code rowan}. */
  public static RebuildViews of(Rowan rowan, Class<?> entityType) {
    return new RebuildViews(VerifyViews.of(Objects.requireNonNull(rowan, "rowan"), entityType));
  }

  /** A copy that runs its jobs with {@code configuration}, as {@link VerifyViews#configuration}. */
  public RebuildViews configuration(Configuration configuration) {
    return new RebuildViews(verify.configuration(configuration));
  }

  /**
   * A copy that rebuilds the views named {@code views} only ({@link VerifyViews#VIEWS}): after
   * {@code schema().create} added a view to a table with data, the new view is filled without
   * rewriting the others (which their readers would otherwise check against the main table until
   * the repair pass has settled them again).
   */
  public RebuildViews views(String... views) {
    return new RebuildViews(verify.views(views));
  }

  /**
   * A copy that rebuilds the views of the periods holding the days {@code days} only ({@link
   * VerifyViews#PERIODS}), for an entity kept in one table per period.
   */
  public RebuildViews periods(LocalDate... days) {
    return new RebuildViews(verify.periods(days));
  }

  /** A copy that prints its progress lines to {@code progress} instead of standard output. */
  public RebuildViews progress(PrintStream progress) {
    return new RebuildViews(verify.progress(progress));
  }

  /**
   * Rewrites every view. Each report counts the rows the repair pass found at fault after the
   * HFiles were loaded (those the load could not set right), and as repaired every view row written
   * (one per entity with a row in the view) and every orphan deleted.
   *
   * @throws dev.rowan.core.DataAccessException when HBase or a job fails
   * @throws BulkLoadException when the HFiles cannot be loaded (they are kept, as it says)
   * @throws dev.rowan.core.SchemaMismatchException when a table records another key layout than the
   *     mapping's; nothing is run then
   */
  public List<ViewReport> run() {
    return verify.rebuild();
  }

  /**
   * Runs {@code [-D option=value]... <entity class>} as {@code VerifyViews ... rebuild}; exits with
   * its status.
   */
  public static void main(String[] args) throws Exception {
    String[] withMode = Arrays.copyOf(args, args.length + 1);
    withMode[args.length] = "rebuild";
    System.exit(ToolRunner.run(ToolConfiguration.create(), new ViewsTool(), withMode));
  }
}
