package dev.rowan.mapreduce.internal.hfile;

import dev.rowan.mapreduce.BulkLoadException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.tool.BulkLoadHFiles;

/**
 * Internal, not API: loads the HFiles the job wrote, table by table, the main table first: HBase's
 * {@code MultiTableHFileOutputFormat} writes each table's files under {@code
 * <output>/<namespace>/<table>/<family>} ({@code <output>/<table>/<family>} in the default
 * namespace).
 */
public final class HFileLoad {

  private HFileLoad() {}

  /** The directory of {@code table}'s HFiles under {@code output}. */
  static Path tableDir(Path output, TableName table) {
    String namespace = table.getNamespaceAsString();
    Path qualifier = new Path(table.getQualifierAsString());
    return NamespaceDescriptor.DEFAULT_NAMESPACE_NAME_STR.equals(namespace)
        ? new Path(output, qualifier)
        : new Path(new Path(output, namespace), qualifier);
  }

  /**
   * Loads every table's HFiles; a table the job wrote nothing for is skipped.
   *
   * @throws BulkLoadException naming the table whose load failed and those already loaded
   */
  public static void load(Configuration conf, String entity, List<TableName> tables, Path output)
      throws IOException {
    FileSystem fs = output.getFileSystem(conf);
    BulkLoadHFiles loader = BulkLoadHFiles.create(conf);
    List<String> loaded = new ArrayList<>();
    for (TableName table : tables) {
      Path dir = tableDir(output, table);
      if (!fs.exists(dir)) {
        continue;
      }
      try {
        loader.bulkLoad(table, dir);
      } catch (IOException | RuntimeException e) {
        throw BulkLoadException.loadFailed(
            entity, table.getNameAsString(), loaded, output.toString(), e);
      }
      loaded.add(table.getNameAsString());
    }
  }
}
