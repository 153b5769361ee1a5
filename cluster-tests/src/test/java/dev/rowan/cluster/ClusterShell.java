package dev.rowan.cluster;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A shell on an operator's machine of the test cluster: commands of the docs run in it
 * verbatim, with {@code sh}, in a working directory of their own. The machine has what a
 * cluster's client machine has: {@code hadoop}, {@code yarn}, {@code hdfs} and {@code hbase}
 * commands (here small scripts in place of an installation, with the cluster's Hadoop and HBase
 * jars), {@code HADOOP_CONF_DIR} and {@code HBASE_CONF_DIR} naming the cluster's configuration,
 * Java 17, and an empty home directory: no Maven repository; and it is a temporary directory
 * outside the source tree.
 */
final class ClusterShell {

  private static final long COMMAND_MINUTES = 10;

  private static final String HADOOP = """
      #!/bin/sh
      # Stands in for an installation's `hadoop` and `yarn` commands: RunJar with Hadoop's class path.
      case "$1" in
        jar) shift
             exec java $HADOOP_OPTS -cp "$HADOOP_CONF_DIR:$HADOOP_JARS${HADOOP_CLASSPATH:+:$HADOOP_CLASSPATH}" \\
               org.apache.hadoop.util.RunJar "$@" ;;
        classpath) echo "$HADOOP_CONF_DIR:$HADOOP_JARS" ;;
        *) echo "$0: only 'jar' and 'classpath' on this machine" >&2; exit 2 ;;
      esac
      """;

  private static final String HDFS = """
      #!/bin/sh
      # Stands in for an installation's `hdfs dfs`.
      [ "$1" = dfs ] || { echo "$0: only 'dfs' on this machine" >&2; exit 2; }
      shift
      exec java $HADOOP_OPTS -cp "$HADOOP_CONF_DIR:$HADOOP_JARS" org.apache.hadoop.fs.FsShell "$@"
      """;

  private static final String HBASE = """
      #!/bin/sh
      # Stands in for an installation's `hbase mapredcp`: the jars HBase's MapReduce jobs need.
      [ "$1" = mapredcp ] || { echo "$0: only 'mapredcp' on this machine" >&2; exit 2; }
      exec java $HADOOP_OPTS -cp "$HBASE_CONF_DIR:$HBASE_JARS:$HADOOP_JARS" \\
        org.apache.hadoop.hbase.util.MapreduceDependencyClasspathTool
      """;

  /** What a command printed and how it ended. */
  record Result(int exitCode, String output) {}

  private final Path directory;
  private final Map<String, String> environment;

  private ClusterShell(Path directory, Map<String, String> environment) {
    this.directory = directory;
    this.environment = environment;
  }

  /** A shell whose working directory is {@code directory}, for the cluster whose configuration is in {@code configDir}. */
  static ClusterShell create(Path directory, Path configDir) throws IOException {
    Path bin = Files.createDirectories(directory.resolve(".cluster-bin"));
    Path home = Files.createDirectories(directory.resolve(".home"));
    script(bin.resolve("hadoop"), HADOOP);
    script(bin.resolve("yarn"), HADOOP);
    script(bin.resolve("hdfs"), HDFS);
    script(bin.resolve("hbase"), HBASE);
    List<String> jars = Arrays.asList(TestSettings.clusterClassPath().split(File.pathSeparator));
    Map<String, String> env = new java.util.HashMap<>();
    env.put("PATH", bin + File.pathSeparator + TestSettings.javaHome().resolve("bin") + File.pathSeparator + "/usr/bin:/bin");
    env.put("JAVA_HOME", TestSettings.javaHome().toString());
    env.put("HOME", home.toString());
    env.put("ROWAN_JAVA_OPTS", "-Xmx1g -Duser.home=" + home); // no ~/.m2 to fall back on
    env.put("HADOOP_CONF_DIR", configDir.toString());
    env.put("HBASE_CONF_DIR", configDir.toString());
    env.put("HADOOP_OPTS", TestSettings.jvmOpens() + " -XX:TieredStopAtLevel=1"); // short-lived JVMs start faster
    env.put("HADOOP_JARS", jars.stream().filter(jar -> !ClusterProcess.isHBase(jar))
        .collect(Collectors.joining(File.pathSeparator)));
    env.put("HBASE_JARS", jars.stream().filter(ClusterProcess::isHBase)
        .collect(Collectors.joining(File.pathSeparator)));
    return new ClusterShell(directory, env);
  }

  private static void script(Path file, String text) throws IOException {
    Files.writeString(file, text);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  /** The working directory. */
  Path directory() {
    return directory;
  }

  /**
   * Runs {@code script} with {@code sh -e}, printing its output as it comes (prefixed with
   * {@code name}), and returns its exit code and output.
   */
  Result run(String name, String script) throws IOException, InterruptedException {
    System.out.println("[" + name + "] $ " + script.strip().replace("\n", "\n[" + name + "] $ "));
    ProcessBuilder builder = new ProcessBuilder("sh", "-e", "-c", script).directory(directory.toFile())
        .redirectErrorStream(true);
    builder.environment().clear();
    builder.environment().putAll(environment);
    Process process = builder.start();
    StringBuilder output = new StringBuilder();
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        System.out.println("[" + name + "] " + line);
        output.append(line).append('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!process.waitFor(COMMAND_MINUTES, TimeUnit.MINUTES)) {
      process.destroyForcibly();
      throw new IllegalStateException(name + " did not end within " + COMMAND_MINUTES + " minutes");
    }
    return new Result(process.exitValue(), output.toString());
  }
}
