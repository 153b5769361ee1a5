package dev.rowan.mapreduce;

import dev.rowan.RowanException;
import dev.rowan.core.Rowan;
import dev.rowan.mapreduce.internal.job.ToolConfiguration;
import dev.rowan.mapreduce.internal.view.ViewJobSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.conf.Configured;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.util.Tool;

/**
 * The command line of {@link VerifyViews} and {@link RebuildViews}, a Hadoop {@link Tool}: {@code
 * [-D option=value]... <entity class> check|repair|rebuild} after the generic options that {@code
 * ToolRunner} takes away. Progress lines and one summary per view go to standard output, errors to
 * standard error.
 *
 * <p>Thread-safety: one run at a time.
 */
final class ViewsTool extends Configured implements Tool {

  static final int FAULTS_FOUND = 3;

  private final PrintStream out;
  private final PrintStream err;

  ViewsTool() {
    this(System.out, System.err);
  }

  ViewsTool(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  /**
   * @return 0 when done (for a check, when every view is consistent), 1 when it failed, 2 for wrong
   *     arguments, 3 when a check found rows at fault
   */
  @Override
  public int run(String[] args) {
    String mode = args.length == 2 ? args[1].toLowerCase(Locale.ROOT) : "";
    if (!List.of("check", "verify", "repair", "rebuild").contains(mode)) {
      err.println(
          "Usage: VerifyViews [-D "
              + VerifyViews.NAMESPACE
              + "=ns] [-D "
              + VerifyViews.WORK_DIR
              + "=dir] [-D "
              + VerifyViews.VIEWS
              + "=view,...] [-D "
              + VerifyViews.PERIODS
              + "=2026-11-01,...]"
              + " <entity class> check|repair|rebuild");
      return 2;
    }
    Configuration conf = getConf() == null ? ToolConfiguration.create() : getConf();
    Class<?> type;
    try {
      type = ViewJobSettings.entityClass(conf, args[0]);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      return 2;
    }
    try (Connection connection = ConnectionFactory.createConnection(conf)) {
      Rowan.Builder builder = Rowan.builder(connection);
      if (conf.get(VerifyViews.NAMESPACE) != null) {
        builder.namespace(conf.get(VerifyViews.NAMESPACE));
      }
      Rowan rowan = builder.build();
      VerifyViews views = VerifyViews.of(rowan, type).configuration(conf).progress(out);
      List<ViewReport> reports =
          switch (mode) {
            case "repair" -> views.repair();
            case "rebuild" -> views.rebuild();
            default -> views.check();
          };
      if (reports.isEmpty()) {
        out.println(type.getSimpleName() + " has no views.");
      }
      reports.forEach(report -> out.println(report.summary()));
      boolean check = mode.equals("check") || mode.equals("verify");
      return check && !reports.stream().allMatch(ViewReport::consistent) ? FAULTS_FOUND : 0;
    } catch (RowanException | IOException e) {
      err.println(e.getMessage());
      return 1;
    }
  }
}
