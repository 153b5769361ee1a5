package dev.rowan.mapreduce.internal.view;

import dev.rowan.mapreduce.RowCells;
import dev.rowan.mapreduce.internal.hfile.HFileOutput;
import dev.rowan.mapreduce.internal.job.JobCredentials;
import dev.rowan.mapreduce.internal.job.JobSubmission;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableInputFormat;
import org.apache.hadoop.hbase.mapreduce.TableMapReduceUtil;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.LazyOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/** Configures and submits the jobs of {@code VerifyViews} and {@code RebuildViews}. */
final class ViewJobSetup {

  private ViewJobSetup() {}

  /**
   * Submits the map-only verify job: one scan per table (the main table and every view table), so
   * one map task per region of each, {@link VerifyViewsMapper} telling the table by its split; the
   * tasks' samples of keys go to text files under {@code output}.
   */
  static Job verify(
      Configuration conf, Class<?> type, TableName main, List<TableName> views, Path output)
      throws IOException {
    Job job =
        Job.getInstance(conf, "Rowan verify views of " + type.getSimpleName() + " (" + main + ")");
    job.setJarByClass(ViewJobSetup.class);
    JobCredentials.forTasks(
        job); // HBase's token: initTableMapperJob; HDFS's for the output: MapReduce
    List<Scan> scans = new ArrayList<>();
    scans.add(scan(conf, main));
    for (TableName view : views) {
      scans.add(scan(conf, view));
    }
    TableMapReduceUtil.initTableMapperJob(
        scans, VerifyViewsMapper.class, NullWritable.class, Text.class, job, true);
    job.setNumReduceTasks(0);
    LazyOutputFormat.setOutputFormatClass(job, TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, output);
    return submit(job, type);
  }

  /**
   * Submits the rebuild job: a scan of the main table, {@link RebuildViewsMapper} emitting the view
   * rows, and HFiles for every view table under {@code hfiles}, one reducer per region of the view
   * tables, as a bulk load writes them.
   */
  static Job rebuild(
      Configuration base,
      Class<?> type,
      TableName main,
      List<TableName> views,
      Path work,
      Path hfiles,
      Connection connection)
      throws IOException {
    Configuration conf = new Configuration(base);
    HFileOutput.prepare(conf, work);
    Job job =
        Job.getInstance(conf, "Rowan rebuild views of " + type.getSimpleName() + " (" + main + ")");
    job.setJarByClass(ViewJobSetup.class);
    JobCredentials.forTasks(job);
    JobCredentials.obtainForPaths(job, work, hfiles); // HBase's token: HFileOutput.configure
    TableMapReduceUtil.initTableMapperJob(
        main.getNameAsString(),
        scan(conf, main),
        RebuildViewsMapper.class,
        ImmutableBytesWritable.class,
        RowCells.class,
        job,
        true,
        false,
        TableInputFormat.class);
    HFileOutput.configure(job, connection, views, work, hfiles);
    return submit(job, type);
  }

  private static Scan scan(Configuration conf, TableName table) {
    Scan scan = new Scan().setCaching(ViewJobSettings.batch(conf)).setCacheBlocks(false);
    scan.setAttribute(Scan.SCAN_ATTRIBUTES_TABLE_NAME, table.getName());
    return scan;
  }

  private static Job submit(Job job, Class<?> type) throws IOException {
    try {
      return JobSubmission.submit(job, type);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while submitting the job");
    }
  }
}
