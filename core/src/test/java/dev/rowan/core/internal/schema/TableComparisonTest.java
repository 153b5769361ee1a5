package dev.rowan.core.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.hadoop.hbase.KeepDeletedCells;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class TableComparisonTest {

  private static final TableName ORDERS = TableName.valueOf("shop", "orders");

  private static ColumnFamilyDescriptorBuilder family(String name) {
    return ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(name))
        .setMaxVersions(1)
        .setBloomFilterType(BloomType.ROW)
        .setCompressionType(Compression.Algorithm.NONE)
        .setBlocksize(65536)
        .setInMemory(false)
        .setDataBlockEncoding(DataBlockEncoding.NONE);
  }

  private static TableDescriptor table(ColumnFamilyDescriptor... families) {
    return TableDescriptorBuilder.newBuilder(ORDERS).setColumnFamilies(List.of(families)).build();
  }

  @Test
  void theJavadocOfSchemaCheckListsExactlyTheFamilySettingsItCompares() throws java.io.IOException {
    String source = java.nio.file.Files.readString(java.nio.file.Path.of("src/main/java/dev/rowan/core/Schema.java"));
    int method = source.indexOf("public SchemaReport check(");
    String javadoc = source.substring(source.lastIndexOf("/**", method), method).replaceAll("\\s*\\n\\s*\\*\\s*", " ");
    String opening = "family settings that differ (";
    int from = javadoc.indexOf(opening) + opening.length();
    List<String> listed = java.util.Arrays.stream(javadoc.substring(from, javadoc.indexOf(')', from)).split(","))
        .map(String::strip).toList();
    assertEquals(java.util.Arrays.stream(TableComparison.Setting.values()).map(TableComparison.Setting::label).toList(),
        listed);
  }

  @Test
  void reportsNothingWhenTheFamiliesMatch() {
    TableDescriptor expected = table(family("d").build(), family("x").setMaxVersions(3).build());
    TableDescriptor live = table(family("x").setMaxVersions(3).build(), family("d").build());

    assertEquals(List.of(), TableComparison.differences(expected, live));
  }

  @Test
  void ignoresSettingsTheMappingDoesNotDecide() {
    TableDescriptor expected = table(family("d").build());
    TableDescriptor live = TableDescriptorBuilder.newBuilder(ORDERS)
        .setColumnFamily(family("d").setCacheDataOnWrite(true).setCompressTags(false).build())
        .setMaxFileSize(1L << 30)
        .build();

    assertEquals(List.of(), TableComparison.differences(expected, live));
  }

  @Test
  void namesTheTableAndFamilyOfEverySettingThatDiffersWithActualAndExpectedValues() {
    TableDescriptor expected = table(family("d").build());
    TableDescriptor live = table(family("d")
        .setMaxVersions(3)
        .setTimeToLive(3600)
        .setBloomFilterType(BloomType.ROWCOL)
        .setCompressionType(Compression.Algorithm.GZ)
        .setBlocksize(16384)
        .setInMemory(true)
        .setDataBlockEncoding(DataBlockEncoding.FAST_DIFF)
        .build());

    assertEquals(List.of(
        "Table shop:orders, column family 'd': max versions is 3, expected 1.",
        "Table shop:orders, column family 'd': time to live is 3600 s, expected forever.",
        "Table shop:orders, column family 'd': bloom filter is ROWCOL, expected ROW.",
        "Table shop:orders, column family 'd': compression is GZ, expected NONE.",
        "Table shop:orders, column family 'd': block size is 16384 bytes, expected 65536 bytes.",
        "Table shop:orders, column family 'd': in-memory is true, expected false.",
        "Table shop:orders, column family 'd': data block encoding is FAST_DIFF, expected NONE."),
        TableComparison.differences(expected, live));
  }

  @Test
  void reportsTheMinVersionsKeptDeletedCellsBlockCacheAndReplicationScopeThatDiffer() {
    TableDescriptor expected = table(family("d").setMaxVersions(3).setTimeToLive(86400).setMinVersions(1)
        .setKeepDeletedCells(KeepDeletedCells.TTL).setBlockCacheEnabled(false).setScope(1).build());
    TableDescriptor live = table(family("d").setMaxVersions(3).setTimeToLive(86400).build());

    assertEquals(List.of(
        "Table shop:orders, column family 'd': min versions is 0, expected 1.",
        "Table shop:orders, column family 'd': keep deleted cells is FALSE, expected TTL.",
        "Table shop:orders, column family 'd': block cache is true, expected false.",
        "Table shop:orders, column family 'd': replication scope is 0, expected 1."),
        TableComparison.differences(expected, live));
  }

  @Test
  void reportsAnExpectedTimeToLiveAgainstAFamilyKeptForever() {
    TableDescriptor expected = table(family("d").setTimeToLive(86400).build());
    TableDescriptor live = table(family("d").build());

    assertEquals(List.of("Table shop:orders, column family 'd': time to live is forever, expected 86400 s."),
        TableComparison.differences(expected, live));
  }

  @Test
  void reportsMissingFamiliesBeforeExtraOnes() {
    TableDescriptor expected = table(family("d").build(), family("m").build());
    TableDescriptor live = table(family("d").build(), family("old").build());

    assertEquals(List.of(
        "Table shop:orders lacks the column family 'm'.",
        "Table shop:orders has the column family 'old', which the mapping does not declare."),
        TableComparison.differences(expected, live));
  }

  @Test
  void namesAMissingTable() {
    assertEquals("Table shop:orders.seller does not exist.",
        TableComparison.missing(TableName.valueOf("shop", "orders.seller")));
    assertEquals("Table orders does not exist.", TableComparison.missing(TableName.valueOf("orders")));
  }
}
