package dev.rowan.cli;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapreduce.MRConfig;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options of the commands that run MapReduce jobs ({@code load}, {@code views}): where the job
 * runs, how many tasks at once when it runs in this process, and where its files go.
 *
 * <p>Thread-safety: used by one command.
 */
final class JobOptions {

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = "--local",
      description =
          "Run the job in this process (Hadoop's local job runner) even when the"
              + " configuration names a cluster's framework (mapreduce.framework.name=yarn).")
  boolean local;

  @Option(
      names = "--parallel",
      paramLabel = "n",
      defaultValue = "2",
      description =
          "Tasks run at once when the job"
              + " runs in this process (default: ${DEFAULT-VALUE}); on YARN the cluster decides.")
  int parallel;

  @Option(
      names = "--work-dir",
      paramLabel = "dir",
      description =
          "Where the job's files go (HFiles, rejects); by"
              + " default a fresh directory under hadoop.tmp.dir on the default file system (fs.defaultFS).")
  String workDir;

  /**
   * Opens the command's session; when the options name a cluster and {@code hfilesUnder} is given,
   * first refuses a work directory the cluster cannot read ({@link #refuseUnreachableWorkDir}), so
   * that the refusal does not wait for the cluster.
   *
   * @param hfilesUnder the directory under {@code hadoop.tmp.dir} where the job stages HFiles for
   *     the region servers to load by default, or null when it stages none
   */
  Session openSession(@Nullable String hfilesUnder) {
    RowanCli cli = RowanCli.of(command);
    if (hfilesUnder != null && (cli.zookeeper != null || !cli.configFiles.isEmpty())) {
      refuseUnreachableWorkDir(Session.clusterConfiguration(cli), hfilesUnder);
    }
    return Session.open(cli);
  }

  /**
   * The configuration of the job: the session's, with the local job runner when the job runs in
   * this process ({@link JobPlacement#runsLocally}), local files beside an embedded HBase's data.
   *
   * @param hfilesUnder as for {@link #openSession}
   * @throws ParameterException when the region servers of the cluster cannot read the work
   *     directory
   */
  Configuration configuration(Session session, @Nullable String hfilesUnder) {
    RowanCli cli = RowanCli.of(command);
    String name = command.qualifiedName(" ");
    Configuration conf = session.endpoint().configuration();
    boolean embedded = session.endpoint().isEmbedded();
    if (embedded) {
      conf.set("fs.defaultFS", "file:///");
      conf.set(
          "hadoop.tmp.dir",
          session
              .endpoint()
              .embeddedHBase()
              .orElseThrow()
              .dataDirectory()
              .resolve("bulkload-tmp")
              .toAbsolutePath()
              .toString());
    } else if (hfilesUnder != null) {
      refuseUnreachableWorkDir(conf, hfilesUnder);
    }
    // A JobConf reads mapred-site.xml (and yarn-site.xml) from the class path, as the job will.
    String framework = new JobConf(conf).get(MRConfig.FRAMEWORK_NAME);
    if (JobPlacement.runsLocally(local, embedded, framework)) {
      conf.set(MRConfig.FRAMEWORK_NAME, MRConfig.LOCAL_FRAMEWORK_NAME);
      conf.setInt("mapreduce.local.map.tasks.maximum", parallel);
      conf.setInt("mapreduce.local.reduce.tasks.maximum", parallel);
    } else {
      cli.err.println(
          name
              + ": submitting the job to "
              + framework
              + " (mapreduce.framework.name; --local runs it in this process)");
      if (command.commandLine().getParseResult().hasMatchedOption("--parallel")) {
        cli.err.println(name + ": --parallel applies only to a job run in this process; ignored");
      }
    }
    return conf;
  }

  /**
   * Refuses a work directory on this machine's disk for a cluster elsewhere, whose region servers
   * could not read the HFiles staged there ({@link JobPlacement#unreachableWorkDir}).
   *
   * @throws ParameterException naming the work directory, why, and what to pass instead
   */
  private void refuseUnreachableWorkDir(Configuration conf, String hfilesUnder) {
    String name = command.qualifiedName(" ");
    String dir =
        workDir != null ? workDir : new Path(conf.get("hadoop.tmp.dir"), hfilesUnder).toString();
    String qualified =
        new Path(dir)
            .makeQualified(FileSystem.getDefaultUri(conf), new Path(System.getProperty("user.dir")))
            .toString();
    JobPlacement.unreachableWorkDir(
            name.substring(name.indexOf(' ') + 1),
            qualified,
            workDir != null,
            conf.get("fs.defaultFS"),
            conf.get("hbase.zookeeper.quorum"),
            thisMachine())
        .ifPresent(
            problem -> {
              throw new ParameterException(command.commandLine(), problem);
            });
  }

  /** The names and addresses of this machine. */
  private static Set<String> thisMachine() {
    Set<String> names = new HashSet<>();
    try {
      InetAddress self = InetAddress.getLocalHost();
      names.add(self.getHostName());
      names.add(self.getCanonicalHostName());
      names.add(self.getHostAddress());
    } catch (UnknownHostException e) {
      // no name besides localhost, then
    }
    return names;
  }
}
