package dev.rowan.it.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaReport;
import dev.rowan.it.Compactions;
import dev.rowan.it.RawCells;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * Every column family setting of the HBase shell's {@code create} command, declared with
 * {@code @Family}, reaches the live table through {@code schema().create}, is compared by
 * {@code schema().check()}, and keeps Rowan's reads right (docs/row-keys.md, "Every family
 * setting").
 */
@HBaseTest
class FamilySettingsIT {

  private static final byte[] CF = Bytes.toBytes("cf");
  private static final byte[] V = Bytes.toBytes("v");
  private static final byte[] W = Bytes.toBytes("w");

  // The entity of docs/row-keys.md, "Every family setting" (the guide checks its copy in
  // RowKeyGuideExamplesTest; guideShowsThisTestsEntity checks that this one is the same).
  @Table(name = "testTable")
  @Family(name = "cf", dataBlockEncoding = DataBlockEncoding.FAST_DIFF, bloom = BloomType.ROWCOL,
      replicationScope = 1, maxVersions = 3, compression = Compression.Algorithm.GZ, minVersions = 1,
      ttlSeconds = 7 * 24 * 3600, keepDeletedCells = KeepDeletedCells.FALSE, blockSize = 32 * 1024,
      inMemory = false, blockCache = false)
  record TestRow(
      @RowKey String id,
      @Column(name = "v") String value,
      @Column(name = "w") String other) {}

  interface TestRows extends HBaseRepository<TestRow> {}

  private static ColumnFamilyDescriptor liveFamily(Rowan rowan, Admin admin) throws IOException {
    return admin.getDescriptor(rowan.tableName("testTable")).getColumnFamily(CF);
  }

  @Test
  void theLiveFamilyHasEverySettingOfTheFamilyAnnotation(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(TestRow.class);

    ColumnFamilyDescriptor cf = liveFamily(rowan, admin);
    assertEquals(DataBlockEncoding.FAST_DIFF, cf.getDataBlockEncoding());
    assertEquals(BloomType.ROWCOL, cf.getBloomFilterType());
    assertEquals(1, cf.getScope());
    assertEquals(3, cf.getMaxVersions());
    assertEquals(Compression.Algorithm.GZ, cf.getCompressionType());
    assertEquals(1, cf.getMinVersions());
    assertEquals(604_800, cf.getTimeToLive());
    assertEquals(KeepDeletedCells.FALSE, cf.getKeepDeletedCells());
    assertEquals(32_768, cf.getBlocksize());
    assertFalse(cf.isInMemory());
    assertFalse(cf.isBlockCacheEnabled());
    assertTrue(cf.isNewVersionBehavior());
    assertEquals(new SchemaReport("TestRow", List.of()), rowan.schema().check(TestRow.class));
  }

  @Test
  void theLiveFamilyHasEveryValueOfTheGuidesShellCommand(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(TestRow.class);
    ColumnFamilyDescriptor cf = liveFamily(rowan, admin);

    Map<String, String> shell = shellAttributes(Files.readString(repositoryRoot().resolve("docs/row-keys.md")));
    assertEquals(List.of("NAME", "DATA_BLOCK_ENCODING", "BLOOMFILTER", "REPLICATION_SCOPE", "VERSIONS",
        "COMPRESSION", "MIN_VERSIONS", "TTL", "KEEP_DELETED_CELLS", "BLOCKSIZE", "IN_MEMORY", "BLOCKCACHE"),
        List.copyOf(shell.keySet()), "the attributes of the guide's create command, in the articles' order");
    assertEquals("cf", shell.get("NAME"));
    for (Map.Entry<String, String> attribute : shell.entrySet()) {
      if (!attribute.getKey().equals("NAME")) {
        assertEquals(attribute.getValue().toUpperCase(), live(cf, attribute.getKey()).toUpperCase(),
            attribute.getKey());
      }
    }
  }

  @Test
  void guideShowsThisTestsEntity() throws Exception {
    Path root = repositoryRoot();
    String guide = Files.readString(root.resolve("docs/row-keys.md"));
    Matcher block = Pattern.compile("create 'testTable'.*?```java\\n(.*?)```", Pattern.DOTALL).matcher(guide);
    assertTrue(block.find(), "docs/row-keys.md shows the create command and then its entity");
    String source = Files.readString(root.resolve(
        "integration-tests/src/test/java/dev/rowan/it/schema/FamilySettingsIT.java"));
    assertTrue(normalized(source).contains(normalized(block.group(1))),
        "the guide's entity differs from FamilySettingsIT.TestRow:\n" + block.group(1));
  }

