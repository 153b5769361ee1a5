package dev.rowan.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the harnesses' main classes share: their settings (system properties under one prefix), the
 * lines that open and close a run, and measuring each workload so that one that fails is reported
 * and the others still run.
 */
final class HarnessRun {

  /** A step of a run that is not a {@link Workload}. */
  @FunctionalInterface
  interface Step {
    void run() throws Exception;
  }

  private final String prefix;
  private final PrintStream log;
  private final long began = System.nanoTime();
  private final String loadAtStart = Comparison.loadAverage();
  private final int rounds;
  private boolean failed;

  /**
   * A run whose settings are the system properties {@code prefix + name}, logging to {@code log}.
   */
  HarnessRun(String prefix, PrintStream log) {
    this.prefix = prefix;
    this.log = log;
    this.rounds = setting("rounds", 5);
  }

  /** The integer setting {@code name}, or {@code otherwise}. */
  int setting(String name, int otherwise) {
    return Integer.getInteger(prefix + name, otherwise);
  }

  /** The text setting {@code name}, or {@code otherwise}. */
  String text(String name, String otherwise) {
    return System.getProperty(prefix + name, otherwise);
  }

  /**
   * The parts of the run the {@code only} setting names (comma-separated), {@code all} unless set.
   */
  Set<String> only(String all) {
    return list("only", all);
  }

  /**
   * The comma-separated setting {@code name} as a set of trimmed items, or those of {@code
   * otherwise}.
   */
  Set<String> list(String name, String otherwise) {
    return Arrays.stream(text(name, otherwise).split(","))
        .map(String::trim)
        .collect(Collectors.toSet());
  }

  int rounds() {
    return rounds;
  }

  /** Logs that {@code cluster} has started, where it runs, the machine and the rounds. */
  void started(BenchmarkCluster cluster) {
    log.printf(
        "%s, started in %.1f s; %d cores, Java %s, max heap %,d MB, %d rounds%n",
        cluster.description(),
        (System.nanoTime() - began) / 1e9,
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"),
        Runtime.getRuntime().maxMemory() >> 20,
        rounds);
  }

  /** Measures each workload in turn; a failing one is logged and left out of the results. */
  List<Comparison> measure(List<Workload> workloads, Clients timing, Clients counting) {
    List<Comparison> done = new ArrayList<>();
    for (Workload workload : workloads) {
      attempt(
          workload.name(),
          () -> done.add(Comparison.measure(workload, timing, counting, rounds, log)));
    }
    return done;
  }

  /** Runs {@code step}; if it fails, logs it as {@code name} and marks the run failed. */
  void attempt(String name, Step step) {
    try {
      step.run();
    } catch (Exception | AssertionError e) {
      failed = true;
      log.println("FAILED: " + name);
      e.printStackTrace(log);
    }
  }

  /**
   * Logs the end of the run and prints the first lines of the report to {@code out}: where {@code
   * cluster} ran, then the machine, the WAL provider and the run.
   */
  void finished(PrintStream out, BenchmarkCluster cluster) {
    double minutes = (System.nanoTime() - began) / 60e9;
    log.printf("All done in %.1f min%n", minutes);
    out.println(cluster.description());
    out.printf(
        "%d cores, Java %s, heap %,d MB; WAL provider %s;%s %d rounds after a warm-up; whole run %.1f min; "
            + "load average %s at the start, %s at the end%n%n",
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"),
        Runtime.getRuntime().maxMemory() >> 20,
        cluster.walProvider(),
        Clients.settleInBackground() ? " Rowan settles view rows in the background;" : "",
        rounds,
        minutes,
        loadAtStart,
        Comparison.loadAverage());
  }

  /** Ends the JVM, which HBase leaves non-daemon threads in: status 1 if a part failed. */
  void exit() {
    System.exit(failed ? 1 : 0);
  }
}
