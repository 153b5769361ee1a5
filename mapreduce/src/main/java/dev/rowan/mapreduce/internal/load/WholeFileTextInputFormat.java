package dev.rowan.mapreduce.internal.load;

import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;

/**
 * Text input read one whole file per map task, so that a task knows each line's number and reads a
 * CSV file's header before its rows. Split big inputs into several files to read them in parallel.
 */
final class WholeFileTextInputFormat extends TextInputFormat {

  @Override
  protected boolean isSplitable(JobContext context, Path file) {
    return false;
  }
}
