package dev.rowan.cli;

import dev.rowan.core.DataAccessException;
import dev.rowan.core.SchemaReport;
import dev.rowan.core.SplitPolicy;
import dev.rowan.core.TableSet;
import dev.rowan.index.ViewMaintainer;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rowan schema create|check|drop <entity class>}, {@code drop-view}, {@code
 * drop-expired-periods} and {@code write-lease}: the tables of an entity.
 */
@Command(
    name = "schema",
    mixinStandardHelpOptions = true,
    description = "Creates, checks or drops the table and view tables of an entity.",
    subcommands = {
      SchemaCommand.Create.class,
      SchemaCommand.Check.class,
      SchemaCommand.Drop.class,
      SchemaCommand.DropView.class,
      SchemaCommand.DropExpiredPeriods.class,
      WriteLeaseCommand.class
    })
final class SchemaCommand implements Runnable {

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(
        spec.commandLine(),
        "Missing a command: create, check, drop, drop-view, drop-expired-periods or write-lease");
  }

  /**
   * The main table and the view tables of an entity, in the session's namespace; for an entity kept
   * in one table per period, those of every period that exists.
   */
  static List<TableName> tables(Session session, Class<?> entity) {
    List<TableName> tables = new ArrayList<>();
    for (TableSet set : session.rowan().schema().tableSets(entity)) {
      tables.addAll(set.tables());
    }
    return tables;
  }

  /**
   * The main table and the view tables of {@code period} of an entity kept in one table per period,
   * spread as {@code periods} says.
   */
  static List<TableName> periodTables(
      Session session, EntityModel<?> model, PeriodModel periods, LocalDate period) {
    return tables(session, model, name -> periods.tableName(model.tableName(), name, period));
  }

  private static List<TableName> tables(
      Session session, EntityModel<?> model, UnaryOperator<String> names) {
    List<TableName> tables = new ArrayList<>();
    tables.add(session.rowan().tableName(names.apply(model.tableName())));
    for (ViewModel view : ViewMaintainer.of(model).views()) {
      tables.add(session.rowan().tableName(names.apply(view.tableName())));
    }
    return tables;
  }

  @Command(
      name = "create",
      mixinStandardHelpOptions = true,
      description =
          "Creates the table and view tables of an entity (and the namespace), pre-split; a no-op for"
              + " tables that exist and match.")
  static final class Create implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(
        paramLabel = "<entity class>",
        description = "The entity class, e.g. com.example.Order.")
    Class<?> entity;

    @Option(
        names = "--splits",
        paramLabel = "file",
        description =
            "Split points for an unsalted main table, one key a line in Bytes.toStringBinary form.")
    Path splits;

    @Override
    public Integer call() throws IOException {
      RowanCli cli = RowanCli.of(spec);
      PrintWriter out = spec.commandLine().getOut();
      try (Session session = Session.open(cli);
          Admin admin = session.rowan().connection().getAdmin()) {
        List<TableName> existed = new ArrayList<>();
        for (TableName table : tables(session, entity)) {
          if (admin.tableExists(table)) {
            existed.add(table);
          }
        }
        session
            .rowan()
            .schema()
            .create(entity, splits == null ? SplitPolicy.salted() : SplitPolicy.file(splits));
        for (TableName table :
            tables(session, entity)) { // an entity kept per period: its periods now
          out.printf(
              "%-8s %s, %d region(s)%n",
              existed.contains(table) ? "exists" : "created",
              table,
              admin.getRegions(table).size());
        }
      }
      return 0;
    }
  }

  @Command(
      name = "check",
      mixinStandardHelpOptions = true,
      description =
          "Compares the live tables of an entity with its mapping; exit status 1 when they differ.")
  static final class Check implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(paramLabel = "<entity class>", description = "The entity class.")
    Class<?> entity;

    @Override
    public Integer call() {
      PrintWriter out = spec.commandLine().getOut();
      try (Session session = Session.open(RowanCli.of(spec))) {
        SchemaReport report = session.rowan().schema().check(entity);
        if (report.matches()) {
          out.println(
              entity.getSimpleName()
                  + ": the tables match the mapping: "
                  + String.join(
                      ", ",
                      tables(session, entity).stream().map(TableName::getNameAsString).toList()));
          return 0;
        }
        out.println(
            entity.getSimpleName()
                + ": "
                + report.differences().size()
                + " difference(s) from the mapping");
        report.differences().forEach(difference -> out.println("  - " + difference));
        return 1;
      }
    }
  }

  @Command(
      name = "drop",
      mixinStandardHelpOptions = true,
      description =
          "Disables and deletes the table and view tables of an entity, with all their data.")
  static final class Drop implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(paramLabel = "<entity class>", description = "The entity class.")
    Class<?> entity;

    @Option(
        names = "--yes",
        description = "Confirms that the tables and their data are to be deleted.")
    boolean yes;

    @Override
    public Integer call() throws IOException {
      if (!yes) {
        throw new ParameterException(
            spec.commandLine(),
            "schema drop deletes the tables of "
                + entity.getName()
                + " and all their rows: add --yes to confirm");
      }
      PrintWriter out = spec.commandLine().getOut();
      try (Session session = Session.open(RowanCli.of(spec));
          Admin admin = session.rowan().connection().getAdmin()) {
        List<TableName> tables = tables(session, entity);
        List<Boolean> existed = new ArrayList<>();
        for (TableName table : tables) {
          existed.add(admin.tableExists(table));
        }
        session.rowan().schema().drop(entity);
        for (int i = 0; i < tables.size(); i++) {
          out.printf("%-8s %s%n", existed.get(i) ? "dropped" : "missing", tables.get(i));
        }
      }
      return 0;
    }
  }

  @Command(
      name = "drop-view",
      mixinStandardHelpOptions = true,
      description =
          "Drops one view of an entity while the application runs: clients stop reading and writing it"
              + " within their view refresh, then its table is deleted.")
  static final class DropView implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(index = "0", paramLabel = "<entity class>", description = "The entity class.")
    Class<?> entity;

    @Parameters(
        index = "1",
        paramLabel = "<view>",
        description = "The view's name, as in @Index(name = ...).")
    String view;

    @Option(
        names = "--refresh",
        paramLabel = "seconds",
        defaultValue = "10",
        description =
            "The view refresh of the application's clients (Rowan.Builder.viewRefresh; default 10): the"
                + " table is deleted three times that and a second after the view is dropped.")
    long refreshSeconds;

    @Option(
        names = "--yes",
        description = "Confirms that the view's table and its rows are to be deleted.")
    boolean yes;

    @Override
    public Integer call() {
      if (!yes) {
        throw new ParameterException(
            spec.commandLine(),
            "schema drop-view deletes the table of view "
                + view
                + " of "
                + entity.getName()
                + ": add --yes to confirm");
      }
      if (refreshSeconds <= 0) {
        throw new ParameterException(
            spec.commandLine(), "--refresh must be positive, not " + refreshSeconds);
      }
      PrintWriter out = spec.commandLine().getOut();
      Duration refresh = Duration.ofSeconds(refreshSeconds);
      try (Session session = Session.open(RowanCli.of(spec), refresh)) {
        EntityModel<?> model = EntityModel.of(entity);
        out.printf(
            "dropping view %s of %s: clients stop using it within %d s; its table goes %d s later%n",
            view,
            model.entityName(),
            2 * refreshSeconds,
            refresh.multipliedBy(3).plusSeconds(1).toSeconds());
        out.flush();
        List<TableName> viewTables = viewTables(session, model, view);
        session.rowan().schema().dropView(entity, view);
        viewTables.forEach(table -> out.printf("dropped  %s%n", table));
      }
      return 0;
    }
  }

  /**
   * The tables of view {@code view} of {@code model} that exist: its table, or, for an entity kept
   * in one table per period, the view's table of each period that has one.
   */
  private static List<TableName> viewTables(Session session, EntityModel<?> model, String view) {
    List<TableName> found = new ArrayList<>();
    try (Admin admin = session.rowan().connection().getAdmin()) {
      for (TableSet set : session.rowan().schema().tableSets(model.type())) {
        TableName table = set.viewTable(view);
        if (admin.tableExists(table)) {
          found.add(table);
        }
      }
    } catch (IOException e) {
      throw DataAccessException.of(
          "list the view tables of " + model.entityName(),
          session.rowan().tableName(model.tableName()).getNameAsString(),
          e);
    }
    return found;
  }

  @Command(
      name = "drop-expired-periods",
      mixinStandardHelpOptions = true,
      description =
          "Drops the tables of the periods of an entity kept in one table per period (@TablePerPeriod)"
              + " older than it keeps (keep = n periods, the current one included); run it daily.")
  static final class DropExpiredPeriods implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Parameters(paramLabel = "<entity class>", description = "The entity class.")
    Class<?> entity;

    @Option(
        names = "--yes",
        description = "Confirms that the expired periods' tables and their rows are to be deleted.")
    boolean yes;

    @Override
    public Integer call() {
      EntityModel<?> model = EntityModel.of(entity);
      PeriodModel periods =
          model
              .tablePerPeriod()
              .orElseThrow(
                  () ->
                      new ParameterException(
                          spec.commandLine(),
                          entity.getName()
                              + " is kept in one table, not one per"
                              + " period: it has no @TablePerPeriod"));
      if (!yes) {
        throw new ParameterException(
            spec.commandLine(),
            "schema drop-expired-periods deletes the tables of the periods"
                + " of "
                + entity.getName()
                + " older than "
                + periods.keep()
                + " and all their rows: add --yes to"
                + " confirm");
      }
      PrintWriter out = spec.commandLine().getOut();
      try (Session session = Session.open(RowanCli.of(spec))) {
        List<LocalDate> dropped = session.rowan().schema().dropExpiredPeriods(entity);
        for (LocalDate period : dropped) {
          for (TableName table : periodTables(session, model, periods, period)) {
            out.printf("dropped  %s%n", table);
          }
        }
        out.printf(
            "%s: %d period(s) dropped, %d kept%n",
            model.entityName(), dropped.size(), session.rowan().schema().periods(entity).size());
      }
      return 0;
    }
  }
}
