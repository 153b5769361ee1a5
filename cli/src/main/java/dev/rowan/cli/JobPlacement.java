package dev.rowan.cli;

import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Where the MapReduce jobs of {@code load} and {@code views} run, and whether the files they stage
 * are somewhere the cluster can read them: decisions made from the options and the configuration
 * alone, so that they are stated, and tested, in one place.
 *
 * <p>Thread-safety: stateless.
 */
final class JobPlacement {

  /** The names every machine has for itself. */
  private static final Set<String> LOOPBACK = Set.of("localhost", "127.0.0.1", "::1", "");

  private JobPlacement() {}

  /**
   * Whether a job runs in this process (Hadoop's local job runner) rather than on the framework the
   * configuration names: with {@code --local}, on the embedded HBase, and when the configuration's
   * {@code mapreduce.framework.name} is {@code local} or unset.
   */
  static boolean runsLocally(boolean localOption, boolean embedded, String framework) {
    return localOption
        || embedded
        || framework == null
        || framework.isBlank()
        || framework.strip().equalsIgnoreCase("local");
  }

  /**
   * Why {@code command} must not stage the HFiles it loads in {@code workDir}, or empty when it
   * may: a work directory on this machine's local disk ({@code file:}) cannot be read by the region
   * servers of a cluster elsewhere, so it is refused unless every server of the ZooKeeper {@code
   * quorum} is this machine.
   *
   * @param command the command, for the message ({@code "load"})
   * @param workDir the work directory; without a scheme it is on {@code defaultFs}
   * @param given whether the user gave it ({@code --work-dir}) rather than it being the default
   * @param defaultFs the configuration's {@code fs.defaultFS}
   * @param quorum the configuration's {@code hbase.zookeeper.quorum}: {@code host[:port],...}
   * @param thisMachine the names and addresses of this machine, besides localhost and loopback
   */
  static Optional<String> unreachableWorkDir(
      String command,
      String workDir,
      boolean given,
      String defaultFs,
      String quorum,
      Set<String> thisMachine) {
    String scheme = URI.create(workDir.replace(" ", "%20")).getScheme();
    if (scheme == null) {
      scheme = defaultFs == null ? null : URI.create(defaultFs).getScheme();
    }
    boolean localDisk = scheme == null || scheme.equalsIgnoreCase("file");
    if (!localDisk || onlyThisMachine(quorum, thisMachine)) {
      return Optional.empty();
    }
    return Optional.of(
        command
            + ": the work directory "
            + workDir
            + " is on this machine's local disk"
            + (given
                ? ""
                : " (the default, under hadoop.tmp.dir on fs.defaultFS " + defaultFs + ")")
            + ", where the region servers of the cluster at ZooKeeper "
            + quorum
            + " cannot read the HFiles;"
            + " pass --config with the cluster's core-site.xml (whose fs.defaultFS names its file system), or"
            + " --work-dir on a file system the cluster shares, e.g. --work-dir hdfs://namenode:8020/tmp/rowan");
  }

  /** Whether every server of {@code quorum} ({@code host[:port],...}) is this machine. */
  static boolean onlyThisMachine(String quorum, Set<String> thisMachine) {
    if (quorum == null) {
      return true;
    }
    return Arrays.stream(quorum.split(","))
        .map(server -> server.strip().replaceFirst(":\\d+$", "").toLowerCase(Locale.ROOT))
        .allMatch(
            host ->
                LOOPBACK.contains(host)
                    || thisMachine.stream().anyMatch(name -> name.equalsIgnoreCase(host)));
  }
}
