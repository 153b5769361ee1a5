package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.test.HBaseTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.Test;

/** Bad lines are counted and reported; bad input as a whole fails the load before anything is written. */
@HBaseTest
class BulkLoadRejectsIT {

  private static final String HEADER = "sensor,seq,level,count,value,ok,price,at,day,local,id,kind,small,note";

  @Test
  void countsAndReportsMalformedLinesAndLoadsTheRest(Rowan rowan) throws IOException {
    rowan.schema().create(Reading.class);
    java.nio.file.Path dir = LoadFixtures.directory("rejects");
    List<String> lines = goodLines(40);
    lines.add(5, "s1,1000,3");                                                           // line 6
    lines.add(10, good(1001).replace(",17,", ",seventeen,"));                            // line 11
    lines.add(15, good(1002).replace("2024-02-29", "2024-02-30"));                       // line 16
    lines.add(20, good(1003).replaceFirst("^s1003", "sensor-far-too-long"));             // line 21
    lines.add(25, good(1004).replaceFirst("^s1004", ""));                                // line 26
    java.nio.file.Path file = write(dir.resolve("readings.csv"), lines);

    BulkLoadResult result = BulkLoad.of(Reading.class).input(new Path(file.toUri())).namespace(rowan.namespace())
        .maxRejects("5").run(LoadFixtures.jobConf(rowan.connection(), dir));

    assertEquals(45, result.lines(), result.summary());
    assertEquals(5, result.rejected(), result.summary());
    assertEquals(40, result.entities(), result.summary());
    assertEquals(40, rowan.repository(ReadingRepository.class).scanAll().count());
    List<String> rejects = readAll(result.rejects());
    assertEquals(5, rejects.size(), String.join("\n", rejects));
    String source = "readings.csv:";
    assertRejected(rejects.get(0), source + "6", "has 3 fields, the header has 14");
    assertRejected(rejects.get(1), source + "11", "Reading.level (int): cannot read 'seventeen'");
    assertRejected(rejects.get(2), source + "16", "Reading.day (LocalDate): cannot read '2024-02-30'");
    assertRejected(rejects.get(3), source + "21", "Reading.sensor");
    assertRejected(rejects.get(4), source + "26", "Reading.sensor: a key part cannot be null");
  }

  @Test
  void failsPastTheRejectThresholdAndLoadsNothing(Rowan rowan) throws IOException {
    rowan.schema().create(Reading.class);
    java.nio.file.Path dir = LoadFixtures.directory("threshold");
    List<String> lines = goodLines(99);
    lines.add("s9,oops");
    lines.add("s9,oops,again");
    java.nio.file.Path file = write(dir.resolve("readings.csv"), lines);

    BulkLoadException e = assertThrows(BulkLoadException.class, () -> BulkLoad.of(Reading.class)
        .input(new Path(file.toUri())).namespace(rowan.namespace()).run(LoadFixtures.jobConf(rowan.connection(), dir)));

    assertTrue(e.getMessage().contains("rejected 2 of 101 lines, more than rowan.bulkload.max.rejects = 1% allows;"
        + " nothing was loaded"), e.getMessage());
    assertEquals(0, rowan.repository(ReadingRepository.class).scanAll().count());
    try (Stream<java.nio.file.Path> work = Files.list(dir.resolve("hadoop-tmp/rowan-bulkload"))) {
      java.nio.file.Path load = work.findFirst().orElseThrow();
      assertTrue(Files.exists(load.resolve("rejects")), "the rejects are kept");
      assertFalse(Files.exists(load.resolve("hfiles")), "the HFiles that were not loaded are deleted");
    }
  }

  @Test
  void failsBeforeWritingWhenAnInputPathIsMissing(Rowan rowan) {
    rowan.schema().create(Reading.class);
    java.nio.file.Path dir = LoadFixtures.directory("missing");
    Path missing = new Path(dir.resolve("no-such-file.csv").toUri());

    BulkLoadException e = assertThrows(BulkLoadException.class, () -> BulkLoad.of(Reading.class).input(missing)
        .namespace(rowan.namespace()).run(LoadFixtures.jobConf(rowan.connection(), dir)));

    assertTrue(e.getMessage().contains("input path " + missing + " does not exist; nothing was written"), e.getMessage());
    assertFalse(Files.exists(dir.resolve("hadoop-tmp/rowan-bulkload")), "a work directory was made");
  }

  @Test
  void failsBeforeWritingWhenAHeaderNamesNoProperty(Rowan rowan) {
    rowan.schema().create(Reading.class);
    java.nio.file.Path dir = LoadFixtures.directory("header");
    List<String> lines = goodLines(3);
    lines.set(0, HEADER.replace("level", "levle"));
    java.nio.file.Path file = write(dir.resolve("readings.csv"), lines);

    BulkLoadException e = assertThrows(BulkLoadException.class, () -> BulkLoad.of(Reading.class)
        .input(new Path(file.toUri())).namespace(rowan.namespace()).run(LoadFixtures.jobConf(rowan.connection(), dir)));

    assertTrue(e.getMessage().contains("readings.csv: column 3 'levle' is no property of Reading"), e.getMessage());
    assertFalse(Files.exists(dir.resolve("hadoop-tmp/rowan-bulkload")), "a work directory was made");
  }

