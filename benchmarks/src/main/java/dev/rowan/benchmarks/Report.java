package dev.rowan.benchmarks;

import java.io.PrintStream;
import java.util.List;

/**
 * Prints the measurements as Markdown tables: every workload, Rowan against hand-written code;
 * then, for the view queries, the view against a full scan of the main table.
 *
 * <p>Thread-safety: stateless.
 */
final class Report {

  private Report() {}

  static void print(List<Comparison> comparisons, PrintStream out) {
    out.println(
        "| Workload | Rowan | Hand-written | Rowan / hand-written, median (min..max) * "
            + "| p50 Rowan / hand | p99 Rowan / hand | RPCs Rowan / hand |");
    out.println("|---|---:|---:|---:|---:|---:|---:|");
    for (Comparison c : comparisons) {
      Workload w = c.workload();
      boolean timedEach = c.runs(0).get(0).latencies() != null;
      double[] ratios = c.ratios(0, 1);
      out.printf(
          "| %s | %s | %s | %.2f (%.2f..%.2f) | %s | %s | %s |%n",
          w.name(),
          rate(c.medianPerSecond(0), w.op()),
          rate(c.medianPerSecond(1), w.op()),
          Comparison.median(ratios),
          ratios[0],
          ratios[ratios.length - 1],
          timedEach
              ? time(Run.percentile(c.runs(0), 50)) + " / " + time(Run.percentile(c.runs(1), 50))
              : "–",
          timedEach
              ? time(Run.percentile(c.runs(0), 99)) + " / " + time(Run.percentile(c.runs(1), 99))
              : "–",
          rpcs(c, w));
    }
    out.println();
    out.println(
        "\\* per round: time per operation of Rowan over that of the hand-written code; for the workloads"
            + " with p50 and p99, the ratio of the round's median latencies. Median and range over the rounds.");
    List<Comparison> scans =
        comparisons.stream().filter(c -> c.workload().sides().size() > 2).toList();
    if (scans.isEmpty()) {
      return;
    }
    out.println();
    out.println(
        "| Workload with three sides (first / second / third) | first, mean | second, mean | third, mean "
            + "| third / first, median (min..max) | RPCs first / second / third |");
    out.println("|---|---:|---:|---:|---:|---:|");
    for (Comparison c : scans) {
      double[] ratios = c.meanRatios(2, 0);
      out.printf(
          "| %s (%s) | %s | %s | %s | %s (%s..%s) | %.0f / %.0f / %.0f |%n",
          c.workload().name(),
          String.join(" / ", c.workload().sides()),
          time(c.medianNanosPerOp(0)),
          time(c.medianNanosPerOp(1)),
          time(c.medianNanosPerOp(2)),
          ratio(Comparison.median(ratios)),
          ratio(ratios[0]),
          ratio(ratios[ratios.length - 1]),
          c.rpcs(0),
          c.rpcs(1),
          c.rpcs(2));
    }
  }

  /** A ratio: two decimals below 10 (a full scan's speed-up of thousands needs none). */
  private static String ratio(double ratio) {
    return ratio < 10 ? String.format("%.2f", ratio) : String.format("%,.0f", ratio);
  }

  private static String rpcs(Comparison c, Workload w) {
    if (Double.isNaN(c.rpcs(0))) {
      return "–";
    }
    String per =
        w.rpcUnit() == 1
            ? "per " + w.op()
            : String.format("per %,d %s", w.rpcUnit(), plural(w.op()));
    return String.format(
        c.rpcs(0) < 10 ? "%.1f / %.1f %s" : "%.0f / %.0f %s", c.rpcs(0), c.rpcs(1), per);
  }

  private static String rate(double perSecond, String op) {
    return String.format(perSecond >= 100 ? "%,.0f %s/s" : "%,.1f %s/s", perSecond, plural(op));
  }

  private static String plural(String op) {
    return op.endsWith("y") ? op.substring(0, op.length() - 1) + "ies" : op + "s";
  }

  static String time(double nanos) {
    if (nanos < 1e6) {
      return String.format("%.0f µs", nanos / 1e3);
    }
    if (nanos < 1e9) {
      return String.format(nanos < 1e7 ? "%.2f ms" : "%.1f ms", nanos / 1e6);
    }
    return String.format("%.2f s", nanos / 1e9);
  }
}