  @Test
  void readsNeverReturnDeletedCellsWhileTheFamilyKeepsThem(Rowan rowan, Connection connection, Admin admin)
      throws Exception {
    rowan.schema().create(TestRow.class);
    TestRows rows = rowan.repository(TestRows.class);
    TableName table = rowan.tableName("testTable");
    byte[] row = EntityModel.of(TestRow.class).rowKeyOf("r1");

    rows.save(new TestRow("r1", "a", "b"));
    long written = RawCells.row(connection, table, row).getColumnLatestCell(CF, V).getTimestamp();
    rows.save(new TestRow("r1", null, "b2"));            // a null column: its cells are deleted
    assertEquals(Optional.of(new TestRow("r1", null, "b2")), rows.findByKey("r1"));
    rows.save(new TestRow("r1", "a3", "b2"));
    rows.delete(new TestRow("r1", "a3", "b2"));         // the whole row is deleted
    assertEquals(Optional.empty(), rows.findByKey("r1"));
    assertEquals(List.of(), rows.scanAll().toList());
    rows.save(new TestRow("r1", "a5", null));             // saved again: nothing deleted comes back
    rows.save(new TestRow("r2", "x", "y"));

    for (String stage : List.of("in the memstore", "after a flush and a major compaction")) {
      assertEquals(Optional.of(new TestRow("r1", "a5", null)), rows.findByKey("r1"), stage);
      assertEquals(List.of(new TestRow("r1", "a5", null), new TestRow("r2", "x", "y")), rows.scanAll().toList(),
          stage);
      // What the family keeps: a read of a time range that ends before the deletes still sees the
      // first save's cells. Rowan never reads that way.
      Result before;
      try (org.apache.hadoop.hbase.client.Table t = connection.getTable(table)) {
        before = t.get(new Get(row).setTimeRange(0, written + 1));
      }
      assertEquals("a", Bytes.toString(before.getValue(CF, V)), stage);
      assertEquals("b", Bytes.toString(before.getValue(CF, W)), stage);
      Compactions.majorCompact(admin, table);
    }
  }

  @Test
  void aGzipFamilyIsWrittenAndReadWithoutNativeLibraries(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(TestRow.class);
    TestRows rows = rowan.repository(TestRows.class);
    String text = "gzip ".repeat(1000);
    rows.save(new TestRow("big", text, text));
    TableName table = rowan.tableName("testTable");
    // a GZ-compressed store file; the block cache is off, so the reads below decompress it
    Compactions.majorCompact(admin, table);

    assertEquals(Optional.of(new TestRow("big", text, text)), rows.findByKey("big"));
  }

  @Test
  void checkReportsEachNewSettingThatDiffersNamingTableAndFamily(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(TestRow.class);
    TableName table = rowan.tableName("testTable");
    admin.modifyColumnFamily(table, ColumnFamilyDescriptorBuilder.newBuilder(liveFamily(rowan, admin))
        .setMinVersions(0).setKeepDeletedCells(KeepDeletedCells.TTL).setBlockCacheEnabled(true).setScope(0)
        .build());

    assertEquals(List.of(
        "Table " + table + ", column family 'cf': min versions is 0, expected 1.",
        "Table " + table + ", column family 'cf': keep deleted cells is TTL, expected FALSE.",
        "Table " + table + ", column family 'cf': block cache is true, expected false.",
        "Table " + table + ", column family 'cf': replication scope is 0, expected 1."),
        rowan.schema().check(TestRow.class).differences());
  }

  /** Kept for an hour, and the newest version however old. */
  @Table(name = "kept")
  @Family(name = "d", maxVersions = 3, ttlSeconds = 3600, minVersions = 1)
  record Kept(@RowKey String id, @Column(name = "s") String state, @CellTimestamp long at) {}

  /** Kept for an hour. */
  @Table(name = "expiring")
  @Family(name = "d", maxVersions = 3, ttlSeconds = 3600)
  record Expiring(@RowKey String id, @Column(name = "s") String state, @CellTimestamp long at) {}

  interface KeptRows extends HBaseRepository<Kept> {}

  interface ExpiringRows extends HBaseRepository<Expiring> {}

  @Test
  void minVersionsKeepsTheNewestSaveOfAnEntityPastItsTimeToLive(Rowan rowan) {
    rowan.schema().create(Kept.class);
    rowan.schema().create(Expiring.class);
    KeptRows kept = rowan.repository(KeptRows.class);
    ExpiringRows expiring = rowan.repository(ExpiringRows.class);
    long threeHoursAgo = System.currentTimeMillis() - 3 * 3_600_000L;
    long twoHoursAgo = threeHoursAgo + 3_600_000L;

    kept.save(new Kept("k", "old", threeHoursAgo));
    kept.save(new Kept("k", "newer", twoHoursAgo));
    expiring.save(new Expiring("k", "old", threeHoursAgo));
    expiring.save(new Expiring("k", "newer", twoHoursAgo));

    assertEquals(Optional.of(new Kept("k", "newer", twoHoursAgo)), kept.findByKey("k"));
    assertEquals(List.of(new Kept("k", "newer", twoHoursAgo)), kept.scanAll().toList());
    assertEquals(Optional.empty(), expiring.findByKey("k"));
  }

  /** The attributes of the guide's {@code create 'testTable', {...}} command, in order. */
  private static Map<String, String> shellAttributes(String guide) {
    Matcher command = Pattern.compile("create 'testTable', \\{(.*?)}", Pattern.DOTALL).matcher(guide);
    assertTrue(command.find(), "docs/row-keys.md shows create 'testTable', {...}");
    Map<String, String> attributes = new LinkedHashMap<>();
    Matcher pair = Pattern.compile("(\\w+) => '?([^',}\\s]+)'?").matcher(command.group(1));
    while (pair.find()) {
      attributes.put(pair.group(1), pair.group(2));
    }
    return attributes;
  }

  /** The value HBase holds for shell attribute {@code key}: the one set, else HBase's default. */
  private static String live(ColumnFamilyDescriptor family, String key) {
    byte[] set = family.getValue(Bytes.toBytes(key));
    return set != null ? Bytes.toString(set) : ColumnFamilyDescriptorBuilder.getDefaultValues().get(key);
  }


  private static Path repositoryRoot() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("docs")) && Files.isDirectory(dir.resolve("integration-tests"))) {
        return dir;
      }
    }
    throw new IllegalStateException("run from within the repository");
  }

  private static String normalized(String code) {
    return code.lines().map(String::strip).filter(line -> !line.isEmpty())
        .collect(Collectors.joining("\n", "\n", "\n"));
  }
}
