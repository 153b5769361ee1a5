package dev.rowan.mapreduce.internal.view;

import dev.rowan.index.MainRow;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapreduce.RowCells;
import dev.rowan.mapreduce.internal.hfile.EntityCells;
import dev.rowan.mapreduce.internal.hfile.RowGrouper;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.hbase.mapreduce.TableMapper;
import org.apache.hadoop.mapreduce.Counter;

/**
 * The map task of a rebuild: one region of the main table; for each entity, the cells of its row in
 * every view, whole, with the main row's status (its timestamp and nonce) and its write mark, but
 * <em>unverified</em>, keyed by view table and row for {@link MultiTableHFileOutputFormat}.
 * Unverified because writers may write meanwhile: a loaded row stands even where a save retired and
 * deleted that row after the scan read its entity (a delete never masks a later put), and an
 * unverified row is only ever used after a check of its main row. The repair pass after the load
 * settles each row that its main row still maps to, conditionally, as readers do ({@link
 * ViewRowRepairs}). An entity whose main row has no status cell (written before the entity had
 * views) gets no cells: a view row needs a status to carry, and giving the main row one is a fence,
 * which the repair pass after the load does with a check-and-mutate.
 */
final class RebuildViewsMapper extends TableMapper<ImmutableBytesWritable, RowCells> {

  private EntityModel<?> model;
  private List<ViewModel> views;
  private byte[][] tableNames;
  private Counter mainRows;
  private Counter written;
  private Counter noStatus;
  private Counter[] loaded;
  private Counter[] left;

  @Override
  protected void setup(Context context) {
    Configuration conf = context.getConfiguration();
    model = ViewJobSettings.model(conf);
    views = ViewJobSettings.views(model, conf);
    List<TableName> tables = ViewJobSettings.viewTables(conf);
    tableNames = new byte[tables.size()][];
    loaded = new Counter[views.size()];
    left = new Counter[views.size()];
    for (int i = 0; i < views.size(); i++) {
      tableNames[i] = tables.get(i).getName();
      loaded[i] = context.getCounter(ViewCounters.group(views.get(i)), ViewCounters.LOADED);
      left[i] = context.getCounter(ViewCounters.group(views.get(i)), ViewCounters.LEFT);
    }
    mainRows = context.getCounter(ViewCounters.GROUP, ViewCounters.MAIN_ROWS);
    written = context.getCounter(ViewCounters.GROUP, ViewCounters.WRITTEN);
    noStatus = context.getCounter(ViewCounters.GROUP, ViewCounters.NO_STATUS);
  }

  @Override
  protected void map(ImmutableBytesWritable key, Result row, Context context)
      throws IOException, InterruptedException {
    mainRows.increment(1);
    MainRow prior = MainRow.of(model, row);
    Object[] values = prior.values(); // null unless the row is live
    if (values == null) {
      return;
    }
    RowStatus status = prior.status();
    if (status == null) {
      noStatus.increment(1);
    }
    for (int i = 0; i < views.size(); i++) {
      ViewModel view = views.get(i);
      byte[] viewKey = view.rowKey(values);
      if (viewKey == null) {
        continue;
      }
      if (status == null) {
        left[i].increment(1);
        continue;
      }
      RowGrouper rows =
          new RowGrouper(
              (index, rowKey, cells) ->
                  context.write(
                      new ImmutableBytesWritable(
                          MultiTableHFileOutputFormat.createCompositeKey(
                              tableNames[index], rowKey)),
                      cells));
      EntityCells.emit(
          i,
          view.put(viewKey, values, status.with(RowStatus.State.UNVERIFIED), row.getRow()),
          rows);
      rows.flush();
      loaded[i].increment(1);
      written.increment(1);
    }
  }
}
