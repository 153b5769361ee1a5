package dev.rowan.mapreduce.internal.hfile;

import dev.rowan.mapreduce.RowCells;
import dev.rowan.mapreduce.internal.job.LoadCounters;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Reducer;
import org.jspecify.annotations.Nullable;

/**
 * Writes the cells of each row in HFile order, and catches cells that two input lines both wrote:
 * same row, family, qualifier, timestamp and type. A row normally arrives as one {@link RowCells},
 * already sorted, and is written as it is; several records for one row are merged and sorted, like
 * HBase's {@code CellSortReducer}. One line never writes a cell twice, so a repeated cell means the
 * input holds a key twice, and which line would win is undefined (for an entity with views, both
 * lines' view rows would survive). Such rows are counted and a sample is noted, so the driver can
 * refuse to load.
 */
final class SortingReducer
    extends Reducer<ImmutableBytesWritable, RowCells, ImmutableBytesWritable, KeyValue> {

  /** Where the reducers note duplicated rows. */
  static final String DUPLICATES_DIR = "rowan.bulkload.duplicates.dir";

  private static final int SAMPLES = 10;

  private Counter duplicates;
  private final Map<String, Counter> rowsByTable = new HashMap<>();
  private final List<String> samples = new ArrayList<>();

  @Override
  protected void setup(Context context) {
    duplicates = context.getCounter(LoadCounters.GROUP, LoadCounters.DUPLICATES);
  }

  @Override
  protected void reduce(ImmutableBytesWritable key, Iterable<RowCells> rows, Context context)
      throws IOException, InterruptedException {
    List<KeyValue> first = null;
    TreeSet<KeyValue> merged = null;
    boolean duplicated = false;
    for (RowCells row : rows) {
      if (first == null) {
        first = row.cells(); // each record read brings a new list of new cells
        continue;
      }
      if (merged == null) {
        merged = new TreeSet<>(CellComparator.getInstance());
        merged.addAll(first);
      }
      for (KeyValue cell : row.cells()) {
        if (!merged.add(cell)) {
          duplicates.increment(1);
          duplicated = true;
        }
      }
    }
    Counter tableRows = rowsOf(key, context);
    if (tableRows != null) {
      tableRows.increment(1);
    }
    if (duplicated && samples.size() < SAMPLES) {
      samples.add(describe(key));
    }
    for (KeyValue cell :
        merged == null
            ? Objects.requireNonNull(first, "a reduce call gets at least one value")
            : merged) {
      context.write(key, cell);
    }
  }

  /**
   * The counter of rows written into the HFiles of the table of {@code key} ({@code table;row});
   * null without one.
   */
  private @Nullable Counter rowsOf(ImmutableBytesWritable key, Context context) {
    byte[] bytes = key.get();
    int end = key.getOffset() + key.getLength();
    int separator = -1;
    for (int i = key.getOffset(); i < end; i++) {
      if (bytes[i] == ';') {
        separator = i;
        break;
      }
    }
    if (separator < 0) {
      return null;
    }
    String table = Bytes.toString(bytes, key.getOffset(), separator - key.getOffset());
    return rowsByTable.computeIfAbsent(
        table,
        name ->
            context.getCounter(
                LoadCounters.HFILE_ROWS_GROUP, name.substring(name.indexOf(':') + 1)));
  }

  @Override
  protected void cleanup(Context context) throws IOException {
    if (samples.isEmpty()) {
      return;
    }
    String task = String.format("%05d", context.getTaskAttemptID().getTaskID().getId());
    Path file =
        new Path(duplicatesDir(context.getConfiguration()), "duplicates-r-" + task + ".txt");
    FileSystem fs = file.getFileSystem(context.getConfiguration());
    try (BufferedWriter out =
        new BufferedWriter(new OutputStreamWriter(fs.create(file, true), StandardCharsets.UTF_8))) {
      for (String sample : samples) {
        out.write(sample);
        out.newLine();
      }
    }
  }

  /** {@code table row} of a composite key {@code table;row}. */
  private static String describe(ImmutableBytesWritable key) {
    byte[] bytes = key.copyBytes();
    int separator = Bytes.indexOf(bytes, (byte) ';');
    if (separator < 0) {
      return Bytes.toStringBinary(bytes);
    }
    return Bytes.toString(bytes, 0, separator)
        + " row "
        + Bytes.toStringBinary(bytes, separator + 1, bytes.length - separator - 1);
  }

  private static Path duplicatesDir(Configuration conf) {
    return new Path(conf.get(DUPLICATES_DIR));
  }
}
