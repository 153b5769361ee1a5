package dev.rowan.mapreduce.internal.view;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.Rowan;
import dev.rowan.index.MainRow;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapreduce.BulkLoadException;
import dev.rowan.mapreduce.ViewReport;
import dev.rowan.mapreduce.internal.hfile.HFileLoad;
import dev.rowan.mapreduce.internal.job.ContainerJvmOptions;
import dev.rowan.mapreduce.internal.job.JobProgress;
import dev.rowan.mapreduce.internal.job.LoadCounters;
import dev.rowan.mapreduce.internal.job.PermissionProbes;
import dev.rowan.mapreduce.internal.job.ToolConfiguration;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;

/**
 * Internal, not API: runs the jobs of {@code VerifyViews} and {@code RebuildViews} over one
 * entity's tables, or one period's ({@link ViewJobTables}): sets up a fresh work directory,
 * submits, prints progress, reads the counters and samples into reports, and cleans up.
 *
 * <p>Thread-safety: not thread-safe; one per run.
 */
public final class ViewJobs {

  private final Rowan rowan;
  private final Class<?> type;
  private final EntityModel<?> model;
  private final List<ViewModel> views;
  private final TableName main;
  private final List<TableName> viewTables;
  private final ViewJobTables tables;
  private final String entity;
  private final Configuration conf;
  private final PrintStream out;

  /** The jobs over {@code tables}, the tables of {@code type} or of one of its periods. */
  public ViewJobs(
      Rowan rowan, Class<?> type, ViewJobTables tables, Configuration base, PrintStream out) {
    this.rowan = rowan;
    this.type = type;
    this.model = EntityModel.of(type);
    this.tables = tables;
    this.main = tables.main();
    this.views = tables.views();
    this.viewTables = tables.viewTables();
    this.entity = tables.label(model);
    this.conf = new Configuration(base);
    conf.set(ViewJobSettings.ENTITY, type.getName());
    if (!views.isEmpty()) { // the tasks work on the same views
      conf.setStrings(
          ViewJobSettings.VIEWS, views.stream().map(ViewModel::name).toArray(String[]::new));
    }
    conf.setLong(ViewJobSettings.WRITE_LEASE, tables.writeLease().toMillis());
    conf.set(ViewJobSettings.MAIN_TABLE, main.getNameAsString());
    conf.setStrings(
        ViewJobSettings.VIEW_TABLES,
        viewTables.stream().map(TableName::getNameAsString).toArray(String[]::new));
    if (ToolConfiguration.isLocal(conf) && conf.get("mapreduce.local.map.tasks.maximum") == null) {
      conf.setInt("mapreduce.local.map.tasks.maximum", 2);
    }
    ContainerJvmOptions.apply(conf);
    this.out = out;
  }

  /** Runs a verify job, repairing when {@code repair}; one report per view. */
  public List<ViewReport> verify(boolean repair) {
    if (views.isEmpty()) {
      return List.of();
    }
    String label = (repair ? "Repair" : "Verify") + " views of " + entity;
    long began = System.nanoTime();
    if (repair) { // repairs rewrite view rows and fence main rows
      PermissionProbes.requireWrite(
          rowan.connection(), label, allTables(), MainRow.statusFamily(model));
    }
    return withWorkDir(
        label,
        work -> {
          Set<String> building = tables.building();
          Verified verified = runVerify(label, work, repair, false);
          List<ViewReport> reports =
              ViewCounters.reports(verified.counters(), null, views, viewTables, verified.samples())
                  .stream()
                  .map(
                      r -> building.contains(r.view()) ? r.withState(ViewReport.State.BUILDING) : r)
                  .toList();
          finished(label, began, reports);
          return reports;
        });
  }

