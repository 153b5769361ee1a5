package dev.rowan.mapreduce.internal.load;

import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import dev.rowan.mapreduce.BulkLoadException;
import dev.rowan.mapreduce.BulkLoadResult;
import dev.rowan.mapreduce.internal.hfile.EntityCells;
import dev.rowan.mapreduce.internal.hfile.HFileLoad;
import dev.rowan.mapreduce.internal.job.JobProgress;
import dev.rowan.mapreduce.internal.job.LoadCounters;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.InterruptedIOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;

/**
 * Internal, not API: runs one bulk load: checks everything that can be checked before writing
 * (entity, options, input, schema), runs the job with progress on the console, refuses to load past
 * the reject threshold or when the input repeats a key, loads the HFiles and sums up.
 */
public final class LoadDriver {

  private final Class<?> type;
  private final List<Path> inputs;
  private final Configuration conf;
  private final PrintStream out;
  private boolean keepHFiles;

  public LoadDriver(Class<?> type, List<Path> inputs, Configuration conf, PrintStream out) {
    this.type = type;
    this.inputs = inputs;
    this.conf = conf;
    this.out = out;
  }

  public BulkLoadResult run() {
    long began = System.nanoTime();
    EntityModel<?> model = EntityModel.of(type);
    String entity = model.entityName();
    EntityCells cells = cells(model);
    TextValues values = TextValues.of(model);
    RecordFormat format = BulkLoadSettings.format(conf);
    RejectThreshold threshold =
        RejectThreshold.parse(conf.get(BulkLoadSettings.MAX_REJECTS, RejectThreshold.DEFAULT));
    try {
      InputFiles.check(conf, entity, inputs, format, values);
      try (Connection connection = ConnectionFactory.createConnection(conf)) {
        Rowan.Builder builder = Rowan.builder(connection);
        if (conf.get(BulkLoadSettings.NAMESPACE) != null) {
          builder.namespace(conf.get(BulkLoadSettings.NAMESPACE));
        }
        Rowan rowan = builder.build();
        SchemaReport report = rowan.schema().check(type);
        if (!report.matches()) {
          throw SchemaMismatchException.of(report);
        }
        List<LocalDate> periods =
            rowan.schema().tableSets(type).stream().flatMap(set -> set.period().stream()).toList();
        LoadTables loadTables = new LoadTables(model, cells, periods, rowan::tableName);
        if (loadTables.tables().isEmpty()) {
          // only an entity kept in one table per period has none: when none of its periods has any
          PeriodModel spread =
              model
                  .tablePerPeriod()
                  .orElseThrow(
                      () ->
                          new IllegalStateException(
                              entity + " is kept in one table, and has none"));
          throw BulkLoadException.unsupported(
              entity,
              "no period table of "
                  + spread.pattern(model.tableName())
                  + " exists, and a bulk load creates no tables: schema().create makes the current"
                  + " period, schema().createPeriods others");
        }
        long timestamp = System.currentTimeMillis();
        Path work = workDir(entity, timestamp);
        Path hfiles = new Path(work, "hfiles");
        BulkLoadResult result;
        try {
          result = runJob(model, loadTables, work, hfiles, timestamp, threshold, connection, began);
        } finally {
          cleanUp(work, hfiles);
        }
        out.println(result.summary());
        return result;
      }
    } catch (InterruptedException | InterruptedIOException e) {
      Thread.currentThread().interrupt();
      throw BulkLoadException.io(entity, "waiting for the job", e);
    } catch (IOException e) {
      throw BulkLoadException.io(entity, "running the job", e);
    }
  }

