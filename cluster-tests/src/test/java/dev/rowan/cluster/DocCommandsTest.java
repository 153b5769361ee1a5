package dev.rowan.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DocCommandsTest {

  private static final String PAGE = """
      # Loads

      <!-- cluster-test: load -->
      ```sh
      export HADOOP_CLASSPATH=$(hbase mapredcp)
      hadoop jar job.jar dev.rowan.mapreduce.BulkLoad \\
          -libjars model.jar com.example.Order /in
      ```

      Output, not a command:

      ```
      Bulk load of Order: job job_1_0001 started
      ```
      """;

  @TempDir Path docs;

  @Test
  void aMarkedBlockIsReadAsWrittenByItsName() throws IOException {
    Files.writeString(docs.resolve("bulk-load.md"), PAGE);

    DocCommands commands = DocCommands.read(docs);

    assertEquals(Set.of("load"), commands.names());
    assertEquals("export HADOOP_CLASSPATH=$(hbase mapredcp)\nhadoop jar job.jar dev.rowan.mapreduce.BulkLoad \\\n"
        + "    -libjars model.jar com.example.Order /in", commands.get("load"));
    assertThrows(IllegalStateException.class, () -> commands.get("verify"));
  }

  @Test
  void aClusterCommandWithoutAMarkIsReportedWithItsPageAndFirstLine() throws IOException {
    Files.writeString(docs.resolve("bulk-load.md"), PAGE);
    Files.writeString(docs.resolve("cli.md"), "Try:\n\n```sh\nhdfs dfs -put x /in\nbin/rowan load Order /in\n```\n"
        + "\n```sh\nexamples/rowan --help\n```\n");

    assertEquals(List.of("cli.md: hdfs dfs -put x /in"), DocCommands.unmarkedClusterCommands(docs));
  }

  @Test
  void twoBlocksOfOneNameAreRefused() throws IOException {
    Files.writeString(docs.resolve("a.md"), PAGE);
    Files.writeString(docs.resolve("b.md"), PAGE);

    assertThrows(IllegalStateException.class, () -> DocCommands.read(docs));
  }
}