  @Test
  void failsBeforeWritingWhenTheTablesDoNotExist(Rowan rowan) {
    java.nio.file.Path dir = LoadFixtures.directory("schema");
    java.nio.file.Path file = write(dir.resolve("readings.csv"), goodLines(3));

    SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> BulkLoad.of(Reading.class)
        .input(new Path(file.toUri())).namespace(rowan.namespace()).run(LoadFixtures.jobConf(rowan.connection(), dir)));

    assertTrue(e.getMessage().contains(rowan.tableName("readings").getNameAsString()), e.getMessage());
    assertFalse(Files.exists(dir.resolve("hadoop-tmp/rowan-bulkload")), "a work directory was made");
  }

  @Test
  void failsBeforeWritingWhenATableDiffersFromTheMapping(Rowan rowan, Admin admin) throws IOException {
    TableName readings = rowan.tableName("readings");
    admin.createTable(TableDescriptorBuilder.newBuilder(readings).setColumnFamily(ColumnFamilyDescriptorBuilder.of("x"))
        .build());
    java.nio.file.Path dir = LoadFixtures.directory("mismatch");
    java.nio.file.Path file = write(dir.resolve("readings.csv"), goodLines(3));

    SchemaMismatchException e = assertThrows(SchemaMismatchException.class, () -> BulkLoad.of(Reading.class)
        .input(new Path(file.toUri())).namespace(rowan.namespace()).run(LoadFixtures.jobConf(rowan.connection(), dir)));

    assertTrue(e.getMessage().contains("Table " + readings.getNameAsString()), e.getMessage());
    assertFalse(Files.exists(dir.resolve("hadoop-tmp/rowan-bulkload")), "a work directory was made");
  }

  @Test
  void toolFailsWhenTheEntityClassIsNotOnTheClassPath(Rowan rowan) throws Exception {
    java.nio.file.Path dir = LoadFixtures.directory("no-class");
    java.nio.file.Path file = write(dir.resolve("readings.csv"), goodLines(3));
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    BulkLoad tool = new BulkLoad(System.out, new PrintStream(err, true, StandardCharsets.UTF_8));

    int status = ToolRunner.run(LoadFixtures.jobConf(rowan.connection(), dir), tool,
        new String[] {"com.example.NoSuchEntity", file.toString()});

    assertEquals(1, status);
    assertTrue(err.toString(StandardCharsets.UTF_8).contains("entity class com.example.NoSuchEntity is not on the"
        + " class path"), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void toolLoadsTabSeparatedInputWithOptionsFromTheCommandLine(Rowan rowan) throws Exception {
    rowan.schema().create(Reading.class);
    java.nio.file.Path dir = LoadFixtures.directory("tool");
    java.nio.file.Path file = write(dir.resolve("readings.tsv"), goodLines(25).stream()
        .map(line -> line.replace(',', '\t')).toList());
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BulkLoad tool = new BulkLoad(new PrintStream(out, true, StandardCharsets.UTF_8), System.err);

    int status = ToolRunner.run(LoadFixtures.jobConf(rowan.connection(), dir), tool, new String[] {
        "-D", BulkLoad.NAMESPACE + "=" + rowan.namespace(), "-D", BulkLoad.FORMAT + "=tsv",
        Reading.class.getName(), file.toString()});

    assertEquals(0, status, out.toString(StandardCharsets.UTF_8));
    assertEquals(25, rowan.repository(ReadingRepository.class).scanAll().count());
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("Bulk loaded Reading in "),
        out.toString(StandardCharsets.UTF_8));
  }

  private static void assertRejected(String reject, String where, String reason) {
    assertTrue(reject.contains(where + "\t"), "expected " + where + " in " + reject);
    assertTrue(reject.contains(reason), "expected '" + reason + "' in " + reject);
  }

  /** The header and {@code count} good lines. */
  private static List<String> goodLines(int count) {
    List<String> lines = new ArrayList<>();
    lines.add(HEADER);
    for (int i = 0; i < count; i++) {
      lines.add(good(i));
    }
    return lines;
  }

  private static String good(int i) {
    return "s" + i + "," + i + ",17," + (i % 3 == 0 ? "" : i * 10) + ",1.5,true,12.50,2024-03-01T10:15:30Z,2024-02-29,"
        + "2024-03-01T10:15:30.123,123e4567-e89b-12d3-a456-426614174000,PRESSURE,-3,note " + i;
  }

  private static java.nio.file.Path write(java.nio.file.Path file, List<String> lines) {
    try {
      return Files.write(file, lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static List<String> readAll(Path dir) throws IOException {
    List<String> all = new ArrayList<>();
    try (Stream<java.nio.file.Path> files = Files.list(java.nio.file.Path.of(dir.toUri())).sorted()) {
      for (java.nio.file.Path file : files.toList()) {
        all.addAll(Files.readAllLines(file));
      }
    }
    return all;
  }

}
