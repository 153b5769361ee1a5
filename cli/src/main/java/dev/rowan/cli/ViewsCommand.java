package dev.rowan.cli;

import dev.rowan.mapreduce.RebuildViews;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rowan views verify|repair|rebuild <entity class>}: the views of an entity against its
 * table, by the MapReduce jobs of {@link VerifyViews} and {@link RebuildViews}, on the framework
 * the configuration names or in this process ({@link JobOptions}). Their progress goes to standard
 * error, the report of each view to standard output.
 */
@Command(
    name = "views",
    mixinStandardHelpOptions = true,
    description =
        "Verifies, repairs or rebuilds the views of an entity from its main table (docs/bulk-load.md).",
    subcommands = {
      ViewsCommand.Verify.class,
      ViewsCommand.Repair.class,
      ViewsCommand.Rebuild.class
    })
final class ViewsCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(), "Missing a command: verify, repair or rebuild");
  }

  /**
   * Prints one line per view; returns 1 when {@code failIfInconsistent} and a view is not
   * consistent.
   */
  static int print(PrintWriter out, List<ViewReport> reports, boolean failIfInconsistent) {
    if (reports.isEmpty()) {
      out.println("The entity has no views.");
    }
    reports.forEach(report -> out.println(report.summary()));
    return failIfInconsistent && !reports.stream().allMatch(ViewReport::consistent) ? 1 : 0;
  }

  /** What the three subcommands share: the entity, a session, and the report printed. */
  abstract static class ViewsAction implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(paramLabel = "<entity class>", description = "The entity class.")
    Class<?> entity;

    @Mixin JobOptions job;

    /** What the subcommand does to the views; returns the report of each. */
    abstract List<ViewReport> act(VerifyViews views);

    /**
     * Where under {@code hadoop.tmp.dir} the job stages HFiles for the region servers to load, or
     * null when it stages none.
     */
    @Nullable String hfilesUnder() {
      return null;
    }

    /** Whether a view at fault is a failure (exit status 1) rather than work done. */
    boolean failIfInconsistent() {
      return false;
    }

    @Override
    public Integer call() {
      RowanCli cli = RowanCli.of(spec);
      try (Session session = job.openSession(hfilesUnder())) {
        Configuration conf = job.configuration(session, hfilesUnder());
        if (job.workDir != null) {
          conf.set(VerifyViews.WORK_DIR, job.workDir);
        }
        VerifyViews views =
            VerifyViews.of(session.rowan(), entity).configuration(conf).progress(cli.err);
        return print(spec.commandLine().getOut(), act(views), failIfInconsistent());
      }
    }
  }

  @Command(
      name = "verify",
      mixinStandardHelpOptions = true,
      description =
          "Counts, per view, entities without a view row (missing), view rows that differ from their entity"
              + " (stale) and view rows of no entity (orphans); exit status 1 when any is found.")
  static final class Verify extends ViewsAction {
    @Override
    List<ViewReport> act(VerifyViews views) {
      return views.check();
    }

    @Override
    boolean failIfInconsistent() {
      return true;
    }
  }

  @Command(
      name = "repair",
      mixinStandardHelpOptions = true,
      description =
          "Verifies the views and fixes the rows at fault. Run it while no saves of the entity run.")
  static final class Repair extends ViewsAction {
    @Override
    List<ViewReport> act(VerifyViews views) {
      return views.repair();
    }
  }

  @Command(
      name = "rebuild",
      mixinStandardHelpOptions = true,
      description =
          "Rewrites every view row from the main table. Run it while no saves of the entity run.")
  static final class Rebuild extends ViewsAction {
    @Override
    List<ViewReport> act(VerifyViews views) {
      return views.rebuild(); // what RebuildViews.run() does
    }

    @Override
    String hfilesUnder() {
      return "rowan-views";
    }
  }
}
