package dev.rowan.benchmarks;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The measurements of one workload: after a warm-up run of every side, {@code rounds} rounds in
 * which every side runs once, the side that starts rotating from round to round, so that the sides
 * alternate and a ratio taken within a round compares runs made under the same conditions (the
 * machine is shared); then the RPCs of every side, counted on a connection with client metrics. The
 * sides of an {@link OpWorkload} alternate operation by operation instead.
 *
 * <p>Thread-safety: not thread-safe.
 */
final class Comparison {

  private final Workload workload;
  private final List<List<Run>> runs = new ArrayList<>();
  private final double[] rpcs;

  private Comparison(Workload workload) {
    this.workload = workload;
    for (int side = 0; side < workload.sides().size(); side++) {
      runs.add(new ArrayList<>());
    }
    this.rpcs = new double[workload.sides().size()];
    Arrays.fill(rpcs, Double.NaN);
  }

  static Comparison measure(
      Workload workload, Clients timing, Clients counting, int rounds, PrintStream log)
      throws Exception {
    Comparison comparison = new Comparison(workload);
    int sides = workload.sides().size();
    log.printf("%s (load average %s)%n", workload.name(), loadAverage());
    workload.load(timing, counting);
    workload.verify(timing);
    for (int side = 0; side < sides; side++) {
      workload.run(timing, side, Workload.WARMUP, workload.warmupCount(side));
    }
    for (int round = 0; round < rounds; round++) {
      List<Run> done =
          workload instanceof OpWorkload ops
              ? interleavedRound(ops, timing, round)
              : Arrays.asList(new Run[sides]);
      for (int k = 0; k < sides; k++) {
        int side = (round + k) % sides;
        if (done.get(side) == null) {
          done.set(side, workload.run(timing, side, round, workload.count(side)));
        }
      }
      for (int side = 0; side < sides; side++) {
        comparison.runs.get(side).add(done.get(side));
      }
      StringBuilder line = new StringBuilder(String.format("  round %d:", round + 1));
      for (int side = 0; side < sides; side++) {
        Run run = comparison.runs.get(side).get(round);
        line.append(String.format(" %s %,.1f/s", workload.sides().get(side), run.perSecond()));
        if (run.latencies() != null) {
          line.append(String.format(" (p50 %,d µs)", Run.percentile(List.of(run), 50) / 1000));
        }
        line.append(';');
      }
      log.println(line.append(String.format(" Rowan/hand %.2f", comparison.ratio(0, 1, round))));
    }
    for (int side = 0; side < sides; side++) {
      int ops = workload.countingOps(side);
      workload.run(counting, side, Workload.COUNTING, ops); // finds regions, warms caches
      Run counted = workload.run(counting, side, Workload.COUNTING, ops);
      comparison.rpcs[side] = (double) counted.rpcs() * workload.rpcUnit() / counted.ops();
      if (Boolean.getBoolean("rowan.bench.rpcDetail")) {
        log.printf(
            "  RPCs of %s so far: %s%n", workload.sides().get(side), counting.rpcs().detail());
      }
    }
    return comparison;
  }

  /**
   * The runs of the interleaved sides of {@code workload} in {@code round}, operation by operation
   * ({@link Run#interleaved}); null for the sides that run on their own.
   */
  private static List<Run> interleavedRound(OpWorkload workload, Clients timing, int round)
      throws Exception {
    int sides = workload.sides().size();
    List<Integer> together = new ArrayList<>();
    List<Run.Op> ops = new ArrayList<>();
    int count = workload.count(0);
    for (int side = 0; side < sides; side++) {
      if (workload.interleaved(side)) {
        together.add(side);
        ops.add(workload.op(timing, side, round, count));
      }
    }
    List<Run> interleaved = Run.interleaved(ops, count, new SplittableRandom(round));
    List<Run> done = Arrays.asList(new Run[sides]);
    for (int k = 0; k < together.size(); k++) {
      done.set(together.get(k), interleaved.get(k));
    }
    return done;
  }

  /** The 1-minute load average of the machine, or "?" where unknown. */
  static String loadAverage() {
    try {
      return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
    } catch (java.io.IOException | RuntimeException e) {
      return "?";
    }
  }

  Workload workload() {
    return workload;
  }

  List<Run> runs(int side) {
    return runs.get(side);
  }

  /** RPCs per {@link Workload#rpcUnit()} operations of {@code side}. */
  double rpcs(int side) {
    return rpcs[side];
  }

  /**
   * Side {@code a} against side {@code b} in one round: the ratio of their median latencies for
   * workloads timed operation by operation (robust to the pauses other processes cause on a shared
   * machine), else of their times per operation.
   */
  double ratio(int a, int b, int round) {
    Run x = runs.get(a).get(round);
    Run y = runs.get(b).get(round);
    if (x.latencies() != null && y.latencies() != null) {
      return (double) Run.percentile(List.of(x), 50) / Run.percentile(List.of(y), 50);
    }
    return x.nanosPerOp() / y.nanosPerOp();
  }

  /** The time per operation of side {@code a} over that of side {@code b} in one round, means. */
  double meanRatio(int a, int b, int round) {
    return runs.get(a).get(round).nanosPerOp() / runs.get(b).get(round).nanosPerOp();
  }

  /** The ratios ({@link #ratio}) of every round, sorted. */
  double[] ratios(int a, int b) {
    double[] ratios = new double[runs.get(a).size()];
    for (int round = 0; round < ratios.length; round++) {
      ratios[round] = ratio(a, b, round);
    }
    Arrays.sort(ratios);
    return ratios;
  }

  /** The ratios of mean times per operation ({@link #meanRatio}) of every round, sorted. */
  double[] meanRatios(int a, int b) {
    double[] ratios = new double[runs.get(a).size()];
    for (int round = 0; round < ratios.length; round++) {
      ratios[round] = meanRatio(a, b, round);
    }
    Arrays.sort(ratios);
    return ratios;
  }

  /** The median over rounds of the operations per second of {@code side}. */
  double medianPerSecond(int side) {
    return median(runs.get(side).stream().mapToDouble(Run::perSecond).sorted().toArray());
  }

  /** The median over rounds of the mean time per operation of {@code side}, in nanoseconds. */
  double medianNanosPerOp(int side) {
    return median(runs.get(side).stream().mapToDouble(Run::nanosPerOp).sorted().toArray());
  }

  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
