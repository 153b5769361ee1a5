package dev.rowan.mapreduce.internal.load;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.jspecify.annotations.Nullable;

/**
 * The rejects file of one task: a line per rejected input line, {@code file:line<TAB>reason<TAB>
 * text}, up to a limit, then a last line telling how many more were rejected. Created on the first
 * reject, named after the task so that a retried attempt overwrites its predecessor.
 *
 * <p>Thread-safety: not thread-safe; one per task.
 */
final class RejectLog implements AutoCloseable {

  private static final int MAX_TEXT = 500;

  private final Configuration conf;
  private final Path file;
  private final int limit;
  private @Nullable BufferedWriter out; // opened on the first reject
  private long written;
  private long skipped;

  RejectLog(Configuration conf, Path file, int limit) {
    this.conf = conf;
    this.file = file;
    this.limit = limit;
  }

  /** Records that line {@code line} of {@code source} was rejected for {@code reason}. */
  void reject(String source, long line, String reason, String text) throws IOException {
    if (written >= limit) {
      skipped++;
      return;
    }
    if (out == null) {
      FileSystem fs = file.getFileSystem(conf);
      out =
          new BufferedWriter(new OutputStreamWriter(fs.create(file, true), StandardCharsets.UTF_8));
    }
    String shown = text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT) + "...";
    out.write(source + ":" + line + "\t" + oneLine(reason) + "\t" + oneLine(shown));
    out.newLine();
    written++;
  }

  @Override
  public void close() throws IOException {
    if (out != null) {
      if (skipped > 0) {
        out.write(
            "... and "
                + skipped
                + " more rejected lines not shown ("
                + BulkLoadSettings.REJECTS_LOGGED
                + " = "
                + limit
                + " per task)");
        out.newLine();
      }
      out.close();
      out = null;
    }
  }

  private static String oneLine(String text) {
    return text.replace('\t', ' ').replace('\n', ' ').replace('\r', ' ');
  }
}
