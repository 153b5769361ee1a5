package dev.rowan.benchmarks;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;

/**
 * Prints the measurements of the Phoenix comparison as a Markdown table: per workload, each side's
 * median throughput, Rowan's speed over Phoenix's (Phoenix's time over Rowan's, so that above 1
 * means Rowan is ahead), median and range over the rounds, the latency percentiles, and Rowan
 * against the hand-written code.
 *
 * <p>Thread-safety: stateless.
 */
final class PhoenixReport {

  private static final int ROWAN = 0;
  private static final int HAND = 1;
  private static final int PHOENIX = 2;

  private PhoenixReport() {}

  static void print(List<Comparison> comparisons, PrintStream out) {
    out.println(
        "| Workload | Rowan | Hand-written | Phoenix | Rowan / Phoenix, speed, median (min..max) * "
            + "| p50 Rowan / Phoenix | p99 Rowan / Phoenix | p99 speed Rowan / Phoenix, median (min..max) "
            + "| Rowan / hand-written, time | RPCs Rowan / hand |");
    out.println("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (Comparison c : comparisons) {
      Workload w = c.workload();
      boolean timedEach = c.runs(ROWAN).get(0).latencies() != null;
      double[] speeds = c.ratios(PHOENIX, ROWAN);
      out.printf(
          "| %s | %s | %s | %s | **%.2f** (%.2f..%.2f) | %s | %s | %s | %.2f | %s |%n",
          w.name(),
          rate(c.medianPerSecond(ROWAN), w.op()),
          rate(c.medianPerSecond(HAND), w.op()),
          rate(c.medianPerSecond(PHOENIX), w.op()),
          Comparison.median(speeds),
          speeds[0],
          speeds[speeds.length - 1],
          timedEach ? percentiles(c, 50) : "–",
          timedEach ? percentiles(c, 99) : "–",
          timedEach ? range(p99Speeds(c)) : "–",
          Comparison.median(c.ratios(ROWAN, HAND)),
          rpcs(c, w));
    }
    out.println();
    out.println(
        "\\* per round: Phoenix's time per operation over Rowan's (above 1: Rowan is faster); for the"
            + " workloads with p50 and p99, the ratio of the round's median latencies. Median and range over the rounds."
            + " RPCs are counted by the HBase client's metrics, which do not see Phoenix's connection.");
  }

  /**
   * RPCs per operation (per 1,000 for bulk writes) of Rowan and the hand-written code; Phoenix's
   * are not counted.
   */
  private static String rpcs(Comparison c, Workload w) {
    if (Double.isNaN(c.rpcs(ROWAN))) {
      return "–";
    }
    String per = w.rpcUnit() == 1 ? "per " + w.op() : String.format("per %,d", w.rpcUnit());
    return String.format(
        c.rpcs(ROWAN) < 10 ? "%.1f / %.1f %s" : "%.0f / %.0f %s", c.rpcs(ROWAN), c.rpcs(HAND), per);
  }

  private static String percentiles(Comparison c, double p) {
    return Report.time(Run.percentile(c.runs(ROWAN), p))
        + " / "
        + Report.time(Run.percentile(c.runs(PHOENIX), p));
  }

  private static double[] p99Speeds(Comparison c) {
    int rounds = c.runs(ROWAN).size();
    double[] speeds = new double[rounds];
    for (int round = 0; round < rounds; round++) {
      speeds[round] =
          (double) Run.percentile(List.of(c.runs(PHOENIX).get(round)), 99)
              / Run.percentile(List.of(c.runs(ROWAN).get(round)), 99);
    }
    Arrays.sort(speeds);
    return speeds;
  }

  private static String range(double[] sorted) {
    return String.format(
        "%.2f (%.2f..%.2f)", Comparison.median(sorted), sorted[0], sorted[sorted.length - 1]);
  }

  private static String rate(double perSecond, String op) {
    String plural = op.endsWith("y") ? op.substring(0, op.length() - 1) + "ies" : op + "s";
    return String.format(perSecond >= 100 ? "%,.0f %s/s" : "%,.1f %s/s", perSecond, plural);
  }
}
