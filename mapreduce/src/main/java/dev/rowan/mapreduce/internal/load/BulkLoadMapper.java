package dev.rowan.mapreduce.internal.load;

import dev.rowan.index.MainRow;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapreduce.RowCells;
import dev.rowan.mapreduce.internal.hfile.EntityCells;
import dev.rowan.mapreduce.internal.hfile.RowGrouper;
import dev.rowan.mapreduce.internal.job.LoadCounters;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.jspecify.annotations.Nullable;

/**
 * Reads one whole input file (inputs are not split, so that line numbers and the CSV header are
 * known), turns each line into an entity and emits its cells for every table, keyed by table and
 * row for {@link MultiTableHFileOutputFormat}; an entity kept in one table per period goes to its
 * period's tables ({@link LoadTables}). Lines are taken a batch at a time: the main rows of a batch
 * are read in one multi-get per main table when the cells depend on what is stored (views or a
 * {@code @Version}). Bad lines, and lines whose period has no tables, go to the rejects file.
 */
final class BulkLoadMapper extends Mapper<LongWritable, Text, ImmutableBytesWritable, RowCells> {

  /** A line read and parsed, waiting for its batch. */
  private record Pending(long line, String text, int group, byte[] rowKey, Object[] values) {}

  private EntityModel<?> model;
  private EntityCells cells;
  private LoadTables loadTables;
  private RecordFormat format;
  private TextValues textValues;
  private boolean ignoreUnknown;

  /** A JSON lines parser from the start; a CSV one once the header, the first line, is read. */
  private @Nullable RecordParser parser;

  private byte[][] tableNames;
  private int width;
  private String[] rowCounters;
  private long timestamp;
  private int batchSize;
  private String source;
  private long lineNumber;
  private RejectLog rejects;

  // Only when the cells depend on the stored main rows, which these read.
  private @Nullable Connection connection;
  private Table @Nullable [] mainTables;

  private final List<Pending> batch = new ArrayList<>();
  private Counter lines;
  private Counter entities;
  private Counter rejected;
  private Counter existing;
  private Counter retired;
  private Counter[] rows;