  /**
   * Runs a rebuild: the job that writes every view row into HFiles, their load, then a verify job
   * that repairs what the load could not set right and deletes orphans.
   */
  public List<ViewReport> rebuild() {
    if (views.isEmpty()) {
      return List.of();
    }
    String label = "Rebuild views of " + entity;
    long began = System.nanoTime();
    PermissionProbes.requireLoad(rowan.connection(), label, viewTables);
    PermissionProbes.requireWrite(
        rowan.connection(), label, allTables(), MainRow.statusFamily(model));
    Set<String> building = new TreeSet<>(tables.building());
    building.removeIf(name -> views.stream().noneMatch(view -> view.name().equals(name)));
    if (!building.isEmpty()) {
      out.println(
          label
              + ": waiting until every client has known views "
              + String.join(", ", building)
              + " for "
              + rowan.viewRefresh().multipliedBy(3).plusSeconds(1).toSeconds()
              + " s, so that no writer writes past them");
      tables.awaitBuildingViewsKnown();
    }
    return withWorkDir(
        label,
        work -> {
          Path hfiles = new Path(work, "hfiles");
          Job job =
              ViewJobSetup.rebuild(conf, type, main, viewTables, work, hfiles, rowan.connection());
          Counters loaded =
              await(
                  job,
                  label,
                  work,
                  counters ->
                      String.format(
                          "%,d main rows, %,d view rows written",
                          ViewCounters.total(counters, ViewCounters.MAIN_ROWS),
                          ViewCounters.total(counters, ViewCounters.WRITTEN)));
          long duplicates =
              loaded.findCounter(LoadCounters.GROUP, LoadCounters.DUPLICATES).getValue();
          if (duplicates > 0) {
            throw new IOException(
                duplicates
                    + " view cells were written twice (two entities with the same key of a"
                    + " unique view?); nothing was loaded");
          }
          HFileLoad.load(conf, model.entityName(), viewTables, hfiles);
          out.println(label + ": HFiles loaded; repairing what they could not set right");
          Verified verified =
              runVerify(label + " (repair pass)", new Path(work, "repair"), true, true);
          List<ViewReport> counted =
              ViewCounters.reports(
                  verified.counters(), loaded, views, viewTables, verified.samples());
          Set<String> filled = new TreeSet<>(building);
          counted.stream().filter(r -> r.secondOwners() > 0).forEach(r -> filled.remove(r.view()));
          Set<String> activated = tables.activate(filled);
          List<ViewReport> reports =
              counted.stream()
                  .map(
                      r ->
                          r.withState(
                              activated.contains(r.view())
                                  ? ViewReport.State.ACTIVATED
                                  : building.contains(r.view())
                                      ? ViewReport.State.BUILDING
                                      : ViewReport.State.ACTIVE))
                  .toList();
          finished(label, began, reports);
          List<String> nowActive =
              reports.stream()
                  .filter(r -> r.state() == ViewReport.State.ACTIVATED)
                  .map(ViewReport::view)
                  .toList();
          if (!nowActive.isEmpty()) {
            out.println(
                label
                    + ": views "
                    + String.join(", ", nowActive)
                    + " are active: queries read them from now on");
          }
          for (ViewReport stays : reports.stream().filter(ViewReport::building).toList()) {
            out.println(
                label
                    + ": "
                    + (stays.secondOwners() > 0
                        ? "unique views "
                            + stays.view()
                            + " stay building: keys"
                            + " held by two entities ("
                            + stays.secondOwners()
                            + " without their key, e.g. "
                            + String.join(", ", stays.sharedKeys())
                            + "); give each key one owner and run the rebuild again"
                        : "view "
                            + stays.view()
                            + " stays building: it could not be made active; run the rebuild again"));
          }
          return reports;
        });
  }

  /** The main table, then the view tables. */
  private List<TableName> allTables() {
    List<TableName> all = new ArrayList<>(viewTables);
    all.add(0, main);
    return all;
  }

  private record Verified(Counters counters, ViewSamples samples) {}