  /** Runs the job, checks its counters and loads the HFiles. */
  private BulkLoadResult runJob(
      EntityModel<?> model,
      LoadTables loadTables,
      Path work,
      Path hfiles,
      long timestamp,
      RejectThreshold threshold,
      Connection connection,
      long began)
      throws IOException, InterruptedException {
    String entity = model.entityName();
    List<TableName> tables = loadTables.tables();
    Job job = JobSetup.create(conf, type, loadTables, inputs, work, hfiles, timestamp, connection);
    String label = "Bulk load of " + entity;
    out.println(
        label
            + ": job "
            + job.getJobID()
            + " started, "
            + tables.size()
            + " tables, "
            + job.getNumReduceTasks()
            + " regions; work directory "
            + work);
    if (!JobProgress.await(
        job,
        out,
        conf.getInt(BulkLoadSettings.PROGRESS_SECONDS, BulkLoadSettings.DEFAULT_PROGRESS_SECONDS),
        label)) {
      String reason = job.getStatus().getFailureInfo();
      throw BulkLoadException.jobFailed(
          entity,
          String.valueOf(job.getJobID()),
          reason == null || reason.isBlank()
              ? "state " + job.getJobState() + "; see the task logs"
              : reason);
    }
    Counters counters = job.getCounters();
    long lines = count(counters, LoadCounters.LINES);
    long rejected = count(counters, LoadCounters.REJECTED);
    Path rejects = new Path(work, "rejects");
    if (threshold.exceededBy(rejected, lines)) {
      throw BulkLoadException.tooManyRejects(
          entity,
          rejected,
          lines,
          BulkLoadSettings.MAX_REJECTS,
          threshold.text(),
          rejects.toString());
    }
    long duplicates = count(counters, LoadCounters.DUPLICATES);
    if (duplicates > 0) {
      throw BulkLoadException.duplicateKeys(
          entity, duplicates, samples(new Path(work, "duplicates")));
    }
    keepHFiles =
        true; // a load that fails half way leaves them for loading by hand, as its message says
    HFileLoad.load(conf, entity, tables, hfiles);
    keepHFiles = false;
    return new BulkLoadResult(
        entity,
        rows(counters, loadTables, tables),
        lines,
        rejected,
        count(counters, LoadCounters.EXISTING),
        count(counters, LoadCounters.RETIRED),
        rejected == 0 ? null : rejects,
        Duration.ofNanos(System.nanoTime() - began),
        count(counters, LoadCounters.ENTITIES));
  }

  private static Map<TableName, Long> rows(
      Counters counters, LoadTables loadTables, List<TableName> tables) {
    Map<TableName, Long> rows = new LinkedHashMap<>();
    String[] names = loadTables.rowCounterNames();
    for (int i = 0; i < tables.size(); i++) {
      rows.put(tables.get(i), counters.findCounter(LoadCounters.ROWS_GROUP, names[i]).getValue());
    }
    return rows;
  }

  /**
   * Deletes what the load no longer needs: the HFiles (loaded, or refused and useless), the
   * partitions file and the duplicate notes; the rejects stay for the user to read, and a work
   * directory left empty goes too.
   */
  private void cleanUp(Path work, Path hfiles) throws IOException {
    FileSystem fs = work.getFileSystem(conf);
    if (!keepHFiles) {
      fs.delete(hfiles, true);
    }
    fs.delete(new Path(work, "partitions"), true);
    fs.delete(new Path(work, "duplicates"), true);
    if (fs.exists(work) && fs.listStatus(work).length == 0) {
      fs.delete(work, true);
    }
  }

  /** The cells of {@code model}'s entities, refusing what a bulk load cannot do. */
  private static EntityCells cells(EntityModel<?> model) {
    EntityCells cells;
    try {
      cells = new EntityCells(model);
    } catch (IllegalArgumentException e) {
      String reason = e.getMessage();
      throw BulkLoadException.unsupported(
          model.entityName(), reason != null ? reason : e.toString());
    }
    for (ViewModel view : cells.views()) {
      if (view.isUnique()) {
        throw BulkLoadException.unsupported(
            model.entityName(),
            "view '"
                + view.name()
                + "' is unique, and a bulk"
                + " load cannot claim unique keys against other writers; save such entities through a repository");
      }
    }
    return cells;
  }

  private Path workDir(String entity, long timestamp) throws IOException {
    String given = conf.get(BulkLoadSettings.WORK_DIR);
    Path work =
        given != null
            ? new Path(given)
            : new Path(
                conf.get("hadoop.tmp.dir", "/tmp"), "rowan-bulkload/" + entity + "-" + timestamp);
    FileSystem fs = work.getFileSystem(conf);
    work = fs.makeQualified(work);
    if (fs.exists(new Path(work, "hfiles"))) {
      throw BulkLoadException.badInput(
          entity,
          work.toString(),
          "the work directory holds HFiles of another load; choose another directory or delete "
              + work
              + "/hfiles");
    }
    return work;
  }

  private static long count(Counters counters, String name) {
    return counters.findCounter(LoadCounters.GROUP, name).getValue();
  }

  private List<String> samples(Path dir) throws IOException {
    List<String> samples = new ArrayList<>();
    FileSystem fs = dir.getFileSystem(conf);
    if (!fs.exists(dir)) {
      return samples;
    }
    for (FileStatus file : fs.listStatus(dir)) {
      try (BufferedReader reader =
          new BufferedReader(
              new InputStreamReader(fs.open(file.getPath()), StandardCharsets.UTF_8))) {
        for (String line = reader.readLine();
            line != null && samples.size() < 5;
            line = reader.readLine()) {
          samples.add(line);
        }
      }
    }
    return samples;
  }
}
