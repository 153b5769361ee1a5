package dev.rowan.cli;

import dev.rowan.core.Schema;
import dev.rowan.core.TableSet;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rowan schema write-lease <entity class> [--set seconds --yes]}: the write lease every
 * client of an entity's tables uses, as {@code schema create} recorded it, and its change.
 */
@Command(
    name = "write-lease",
    mixinStandardHelpOptions = true,
    description =
        "Shows the write lease every client of an entity's tables uses, recorded by schema create;"
            + " with --set, changes it.")
final class WriteLeaseCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(paramLabel = "<entity class>", description = "The entity class.")
  Class<?> entity;

  @Option(
      names = "--set",
      paramLabel = "seconds",
      description =
          "The new lease. Clients read it when they open the tables: stop every client of them"
              + " first, and start them again after.")
  Long seconds;

  @Option(
      names = "--yes",
      description = "Confirms that every client of the entity's tables is stopped.")
  boolean yes;

  @Override
  public Integer call() {
    if (seconds != null && !yes) {
      throw new ParameterException(
          spec.commandLine(),
          "schema write-lease --set changes the write lease every client of the tables of "
              + entity.getName()
              + " uses: stop them all, then add --yes to confirm");
    }
    if (seconds != null && seconds <= 0) {
      throw new ParameterException(spec.commandLine(), "--set must be positive, not " + seconds);
    }
    PrintWriter out = spec.commandLine().getOut();
    try (Session session = Session.open(RowanCli.of(spec))) {
      Schema schema = session.rowan().schema();
      List<Optional<Duration>> before =
          schema.tableSets(entity).stream().map(schema::recordedWriteLease).toList();
      if (seconds != null) {
        schema.changeWriteLease(entity, Duration.ofSeconds(seconds));
      }
      List<TableSet> sets = schema.tableSets(entity);
      for (int i = 0; i < sets.size(); i++) {
        Optional<Duration> lease = schema.recordedWriteLease(sets.get(i));
        out.printf(
            "%s  write lease %s%s%n",
            sets.get(i).mainTable(),
            shown(lease),
            lease.equals(before.get(i)) ? "" : " (was " + shown(before.get(i)) + ")");
      }
    }
    return 0;
  }

  /** A recorded lease in seconds (or milliseconds), or that none is recorded. */
  private static String shown(Optional<Duration> lease) {
    return lease
        .map(
            recorded ->
                recorded.toMillis() % 1000 == 0
                    ? recorded.toSeconds() + " s"
                    : recorded.toMillis() + " ms")
        .orElse("not recorded: each client uses its own");
  }
}
