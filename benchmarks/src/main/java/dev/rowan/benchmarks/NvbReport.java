package dev.rowan.benchmarks;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * Prints the {@code nvb} workloads ({@link NvbWorkload}) as a Markdown table: each scan's p50, p99
 * and mean time on Rowan's tables and on the variant's ({@code NEW_VERSION_BEHAVIOR} off, or dense
 * view rows: {@link NvbTables.Variant}), and the ratios Rowan's / the variant's per round, median
 * and range over the rounds.
 *
 * <p>Thread-safety: stateless.
 */
final class NvbReport {

  private NvbReport() {}

  static void print(List<Comparison> comparisons, PrintStream out) {
    out.println(
        "| Scan | p50 Rowan / variant | p99 Rowan / variant | mean Rowan / variant "
            + "| Rowan / variant p50, median (min..max) * "
            + "| Rowan / variant p99, median (min..max) | Rowan / variant mean, median (min..max) "
            + "| RPCs Rowan / variant |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (Comparison c : comparisons) {
      int rounds = c.runs(0).size();
      double[] p50 = new double[rounds];
      double[] p99 = new double[rounds];
      for (int round = 0; round < rounds; round++) {
        p50[round] = c.ratio(0, 1, round);
        p99[round] = percentileRatio(c, round, 99);
      }
      Arrays.sort(p50);
      Arrays.sort(p99);
      double[] mean = c.meanRatios(0, 1);
      out.printf(
          "| %s | %s / %s | %s / %s | %s / %s | **%s** | %s | %s | %s |%n",
          c.workload().name().replaceFirst("^nvb: ", ""),
          Report.time(Run.percentile(c.runs(0), 50)),
          Report.time(Run.percentile(c.runs(1), 50)),
          Report.time(Run.percentile(c.runs(0), 99)),
          Report.time(Run.percentile(c.runs(1), 99)),
          Report.time(c.medianNanosPerOp(0)),
          Report.time(c.medianNanosPerOp(1)),
          range(p50),
          range(p99),
          range(mean),
          Double.isNaN(c.rpcs(0)) ? "–" : String.format("%.1f / %.1f", c.rpcs(0), c.rpcs(1)));
    }
    out.println();
    out.println(
        "\\* per round: the scan's time on Rowan's tables over its time on the variant's (above 1,"
            + " Rowan's tables are slower); p50 and p99 of the round's latencies, mean of its times."
            + " Median and range over the rounds. p50, p99: pooled over the rounds; mean: median"
            + " over the rounds.");
  }

  private static double percentileRatio(Comparison c, int round, double p) {
    return (double) Run.percentile(List.of(c.runs(0).get(round)), p)
        / Run.percentile(List.of(c.runs(1).get(round)), p);
  }

  private static String range(double[] sorted) {
    return String.format(
        "%.2f (%.2f..%.2f)", Comparison.median(sorted), sorted[0], sorted[sorted.length - 1]);
  }
}
