package dev.rowan.mapreduce.internal.load;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rowan.mapreduce.internal.hfile.HFileOutput;
import dev.rowan.mapreduce.internal.job.ContainerJvmOptions;
import dev.rowan.mapreduce.internal.job.JobCredentials;
import dev.rowan.mapreduce.internal.job.JobSubmission;
import java.io.IOException;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;

/** Configures and submits the bulk load job. */
final class JobSetup {

  private JobSetup() {}

  /**
   * Submits the job that reads {@code inputs} and writes HFiles for the tables of {@code
   * loadTables} under {@code hfiles}, one reducer per region of all the tables.
   */
  static Job create(
      Configuration base,
      Class<?> type,
      LoadTables loadTables,
      List<Path> inputs,
      Path work,
      Path hfiles,
      long timestamp,
      Connection connection)
      throws IOException, InterruptedException {
    List<TableName> tables = loadTables.tables();
    Configuration conf = new Configuration(base);
    conf.set(BulkLoadSettings.ENTITY, type.getName());
    conf.setLong(BulkLoadSettings.TIMESTAMP, timestamp);
    conf.setStrings(
        BulkLoadSettings.TABLES,
        tables.stream().map(TableName::getNameAsString).toArray(String[]::new));
    conf.set(BulkLoadSettings.REJECTS_DIR, new Path(work, "rejects").toString());
    if (loadTables.periodTexts().length > 0) {
      conf.setStrings(BulkLoadSettings.PERIODS, loadTables.periodTexts());
    }
    boolean empty = true;
    for (TableName main : loadTables.mainTables()) {
      empty &= isEmpty(connection, main);
    }
    conf.setBoolean(BulkLoadSettings.MAIN_TABLE_EMPTY, empty);
    HFileOutput.prepare(conf, work);
    ContainerJvmOptions.apply(conf);
    Job job =
        Job.getInstance(
            conf, "Rowan bulk load of " + type.getSimpleName() + " into " + tables.get(0));
    job.setJarByClass(JobSetup.class);
    JobCredentials.forTasks(job);
    JobCredentials.obtainForPaths(job, work, hfiles); // HBase's token: HFileOutput.configure
    job.setInputFormatClass(WholeFileTextInputFormat.class);
    FileInputFormat.setInputPaths(job, inputs.toArray(new Path[0]));
    job.setMapperClass(BulkLoadMapper.class);
    HFileOutput.configure(job, connection, tables, work, hfiles);
    return JobSubmission.submit(job, type, CSVFormat.class, ObjectMapper.class);
  }

  private static boolean isEmpty(Connection connection, TableName table) throws IOException {
    try (Table main = connection.getTable(table);
        ResultScanner scanner =
            main.getScanner(new Scan().setLimit(1).setFilter(new FirstKeyOnlyFilter()))) {
      return scanner.next() == null;
    }
  }
}
