package dev.rowan.mapreduce;

import java.io.IOException;
import java.io.PrintStream;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;

/**
 * Runs a submitted job to its end, printing one line every few seconds: the map and reduce
 * progress and the load's counters so far.
 */
final class JobProgress {

  private JobProgress() {}

  /**
   * Waits for {@code job}, printing progress to {@code out} every {@code seconds} (none for 0).
   *
   * @return whether the job succeeded
   */
  static boolean await(Job job, PrintStream out, int seconds, String label) throws IOException, InterruptedException {
    long interval = seconds <= 0 ? 500 : seconds * 1000L;
    long next = System.currentTimeMillis() + interval;
    while (!job.isComplete()) {
      Thread.sleep(250);
      if (seconds > 0 && System.currentTimeMillis() >= next) {
        out.println(line(job, label));
        next += interval;
      }
    }
    return job.isSuccessful();
  }

  static String line(Job job, String label) throws IOException, InterruptedException {
    StringBuilder text = new StringBuilder();
    text.append(label).append(": map ").append(percent(job.mapProgress())).append(", reduce ")
        .append(percent(job.reduceProgress()));
    Counters counters = job.getCounters();
    if (counters != null) {
      text.append(String.format(" | %,d lines, %,d rejected, %,d entities",
          counters.findCounter(LoadCounters.GROUP, LoadCounters.LINES).getValue(),
          counters.findCounter(LoadCounters.GROUP, LoadCounters.REJECTED).getValue(),
          counters.findCounter(LoadCounters.GROUP, LoadCounters.ENTITIES).getValue()));
    }
    return text.toString();
  }

  private static String percent(float progress) {
    return Math.round(progress * 100) + "%";
  }
}