  @Override
  protected void setup(Context context) throws IOException {
    Configuration conf = context.getConfiguration();
    model = EntityModel.of(BulkLoadSettings.entityClass(conf));
    cells = new EntityCells(model);
    format = BulkLoadSettings.format(conf);
    textValues = TextValues.of(model);
    ignoreUnknown = conf.getBoolean(BulkLoadSettings.IGNORE_UNKNOWN, false);
    parser = format == RecordFormat.JSON_LINES ? new JsonRecords(textValues, ignoreUnknown) : null;
    loadTables = LoadTables.of(model, cells, conf);
    width = loadTables.width();
    String[] tables = conf.getStrings(BulkLoadSettings.TABLES);
    tableNames = new byte[tables.length][];
    for (int i = 0; i < tables.length; i++) {
      tableNames[i] = TableName.valueOf(tables[i]).getName();
    }
    rowCounters = loadTables.rowCounterNames();
    timestamp = conf.getLong(BulkLoadSettings.TIMESTAMP, System.currentTimeMillis());
    batchSize =
        Math.max(1, conf.getInt(BulkLoadSettings.READ_BATCH, BulkLoadSettings.DEFAULT_READ_BATCH));
    Path file = ((FileSplit) context.getInputSplit()).getPath();
    source = file.toString();
    String task = String.format("%05d", context.getTaskAttemptID().getTaskID().getId());
    rejects =
        new RejectLog(
            conf,
            new Path(BulkLoadSettings.rejectsDir(conf), "rejects-m-" + task + ".txt"),
            conf.getInt(BulkLoadSettings.REJECTS_LOGGED, BulkLoadSettings.DEFAULT_REJECTS_LOGGED));
    if (cells.needsPrior() && !conf.getBoolean(BulkLoadSettings.MAIN_TABLE_EMPTY, false)) {
      connection = ConnectionFactory.createConnection(conf);
      mainTables = new Table[tables.length / width];
      for (int group = 0; group < mainTables.length; group++) {
        mainTables[group] = connection.getTable(TableName.valueOf(tables[group * width]));
      }
    }
    lines = context.getCounter(LoadCounters.GROUP, LoadCounters.LINES);
    entities = context.getCounter(LoadCounters.GROUP, LoadCounters.ENTITIES);
    rejected = context.getCounter(LoadCounters.GROUP, LoadCounters.REJECTED);
    existing = context.getCounter(LoadCounters.GROUP, LoadCounters.EXISTING);
    retired = context.getCounter(LoadCounters.GROUP, LoadCounters.RETIRED);
    rows = new Counter[rowCounters.length];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = context.getCounter(LoadCounters.ROWS_GROUP, rowCounters[i]);
    }
  }

  @Override
  protected void map(LongWritable offset, Text value, Context context)
      throws IOException, InterruptedException {
    lineNumber++;
    String line = value.toString();
    if (line.isBlank()) {
      return;
    }
    if (parser == null) {
      parser =
          CsvRecords.fromHeader(
              textValues, CsvRecords.format(format.delimiter()), line, source, ignoreUnknown);
      return;
    }
    lines.increment(1);
    try {
      Object[] values = parser.parse(line);
      batch.add(
          new Pending(
              lineNumber, line, loadTables.group(values), model.rowKey().encode(values), values));
    } catch (RejectedLineException e) {
      reject(lineNumber, e.reason(), line);
    } catch (InvalidValueException e) {
      reject(lineNumber, reason(e), line);
    }
    if (batch.size() >= batchSize) {
      flush(context);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    try {
      flush(context);
    } finally {
      rejects.close();
      if (mainTables != null) {
        for (Table table : mainTables) {
          table.close();
        }
      }
      if (connection != null) {
        connection.close();
      }
    }
  }

  private void flush(Context context) throws IOException, InterruptedException {
    if (batch.isEmpty()) {
      return;
    }
    Result[] stored = mainTables == null ? null : readStored(mainTables);
    int[] base = new int[1];
    RowGrouper sink =
        new RowGrouper(
            (table, row, cells) ->
                context.write(
                    new ImmutableBytesWritable(
                        MultiTableHFileOutputFormat.createCompositeKey(
                            tableNames[base[0] + table], row)),
                    cells));
    for (int i = 0; i < batch.size(); i++) {
      Pending pending = batch.get(i);
      base[0] = pending.group() * width;
      MainRow prior = stored == null ? MainRow.ABSENT : MainRow.of(model, stored[i]);
      EntityCells.Outcome outcome;
      try {
        outcome =
            cells.write(
                pending.rowKey(),
                pending.values(),
                prior,
                timestamp,
                ThreadLocalRandom.current().nextLong(),
                sink);
        sink.flush();
      } catch (InvalidValueException e) {
        sink.discard();
        reject(pending.line(), reason(e), pending.text());
        continue;
      }
      entities.increment(1);
      if (prior != null && prior.values() != null) {
        existing.increment(1);
      }
      retired.increment(outcome.retired());
      for (int table = 0; table < width; table++) {
        if (outcome.wrote(table)) {
          rows[base[0] + table].increment(1);
        }
      }
    }
    batch.clear();
    context.progress();
  }

  /**
   * The stored main rows of the batch, in batch order: one multi-get per main table ({@code
   * tables}) the batch writes.
   */
  private Result[] readStored(Table[] tables) throws IOException {
    Result[] stored = new Result[batch.size()];
    for (int group = 0; group < tables.length; group++) {
      List<Integer> indexes = new ArrayList<>();
      List<Get> gets = new ArrayList<>();
      for (int i = 0; i < batch.size(); i++) {
        if (batch.get(i).group() == group) {
          indexes.add(i);
          gets.add(new Get(batch.get(i).rowKey()));
        }
      }
      if (gets.isEmpty()) {
        continue;
      }
      Result[] read = tables[group].get(gets);
      for (int i = 0; i < read.length; i++) {
        stored[indexes.get(i)] = read[i];
      }
    }
    return stored;
  }

  /** Why a value is refused: {@code InvalidValueException.of} names the property and the reason. */
  private static String reason(InvalidValueException e) {
    return Objects.requireNonNull(
        e.getMessage(), "an InvalidValueException names the property and the reason");
  }

  private void reject(long line, String reason, String text) throws IOException {
    rejected.increment(1);
    rejects.reject(source, line, reason, text);
  }
}
