package dev.rowan.benchmarks;

import dev.rowan.benchmarks.ObservedRowans.Variant;
import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * Prints the measurements of the observation workloads ({@link ObserveWorkload}) as Markdown
 * tables: each Rowan's and the hand-written code's latencies, the ratios of the observed Rowans to
 * the one without registry and of that one to the hand-written code, and what the observed Rowans'
 * meters recorded.
 *
 * <p>Thread-safety: stateless.
 */
final class ObserveReport {

  /** The sides in the order of the tables: (a), (b), (c), (d), hand-written. */
  private static final int[] ORDER = {0, 2, 3, 4, 1};

  private ObserveReport() {}

  static void print(List<Comparison> comparisons, ObservedRowans rowans, PrintStream out) {
    out.println(
        "| Workload | p50 (a) / (b) / (c) / (d) / hand | p99 (a) / (b) / (c) / (d) / hand "
            + "| ops/s (a) / (b) / (c) / (d) / hand | RPCs per op (a) / (b) / (c) / (d) / hand |");
    out.println("|---|---:|---:|---:|---:|");
    for (Comparison c : comparisons) {
      out.printf(
          "| %s | %s | %s | %s | %s |%n",
          c.workload().name(),
          each(side -> Report.time(Run.percentile(c.runs(side), 50))),
          each(side -> Report.time(Run.percentile(c.runs(side), 99))),
          each(side -> String.format("%,.0f", c.medianPerSecond(side))),
          each(side -> String.format("%.1f", c.rpcs(side))));
    }
    out.println();
    out.println(
        "(a) Rowan without observation registry, (b) with Micrometer's timers, (c) with the timers and"
            + " Rowan's costs, (d) with Rowan's timers (the same meters) and costs, as the Spring Boot"
            + " starter configures them, hand: hand-written client code; p50 and p99 over all rounds,"
            + " ops/s the median over rounds.");
    out.println();
    out.println(
        "| Workload | (b) / (a), p50 | (c) / (a), p50 | (d) / (a), p50 | (d) / (a), mean | (a) / hand, p50 "
            + "| (d) / (a), p50, each round |");
    out.println("|---|---:|---:|---:|---:|---:|---|");
    for (Comparison c : comparisons) {
      double[] perRound = new double[c.runs(0).size()];
      for (int round = 0; round < perRound.length; round++) {
        perRound[round] = c.ratio(4, 0, round);
      }
      out.printf(
          "| %s | %s | %s | %s | %s | %s | %s |%n",
          c.workload().name(),
          range(c.ratios(2, 0)),
          range(c.ratios(3, 0)),
          range(c.ratios(4, 0)),
          range(c.meanRatios(4, 0)),
          range(c.ratios(0, 1)),
          Arrays.stream(perRound)
              .mapToObj(r -> String.format("%.3f", r))
              .collect(Collectors.joining(" ")));
    }
    out.println();
    out.println(
        "Ratios: median over the rounds (min..max); p50: of the round's median latencies, mean: of its mean"
            + " times per operation.");
    out.println();
    meters(rowans, out);
  }

  /** What the meters of the observed Rowans recorded, per method and table. */
  private static void meters(ObservedRowans rowans, PrintStream out) {
    out.println(
        "| Meters of | method | table | access | calls timed | mean time | rpcs per call | rows read per call "
            + "| rows returned per call |");
    out.println("|---|---|---|---|---:|---:|---:|---:|---:|");
    for (Variant variant : List.of(Variant.TIMERS, Variant.COSTS, Variant.ROWAN_TIMERS)) {
      MeterRegistry meters = rowans.meters(variant);
      for (Timer timer : meters.find(RepositoryCallContext.NAME).timers()) {
        String method = timer.getId().getTag(RepositoryCallContext.METHOD);
        String table = timer.getId().getTag(RepositoryCallContext.TABLE);
        out.printf(
            "| %s | %s | %s | %s | %,d | %s | %s | %s | %s |%n",
            variant.label(),
            method,
            table,
            timer.getId().getTag(RepositoryCallContext.ACCESS),
            timer.count(),
            Report.time(timer.mean(TimeUnit.NANOSECONDS)),
            cost(meters, Cost.RPCS, method, table),
            cost(meters, Cost.ROWS_READ, method, table),
            cost(meters, Cost.ROWS_RETURNED, method, table));
      }
    }
  }

  private static String cost(MeterRegistry meters, Cost cost, String method, String table) {
    DistributionSummary summary =
        meters
            .find(cost.meterName())
            .tag(RepositoryCallContext.METHOD, method)
            .tag(RepositoryCallContext.TABLE, table)
            .summary();
    return summary == null ? "–" : String.format("%.2f", summary.mean());
  }

  private static String each(java.util.function.IntFunction<String> cell) {
    return Arrays.stream(ORDER).mapToObj(cell).collect(Collectors.joining(" / "));
  }

  private static String range(double[] sorted) {
    return String.format(
        "%.3f (%.3f..%.3f)", Comparison.median(sorted), sorted[0], sorted[sorted.length - 1]);
  }
}
