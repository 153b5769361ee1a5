package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapreduce.LoadFixtures;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Files;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class RejectLogTest {

  @Test
  void writesRejectsUpToItsLimitThenCountsTheRest() throws Exception {
    java.nio.file.Path file = LoadFixtures.directory("reject-log").resolve("rejects-m-00000.txt");
    try (RejectLog log = new RejectLog(new Configuration(), new Path(file.toUri()), 2)) {
      log.reject("in.csv", 3, "has 2 fields,\\tthe header has 3", "a,\tb");
      log.reject("in.csv", 5, "bad", "c");
      log.reject("in.csv", 8, "bad", "d");
      log.reject("in.csv", 9, "bad", "e");
    }

    assertEquals(List.of("in.csv:3\thas 2 fields,\\tthe header has 3\ta, b", "in.csv:5\tbad\tc",
        "... and 2 more rejected lines not shown (rowan.bulkload.rejects.logged = 2 per task)"), Files.readAllLines(file));
  }

  @Test
  void writesNoFileWithoutRejects() throws Exception {
    java.nio.file.Path file = LoadFixtures.directory("no-rejects").resolve("rejects-m-00000.txt");
    new RejectLog(new Configuration(), new Path(file.toUri()), 2).close();

    assertFalse(Files.exists(file));
  }
}
