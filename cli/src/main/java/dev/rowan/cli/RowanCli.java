package dev.rowan.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * {@code rowan}, the command line of Rowan: creates, checks and drops the tables of entities,
 * explains query methods, bulk loads files, verifies and rebuilds views, and shows how a table's
 * rows spread over its regions (docs/cli.md).
 *
 * <p>Without {@code --zk} or {@code --config}, commands run against the embedded HBase on {@code
 * rowan-data/} (or {@code --data}), the demo's, or the cluster that the environment names (as
 * {@code HBaseEndpoint.fromEnvironment}). Entity and repository classes are loaded from the class
 * path by name. A Kerberized cluster is reached with {@code --principal} and {@code --keytab}, or
 * with the ticket cache of {@code kinit} ({@link KerberosLogin}).
 *
 * <p>Exit status: 0 done, 1 failed (the reason on standard error; the stack trace with {@code
 * --verbose}), 2 wrong arguments.
 *
 * <p>Thread-safety: one instance runs one command line.
 *
 * @since 0.1
 */
@Command(
    name = "rowan",
    mixinStandardHelpOptions = true,
    versionProvider = RowanCli.Version.class,
    description =
        "Creates and checks the tables of Rowan entities, explains query methods, bulk loads files,"
            + " verifies views and shows the balance of regions.",
    subcommands = {
      SchemaCommand.class,
      ExplainCommand.class,
      LoadCommand.class,
      ViewsCommand.class,
      RegionsCommand.class
    },
    usageHelpAutoWidth = true,
    sortOptions = false)
public final class RowanCli implements Runnable {

  @Option(
      names = "--zk",
      scope = ScopeType.INHERIT,
      paramLabel = "host:port",
      description = "The ZooKeeper quorum of an HBase cluster, e.g. zk1:2181,zk2:2181.")
  String zookeeper;

  @Option(
      names = "--config",
      scope = ScopeType.INHERIT,
      paramLabel = "file|dir",
      description =
          "A configuration file of the cluster (hbase-site.xml, core-site.xml, ...), or a directory whose"
              + " *-site.xml files are read; may be repeated.")
  List<Path> configFiles = new ArrayList<>();

  @Option(
      names = "--principal",
      scope = ScopeType.INHERIT,
      paramLabel = "name",
      description =
          "The Kerberos principal to log in as with --keytab, e.g. app@EXAMPLE.COM; without both, a"
              + " Kerberized cluster is reached with the ticket cache of kinit.")
  String principal;

  @Option(
      names = "--keytab",
      scope = ScopeType.INHERIT,
      paramLabel = "file",
      description =
          "The keytab file holding the keys of --principal; the login is renewed from it while the command"
              + " runs.")
  Path keytab;

  @Option(
      names = "--data",
      scope = ScopeType.INHERIT,
      paramLabel = "dir",
      description =
          "The data directory of the embedded HBase, used when no cluster is named (default: ${DEFAULT-VALUE}).",
      defaultValue = "${sys:rowan.data:-rowan-data}")
  Path dataDirectory;

  @Option(
      names = {"-n", "--namespace"},
      scope = ScopeType.INHERIT,
      paramLabel = "ns",
      description = "The namespace of the tables (default: HBase's default namespace).")
  String namespace;

  @Option(
      names = {"-v", "--verbose"},
      scope = ScopeType.INHERIT,
      description = "Print the stack trace of an error.")
  boolean verbose;

  @Spec CommandSpec spec;

  final PrintStream out;
  final PrintStream err;

  RowanCli(PrintStream out, PrintStream err) {
    this.out = out;
    this.err = err;
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "Missing a command");
  }

  /** Runs {@code rowan} with {@code args} and exits with its status. */
  public static void main(String[] args) {
    // HBase's Netty needs this on Java 17; the demo's JVM flags set it too.
    System.setProperty("io.netty.tryReflectionSetAccessible", "true");
    System.exit(execute(args, System.out, System.err));
  }

  /**
   * Runs {@code rowan} with {@code args}, writing to {@code out} and {@code err}.
   *
   * @return the exit status: 0 done, 1 failed, 2 wrong arguments
   */
  public static int execute(String[] args, PrintStream out, PrintStream err) {
    return commandLine(out, err).execute(args);
  }

  static CommandLine commandLine(PrintStream out, PrintStream err) {
    RowanCli cli = new RowanCli(out, err);
    CommandLine commandLine = new CommandLine(cli);
    commandLine.registerConverter(Class.class, ClassNames::load);
    commandLine.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
    commandLine.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
    commandLine.setParameterExceptionHandler(
        (e, args) -> {
          CommandLine failed = e.getCommandLine();
          failed.getErr().println("rowan: " + e.getMessage());
          UnmatchedArgumentException.printSuggestions(e, failed.getErr());
          failed
              .getErr()
              .println("Try '" + failed.getCommandSpec().qualifiedName() + " --help' for more.");
          failed.getErr().flush();
          return 2;
        });
    commandLine.setExecutionExceptionHandler(
        (e, failed, parseResult) -> {
          failed.getErr().println("rowan: " + Errors.describe(e));
          if (cli.verbose) {
            e.printStackTrace(failed.getErr());
          }
          failed.getErr().flush();
          return 1;
        });
    return commandLine;
  }

  /** {@code rowan --version}: the version the build wrote into {@code version.properties}. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties properties = new Properties();
      try (InputStream in = RowanCli.class.getResourceAsStream("version.properties")) {
        if (in != null) {
          properties.load(in);
        }
      }
      return new String[] {"rowan " + properties.getProperty("version", "(unknown version)")};
    }
  }

  /** The root command of the command line that {@code spec} belongs to. */
  static RowanCli of(CommandSpec spec) {
    return (RowanCli) spec.root().userObject();
  }
}