  private Verified runVerify(String label, Path work, boolean repair, boolean settleLoaded)
      throws IOException, InterruptedException {
    Configuration jobConf = new Configuration(conf);
    jobConf.setBoolean(ViewJobSettings.REPAIR, repair);
    jobConf.setBoolean(ViewJobSettings.SETTLE_LOADED, settleLoaded);
    Path output = new Path(work, "samples");
    Job job = ViewJobSetup.verify(jobConf, type, main, viewTables, output);
    Counters counters =
        await(
            job,
            label,
            work,
            c ->
                String.format(
                    "%,d main rows, %,d view rows, %,d at fault, %,d" + " repaired",
                    ViewCounters.total(c, ViewCounters.MAIN_ROWS),
                    ViewCounters.total(c, ViewCounters.VIEW_ROWS),
                    ViewCounters.total(c, ViewCounters.FAULTS),
                    ViewCounters.total(c, ViewCounters.REPAIRED)));
    int limit = Math.max(0, conf.getInt(ViewJobSettings.SAMPLES, ViewJobSettings.DEFAULT_SAMPLES));
    return new Verified(counters, ViewSamples.read(conf, output, limit));
  }

  private Counters await(Job job, String label, Path work, Function<Counters, String> shown)
      throws IOException, InterruptedException {
    out.println(
        label
            + ": job "
            + job.getJobID()
            + " started, "
            + (1 + viewTables.size())
            + " tables; work directory "
            + work);
    int seconds =
        conf.getInt(ViewJobSettings.PROGRESS_SECONDS, ViewJobSettings.DEFAULT_PROGRESS_SECONDS);
    if (!JobProgress.await(job, out, seconds, label, shown)) {
      String reason = job.getStatus().getFailureInfo();
      throw new IOException(
          "job "
              + job.getJobID()
              + " failed: "
              + (reason == null || reason.isBlank()
                  ? "state " + job.getJobState() + "; see the task logs"
                  : reason));
    }
    return job.getCounters();
  }

  private void finished(String label, long began, List<ViewReport> reports) {
    long faults = reports.stream().mapToLong(r -> r.missing() + r.stale() + r.orphans()).sum();
    long repaired = reports.stream().mapToLong(ViewReport::repaired).sum();
    out.println(
        String.format(
            "%s: done in %.1f s, %d views, %,d rows at fault, %,d rows written or deleted",
            label,
            Duration.ofNanos(System.nanoTime() - began).toMillis() / 1000.0,
            reports.size(),
            faults,
            repaired));
  }

  /** A step that runs in a work directory. */
  @FunctionalInterface
  private interface Step<R> {
    R run(Path work) throws IOException, InterruptedException;
  }

  /**
   * Runs {@code step} in a fresh directory under {@code WORK_DIR} (by default under {@code
   * hadoop.tmp.dir}), deleted afterwards unless it holds HFiles that failed to load.
   */
  private <R> R withWorkDir(String label, Step<R> step) {
    String base = conf.get(ViewJobSettings.WORK_DIR);
    Path parent =
        base != null ? new Path(base) : new Path(conf.get("hadoop.tmp.dir"), "rowan-views");
    Path work =
        new Path(
            parent,
            model.entityName()
                + "-"
                + System.currentTimeMillis()
                + "-"
                + Integer.toHexString(ThreadLocalRandom.current().nextInt(0x1000000)));
    boolean keep = false;
    try {
      FileSystem fs = work.getFileSystem(conf);
      work = fs.makeQualified(work);
      try {
        return step.run(work);
      } catch (BulkLoadException e) {
        keep = true; // HFiles that failed to load stay for loading by hand, as the message says
        throw e;
      } finally {
        if (!keep) {
          fs.delete(work, true);
        }
      }
    } catch (InterruptedException | InterruptedIOException e) {
      Thread.currentThread().interrupt();
      throw DataAccessException.of(label + " (interrupted)", main.getNameAsString(), e);
    } catch (IOException e) {
      throw DataAccessException.of(label, main.getNameAsString(), e);
    }
  }
}
