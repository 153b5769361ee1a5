package dev.rowan.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * The cluster of {@link ClusterProcess}, run in a JVM of its own for one test class: started,
 * waited for, and stopped by closing that JVM's standard input. Its client configuration is the
 * directory of {@code *-site.xml} files it wrote, as a cluster's {@code /etc/hadoop/conf}.
 */
final class RunningCluster implements AutoCloseable {

  private static final long START_MINUTES = 5;

  private final Process process;
  private final Path configDir;
  private final Path log;

  private RunningCluster(Process process, Path configDir, Path log) {
    this.process = process;
    this.configDir = configDir;
    this.log = log;
  }

  /** Starts the cluster under {@code work} and returns when it is ready to take jobs. */
  static RunningCluster start(Path work) throws IOException, InterruptedException {
    Files.createDirectories(work);
    Path configDir = work.resolve("conf");
    Path log = work.resolve("cluster.log");
    List<String> command = new ArrayList<>(TestSettings.java());
    command.add("-Xmx2g");
    command.add("-XX:TieredStopAtLevel=1"); // C1 only: the cluster lives minutes, too short for C2 to pay back
    command.add("-Dtest.build.data.basedirectory=" + work.resolve("data"));
    command.add("-cp");
    command.add(TestSettings.launcherDirectory() + java.io.File.pathSeparator + TestSettings.clusterClassPath());
    command.add(ClusterProcess.class.getName());
    command.add(configDir.toString());
    Process process = new ProcessBuilder(command).directory(work.toFile())
        .redirectError(log.toFile()).start();
    RunningCluster cluster = new RunningCluster(process, configDir, log);
    CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> cluster.awaitReady());
    try {
      System.out.println(ready.get(START_MINUTES, TimeUnit.MINUTES));
    } catch (Exception e) {
      cluster.close();
      throw new IllegalStateException("the cluster did not start within " + START_MINUTES
          + " minutes; its log: " + log, e);
    }
    return cluster;
  }

  private String awaitReady() {
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    try {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith(ClusterProcess.READY)) {
          return line;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new IllegalStateException("the cluster's JVM ended before it was ready; its log: " + log);
  }

  /** The directory of the cluster's client configuration files. */
  Path configDir() {
    return configDir;
  }

  /** A client configuration of this cluster, from its files, as an application would read them. */
  Configuration configuration() {
    Configuration conf = HBaseConfiguration.create();
    try (var files = Files.list(configDir)) {
      files.filter(file -> file.toString().endsWith("-site.xml")).sorted().forEach(file -> conf.addResource(new org.apache.hadoop.fs.Path(file.toUri())));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return conf;
  }

  @Override
  public void close() throws InterruptedException {
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // the JVM is gone already
    }
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly().waitFor();
    }
  }
}
