package dev.rowan.benchmarks;

import dev.rowan.test.LocalClusterSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * HBase in a JVM of its own ({@link HBaseProcessMain}), which the benchmark's clients reach over
 * the loopback network as an application reaches a cluster: the same java binary and class path as
 * the benchmark, its own heap, the JVM options that open the JDK to HBase, and its standard error
 * in {@code target/hbase-process/hbase.log}, after its command line. It is stopped by closing its
 * standard input, and killed if it has not stopped a minute later, or when the benchmark's JVM
 * exits first.
 *
 * <p>Settings, system properties of the benchmark's JVM:
 *
 * <pre>
 * rowan.bench.cluster.heap          3g   the HBase JVM's heap (-Xms and -Xmx)
 * rowan.bench.cluster.jvmArgs       (none)  more options of the HBase JVM, space-separated
 * rowan.bench.cluster.startSeconds  300  how long to wait for HBase to start
 * </pre>
 *
 * <p>Thread-safety: thread-safe.
 */
final class HBaseProcess implements AutoCloseable {

  private static final Path DIRECTORY = Path.of("target", "hbase-process").toAbsolutePath();
  private static final long STOP_SECONDS = 60;

  private final Process process;
  private final String heap;
  private final Thread killer;

  private HBaseProcess(Process process, String heap) {
    this.process = process;
    this.heap = heap;
    this.killer = new Thread(this::stop, "stop the HBase JVM");
  }

  /**
   * Starts the HBase JVM with {@code server}'s settings, as far as they differ from {@link
   * LocalClusterSettings}', and returns once HBase is ready.
   *
   * @throws IllegalStateException when HBase does not start in time, or its JVM ends first; the
   *     message names the JVM's log
   */
  static HBaseProcess start(Configuration server) {
    String heap = System.getProperty("rowan.bench.cluster.heap", "3g");
    long startSeconds = Long.getLong("rowan.bench.cluster.startSeconds", 300);
    Path log = DIRECTORY.resolve("hbase.log");
    HBaseProcess started;
    try {
      Files.createDirectories(DIRECTORY);
      Files.deleteIfExists(DIRECTORY.resolve(HBaseProcessMain.CLIENT_SETTINGS));
      try (OutputStream out =
          Files.newOutputStream(DIRECTORY.resolve(HBaseProcessMain.SERVER_SETTINGS))) {
        changes(server).writeXml(out);
      }
      List<String> command = command(heap);
      Files.writeString(log, String.join(" ", command) + System.lineSeparator());
      Process process =
          new ProcessBuilder(command)
              .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      started = new HBaseProcess(process, heap);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start the HBase JVM; its log: " + log, e);
    }
    Runtime.getRuntime().addShutdownHook(started.killer);
    CompletableFuture<String> ready =
        CompletableFuture.supplyAsync(
            started::awaitReady,
            runnable -> {
              Thread reader = new Thread(runnable, "HBase JVM output");
              reader.setDaemon(true);
              reader.start();
            });
    try {
      ready.get(startSeconds, TimeUnit.SECONDS);
      return started;
    } catch (TimeoutException | ExecutionException | InterruptedException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      started.close();
      String why =
          e instanceof TimeoutException
              ? "did not start within " + startSeconds + " s"
              : "did not start";
      throw new IllegalStateException("The HBase JVM " + why + "; its log: " + log, e);
    }
  }

  /** The settings of {@code server} that {@link LocalClusterSettings} does not have as they are. */
  private static Configuration changes(Configuration server) {
    Configuration base = LocalClusterSettings.create(1);
    Configuration changes = new Configuration(false);
    for (Map.Entry<String, String> setting : server) {
      if (!Objects.equals(setting.getValue(), base.getRaw(setting.getKey()))) {
        changes.set(setting.getKey(), setting.getValue());
      }
    }
    return changes;
  }

  /**
   * The command line of the HBase JVM: this JVM's java, class path and JDK options, and its own
   * heap.
   */
  private static List<String> command(String heap) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xms" + heap);
    command.add("-Xmx" + heap);
    for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (option.startsWith("--add-opens")
          || option.startsWith("--add-exports")
          || option.startsWith("-Dio.netty.")) {
        command.add(option);
      }
    }
    String more = System.getProperty("rowan.bench.cluster.jvmArgs", "").trim();
    if (!more.isEmpty()) {
      command.addAll(Arrays.asList(more.split("\\s+")));
    }
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(HBaseProcessMain.class.getName());
    command.add(DIRECTORY.toString());
    return command;
  }

  /**
   * Reads the JVM's standard output up to the ready line, then on to its end; returns the ready
   * line.
   */
  private String awaitReady() {
    BufferedReader out =
        new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    try {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.startsWith(HBaseProcessMain.READY)) {
          CompletableFuture.runAsync(
              () -> drain(out),
              runnable -> {
                Thread drainer = new Thread(runnable, "HBase JVM output");
                drainer.setDaemon(true);
                drainer.start();
              });
          return line;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new IllegalStateException("the HBase JVM ended before it was ready");
  }

  private static void drain(BufferedReader out) {
    try {
      while (out.readLine() != null) {
        // the ready line was the last thing of interest
      }
    } catch (IOException e) {
      // the JVM is gone
    }
  }

  /** HBase's client configuration, from the {@code hbase-site.xml} the HBase JVM wrote. */
  Configuration clientConfiguration() {
    Configuration configuration = HBaseConfiguration.create();
    configuration.addResource(
        new org.apache.hadoop.fs.Path(DIRECTORY.resolve(HBaseProcessMain.CLIENT_SETTINGS).toUri()));
    return configuration;
  }

  /** What the report says of this HBase. */
  String description() {
    return "HBase in a JVM of its own (heap "
        + heap
        + "), the clients connect over the loopback network";
  }

  /** Stops HBase and waits for its JVM to end, killing it after a minute. */
  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException e) {
      // the JVM is exiting: the hook runs stop() too
    }
    stop();
  }

  private void stop() {
    try {
      process.getOutputStream().close();
    } catch (IOException e) {
      // the JVM is gone already
    }
    try {
      if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
