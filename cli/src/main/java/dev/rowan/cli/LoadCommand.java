package dev.rowan.cli;

import dev.rowan.mapreduce.BulkLoad;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rowan load <entity class> <input>...}: a bulk load ({@link BulkLoad}), its job submitted
 * to the framework the configuration names (YARN), or run in this process by Hadoop's local job
 * runner when it names none, on the embedded HBase, or with {@code --local} ({@link JobOptions}).
 */
@Command(
    name = "load",
    mixinStandardHelpOptions = true,
    description =
        "Bulk loads CSV, TSV or JSON-lines files into the table and views of an entity, through HFiles,"
            + " with a MapReduce job: on YARN when the configuration says so (mapreduce.framework.name), else in this"
            + " process (docs/bulk-load.md).")
final class LoadCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "<entity class>", description = "The entity class.")
  Class<?> entity;

  @Parameters(
      index = "1..*",
      arity = "1..*",
      paramLabel = "<input>",
      description = "Input files or directories; a file: or hdfs: URI, or a local path.")
  List<String> inputs;

  @Option(
      names = "--format",
      paramLabel = "csv|tsv|json",
      defaultValue = "csv",
      description =
          "The input format (default: ${DEFAULT-VALUE}); CSV and TSV need a header naming properties.")
  String format;

  @Option(
      names = "--max-rejects",
      paramLabel = "n|p%",
      description =
          "Rejected lines that fail the load, a count"
              + " or a percentage of the lines read (default: 1%%).")
  String maxRejects;

  @Mixin JobOptions job;

  @Override
  public Integer call() {
    RowanCli cli = RowanCli.of(spec);
    BulkLoad.Format layout =
        switch (format.toLowerCase()) {
          case "csv" -> BulkLoad.Format.CSV;
          case "tsv" -> BulkLoad.Format.TSV;
          case "json", "jsonl", "json_lines" -> BulkLoad.Format.JSON_LINES;
          default ->
              throw new picocli.CommandLine.ParameterException(
                  spec.commandLine(), "--format " + format + ": expected csv, tsv or json");
        };
    try (Session session = job.openSession("rowan-bulkload")) {
      @SuppressWarnings({"unchecked", "rawtypes"})
      BulkLoad.Builder<?> load = BulkLoad.of((Class) entity).format(layout).progress(cli.out);
      for (String input : inputs) {
        load.input(
            input.contains(":")
                ? new org.apache.hadoop.fs.Path(input)
                : new org.apache.hadoop.fs.Path(Path.of(input).toAbsolutePath().toUri()));
      }
      if (cli.namespace != null) {
        load.namespace(cli.namespace);
      }
      if (maxRejects != null) {
        load.maxRejects(maxRejects);
      }
      if (job.workDir != null) {
        load.workDir(new org.apache.hadoop.fs.Path(job.workDir));
      }
      load.run(job.configuration(session, "rowan-bulkload"));
    }
    return 0;
  }
}
