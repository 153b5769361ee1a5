package dev.rowan.mapreduce;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.hbase.mapreduce.RowanIncrementalLoad;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * The HFile half of the jobs that write rows of several tables as HFiles, the bulk load and the
 * view rebuild: map output of {@link RowCells} keyed by table and row, partitioned by the
 * tables' regions, {@link SortingReducer} writing one HFile per region.
 */
final class HFileOutput {

  private HFileOutput() {}

  /**
   * Sets in {@code conf}, before the job is made from it, where the partitions file and the
   * reducers' duplicate samples go (under {@code work}), and, on the local runner, no favoured
   * nodes: they mean nothing in one process, and each HFile writer would open a connection.
   */
  static void prepare(Configuration conf, Path work) {
    conf.set(BulkLoadSettings.DUPLICATES_DIR, new Path(work, "duplicates").toString());
    conf.set(HConstants.TEMPORARY_FS_DIRECTORY_KEY, new Path(work, "partitions").toString());
    if (ViewJobs.isLocal(conf) && conf.get(HFileOutputFormat2.LOCALITY_SENSITIVE_CONF_KEY) == null) {
      conf.setBoolean(HFileOutputFormat2.LOCALITY_SENSITIVE_CONF_KEY, false);
    }
  }

  /** Configures {@code job} to write HFiles of {@code tables} under {@code hfiles}, one reducer per region. */
  static void configure(Job job, Connection connection, List<TableName> tables, Path hfiles) throws IOException {
    job.setMapOutputKeyClass(ImmutableBytesWritable.class);
    job.setMapOutputValueClass(RowCells.class);
    Map<TableDescriptor, RegionLocator> targets = new LinkedHashMap<>();
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : tables) {
        targets.put(admin.getDescriptor(table), connection.getRegionLocator(table));
      }
      RowanIncrementalLoad.configure(job, targets);
    } finally {
      for (RegionLocator locator : targets.values()) {
        locator.close();
      }
    }
    job.setReducerClass(SortingReducer.class); // rows in HFile order, and catches repeated keys
    FileOutputFormat.setOutputPath(job, hfiles);
  }
}
