package dev.rowan.mapreduce.internal.hfile;

import dev.rowan.mapreduce.RowCells;
import dev.rowan.mapreduce.internal.job.ToolConfiguration;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.SequenceFile;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.partition.TotalOrderPartitioner;

/**
 * Internal, not API: the HFile half of the jobs that write rows of several tables as HFiles, the
 * bulk load and the view rebuild: map output of {@link RowCells} keyed by table and row,
 * partitioned by the tables' regions, {@link SortingReducer} writing one HFile per region.
 */
public final class HFileOutput {

  private HFileOutput() {}

  /**
   * Sets in {@code conf}, before the job is made from it, where the reducers' duplicate samples go
   * (under {@code work}), and, on the local runner, no favoured nodes: they mean nothing in one
   * process, and each HFile writer would open a connection.
   */
  public static void prepare(Configuration conf, Path work) {
    conf.set(SortingReducer.DUPLICATES_DIR, new Path(work, "duplicates").toString());
    if (ToolConfiguration.isLocal(conf)
        && conf.get(HFileOutputFormat2.LOCALITY_SENSITIVE_CONF_KEY) == null) {
      conf.setBoolean(HFileOutputFormat2.LOCALITY_SENSITIVE_CONF_KEY, false);
    }
  }

  /**
   * Configures {@code job} to write HFiles of {@code tables} under {@code hfiles}, one reducer per
   * region, with public API only: HBase's {@link MultiTableHFileOutputFormat} (map output keyed by
   * its composite table+row keys), Hadoop's {@link TotalOrderPartitioner} over a partitions file of
   * every region's start key, and each family's settings for the record writer ({@link
   * HFileWriterSettings}).
   *
   * @param work the job's work directory, where the partitions file goes
   */
  public static void configure(
      Job job, Connection connection, List<TableName> tables, Path work, Path hfiles)
      throws IOException {
    job.setMapOutputKeyClass(ImmutableBytesWritable.class);
    job.setMapOutputValueClass(RowCells.class);
    job.setOutputKeyClass(ImmutableBytesWritable.class);
    job.setOutputValueClass(KeyValue.class);
    job.setOutputFormatClass(MultiTableHFileOutputFormat.class);
    List<TableDescriptor> descriptors = new ArrayList<>(tables.size());
    List<ImmutableBytesWritable> startKeys = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      for (TableName table : tables) {
        descriptors.add(admin.getDescriptor(table));
        try (RegionLocator locator = connection.getRegionLocator(table)) {
          for (byte[] start : locator.getStartKeys()) {
            startKeys.add(
                new ImmutableBytesWritable(
                    MultiTableHFileOutputFormat.createCompositeKey(table.getName(), start)));
          }
        }
      }
    }
    Configuration conf = job.getConfiguration();
    HFileWriterSettings.set(conf, descriptors);
    job.setNumReduceTasks(startKeys.size());
    Path partitions = new Path(work, "partitions");
    writePartitions(conf, partitions, startKeys);
    job.setPartitionerClass(TotalOrderPartitioner.class);
    TotalOrderPartitioner.setPartitionFile(conf, partitions);
    job.setReducerClass(SortingReducer.class); // rows in HFile order, and catches repeated keys
    FileOutputFormat.setOutputPath(job, hfiles);
    TableMapReduceUtil.addDependencyJars(job);
    TableMapReduceUtil.initCredentials(job);
  }

  /**
   * Writes the split points of {@code startKeys} for {@link TotalOrderPartitioner}: all of them
   * sorted, but the first (the first table's first region, whose start key is empty), so that
   * partition {@code i} is the {@code i}-th region in composite key order.
   */
  static void writePartitions(Configuration conf, Path file, List<ImmutableBytesWritable> startKeys)
      throws IOException {
    List<ImmutableBytesWritable> sorted = new ArrayList<>(startKeys);
    Collections.sort(sorted);
    sorted.remove(0);
    try (SequenceFile.Writer writer =
        SequenceFile.createWriter(
            conf,
            SequenceFile.Writer.file(file),
            SequenceFile.Writer.keyClass(ImmutableBytesWritable.class),
            SequenceFile.Writer.valueClass(NullWritable.class))) {
      for (ImmutableBytesWritable key : sorted) {
        writer.append(key, NullWritable.get());
      }
    }
  }
}
