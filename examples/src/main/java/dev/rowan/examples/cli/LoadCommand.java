package dev.rowan.examples.cli;

import dev.rowan.mapreduce.BulkLoad;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rowan load <entity class> <input>...}: a bulk load ({@link BulkLoad}) run in this
 * process by Hadoop's local job runner. On a YARN cluster, run {@code BulkLoad} with
 * {@code hadoop jar} instead (docs/bulk-load.md).
 */
@Command(name = "load", mixinStandardHelpOptions = true,
    description = "Bulk loads CSV, TSV or JSON-lines files into the table and views of an entity, through HFiles,"
        + " with a MapReduce job run in this process (docs/bulk-load.md).")
final class LoadCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "<entity class>", description = "The entity class.")
  Class<?> entity;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "<input>",
      description = "Input files or directories; a file: or hdfs: URI, or a local path.")
  List<String> inputs;

  @Option(names = "--format", paramLabel = "csv|tsv|json", defaultValue = "csv",
      description = "The input format (default: ${DEFAULT-VALUE}); CSV and TSV need a header naming properties.")
  String format;

  @Option(names = "--max-rejects", paramLabel = "n|p%", description = "Rejected lines that fail the load, a count"
      + " or a percentage of the lines read (default: 1%%).")
  String maxRejects;

  @Option(names = "--work-dir", paramLabel = "dir",
      description = "Where the HFiles and rejects go (default: a fresh directory under hadoop.tmp.dir).")
  String workDir;

  @Option(names = "--parallel", paramLabel = "n", defaultValue = "2",
      description = "Map and reduce tasks run at once by the local job runner (default: ${DEFAULT-VALUE}).")
  int parallel;

  @Override
  public Integer call() {
    RowanCli cli = RowanCli.of(spec);
    BulkLoad.Format layout = switch (format.toLowerCase()) {
      case "csv" -> BulkLoad.Format.CSV;
      case "tsv" -> BulkLoad.Format.TSV;
      case "json", "jsonl", "json_lines" -> BulkLoad.Format.JSON_LINES;
      default -> throw new picocli.CommandLine.ParameterException(spec.commandLine(),
          "--format " + format + ": expected csv, tsv or json");
    };
    try (Session session = Session.open(cli)) {
      @SuppressWarnings({"unchecked", "rawtypes"})
      BulkLoad.Builder<?> load = BulkLoad.of((Class) entity).format(layout).progress(cli.out);
      for (String input : inputs) {
        load.input(input.contains(":") ? new org.apache.hadoop.fs.Path(input)
            : new org.apache.hadoop.fs.Path(Path.of(input).toAbsolutePath().toUri()));
      }
      if (cli.namespace != null) {
        load.namespace(cli.namespace);
      }
      if (maxRejects != null) {
        load.maxRejects(maxRejects);
      }
      if (workDir != null) {
        load.workDir(new org.apache.hadoop.fs.Path(workDir));
      }
      load.run(jobConfiguration(session, parallel));
    }
    return 0;
  }

  /**
   * The configuration of a job run in this process by the local job runner, {@code parallel}
   * tasks at once, against the session's HBase (local files beside an embedded HBase's data).
   */
  static Configuration jobConfiguration(Session session, int parallel) {
    Configuration conf = session.endpoint().configuration();
    if (session.endpoint().isEmbedded()) {
      conf.set("fs.defaultFS", "file:///");
      conf.set("hadoop.tmp.dir", session.endpoint().embeddedHBase().orElseThrow().dataDirectory()
          .resolve("bulkload-tmp").toAbsolutePath().toString());
    }
    conf.set("mapreduce.framework.name", "local");
    conf.setInt("mapreduce.local.map.tasks.maximum", parallel);
    conf.setInt("mapreduce.local.reduce.tasks.maximum", parallel);
    return conf;
  }

}
