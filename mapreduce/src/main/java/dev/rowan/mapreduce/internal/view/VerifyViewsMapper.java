package dev.rowan.mapreduce.internal.view;

import dev.rowan.core.Rowan;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapreduce.internal.view.ViewVerdict.Kind;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.apache.hadoop.hbase.mapreduce.TableSplit;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Counter;

/**
 * The map task of a verify job: one region of the main table or of a view table (the split names
 * the table), its rows taken a batch at a time through {@link ViewBatch}. Findings go to the job's
 * counters, and up to {@code SAMPLES} keys per view and kind to the task's output file, for the
 * driver to read back.
 */
final class VerifyViewsMapper extends TableMapper<NullWritable, Text>
    implements ViewBatch.Findings {

  private List<ViewModel> views;
  private int viewIndex; // -1 for the main table
  private int batchSize;
  private int samplesPerKind;
  private Connection connection;
  private final List<Table> tables = new ArrayList<>();
  private ViewBatch check;
  private final List<Result> batch = new ArrayList<>();
  private Context context;
  private int[][] sampled;
  private int[] sharedSampled;
  private Counter mainRows;
  private Counter viewRows;
  private Counter faults;
  private Counter repaired;

  @Override
  protected void setup(Context context) throws IOException {
    this.context = context;
    Configuration conf = context.getConfiguration();
    EntityModel<?> model = ViewJobSettings.model(conf);
    views = ViewJobSettings.views(model, conf);
    List<TableName> viewTables = ViewJobSettings.viewTables(conf);
    TableName split = ((TableSplit) context.getInputSplit()).getTable();
    viewIndex = viewTables.indexOf(split);
    batchSize = ViewJobSettings.batch(conf);
    samplesPerKind =
        Math.max(0, conf.getInt(ViewJobSettings.SAMPLES, ViewJobSettings.DEFAULT_SAMPLES));
    sampled = new int[views.size()][Kind.values().length];
    sharedSampled = new int[views.size()];
    connection = ConnectionFactory.createConnection(conf);
    Table main = connection.getTable(ViewJobSettings.mainTable(conf));
    tables.add(main);
    List<Table> viewHandles = new ArrayList<>();
    for (TableName name : viewTables) {
      Table table = connection.getTable(name);
      tables.add(table);
      viewHandles.add(table);
    }
    check =
        new ViewBatch(
            model,
            views,
            main,
            viewHandles,
            conf.getBoolean(ViewJobSettings.REPAIR, false),
            conf.getBoolean(ViewJobSettings.SETTLE_LOADED, false),
            conf.getLong(ViewJobSettings.WRITE_LEASE, Rowan.DEFAULT_WRITE_LEASE.toMillis()),
            this);
    mainRows = context.getCounter(ViewCounters.GROUP, ViewCounters.MAIN_ROWS);
    viewRows = context.getCounter(ViewCounters.GROUP, ViewCounters.VIEW_ROWS);
    faults = context.getCounter(ViewCounters.GROUP, ViewCounters.FAULTS);
    repaired = context.getCounter(ViewCounters.GROUP, ViewCounters.REPAIRED);
  }

  @Override
  protected void map(ImmutableBytesWritable key, Result row, Context context)
      throws IOException, InterruptedException {
    batch.add(row);
    if (batch.size() >= batchSize) {
      flush();
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    try {
      flush();
    } finally {
      for (Table table : tables) {
        table.close();
      }
      connection.close();
    }
  }

  private void flush() throws IOException, InterruptedException {
    if (batch.isEmpty()) {
      return;
    }
    if (viewIndex < 0) {
      mainRows.increment(batch.size());
      check.mainRows(batch);
    } else {
      check.viewRows(viewIndex, batch);
    }
    batch.clear();
    context.progress();
  }

  @Override
  public void rows(int view, long count) {
    viewRows.increment(count);
    context.getCounter(ViewCounters.group(views.get(view)), ViewCounters.ROWS).increment(count);
  }

  @Override
  public void fault(int view, Kind kind, byte[] key) throws IOException, InterruptedException {
    ViewModel model = views.get(view);
    faults.increment(1);
    context.getCounter(ViewCounters.group(model), ViewCounters.name(kind)).increment(1);
    if (sampled[view][kind.ordinal()]++ < samplesPerKind) {
      context.write(NullWritable.get(), new Text(ViewSamples.line(model, kind, key)));
    }
  }

  @Override
  public void secondOwner(int view, String keyText) throws IOException, InterruptedException {
    context
        .getCounter(ViewCounters.group(views.get(view)), ViewCounters.SECOND_OWNERS)
        .increment(1);
    if (sharedSampled[view]++ < samplesPerKind) {
      context.write(NullWritable.get(), new Text(ViewSamples.sharedLine(views.get(view), keyText)));
    }
  }

  @Override
  public void settled(int view, long count) {
    context.getCounter(ViewCounters.group(views.get(view)), ViewCounters.SETTLED).increment(count);
  }

  @Override
  public void repaired(int view, boolean deleted) {
    repaired.increment(1);
    context
        .getCounter(
            ViewCounters.group(views.get(view)),
            deleted ? ViewCounters.DELETED : ViewCounters.REWRITTEN)
        .increment(1);
  }
}
