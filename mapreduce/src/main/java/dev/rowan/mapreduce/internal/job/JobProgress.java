package dev.rowan.mapreduce.internal.job;

import java.io.IOException;
import java.io.PrintStream;
import java.util.function.Function;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;

/**
 * Internal, not API: runs a submitted job to its end, printing one line every few seconds (the map
 * and reduce progress and the job's counters so far: a bulk load's, unless told which) and, when it
 * succeeds, its final line.
 */
public final class JobProgress {

  private JobProgress() {}

  /**
   * Waits for {@code job}, printing progress to {@code out} every {@code seconds} (none for 0) and
   * its final line when it succeeds.
   *
   * @return whether the job succeeded
   */
  public static boolean await(Job job, PrintStream out, int seconds, String label)
      throws IOException, InterruptedException {
    return await(job, out, seconds, label, JobProgress::loadCounters);
  }

  /**
   * Waits for {@code job}, printing progress to {@code out} every {@code seconds} (none for 0),
   * with the counters as {@code counters} shows them, and, when it succeeds, its final line (unless
   * the last line printed already says the same).
   *
   * @return whether the job succeeded
   */
  public static boolean await(
      Job job, PrintStream out, int seconds, String label, Function<Counters, String> counters)
      throws IOException, InterruptedException {
    long interval = seconds <= 0 ? 500 : seconds * 1000L;
    long next = System.currentTimeMillis() + interval;
    String last = null;
    while (!job.isComplete()) {
      Thread.sleep(250);
      if (seconds > 0 && System.currentTimeMillis() >= next) {
        last = line(job, label, counters);
        out.println(last);
        next += interval;
      }
    }
    if (!job.isSuccessful()) {
      return false;
    }
    String done = line(job, label, counters);
    if (!done.equals(last)) {
      out.println(done);
    }
    return true;
  }

  /**
   * One progress line: the label, map and reduce progress (reduce left out for a map-only job),
   * counters.
   */
  static String line(Job job, String label, Function<Counters, String> counters)
      throws IOException, InterruptedException {
    StringBuilder text = new StringBuilder();
    text.append(label).append(": map ").append(percent(job.mapProgress()));
    if (job.getNumReduceTasks() > 0) {
      text.append(", reduce ").append(percent(job.reduceProgress()));
    }
    Counters current = job.getCounters();
    if (current != null) {
      text.append(" | ").append(counters.apply(current));
    }
    return text.toString();
  }

  private static String loadCounters(Counters counters) {
    return String.format(
        "%,d lines, %,d rejected, %,d entities",
        counters.findCounter(LoadCounters.GROUP, LoadCounters.LINES).getValue(),
        counters.findCounter(LoadCounters.GROUP, LoadCounters.REJECTED).getValue(),
        counters.findCounter(LoadCounters.GROUP, LoadCounters.ENTITIES).getValue());
  }

  private static String percent(float progress) {
    return Math.round(progress * 100) + "%";
  }
}
