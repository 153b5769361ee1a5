package dev.rowan.mapreduce.internal.hfile;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.List;
import java.util.function.Function;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.mapreduce.HFileOutputFormat2;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.BloomFilterUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class HFileWriterSettingsTest {

  private static final List<TableDescriptor> TABLES = List.of(
      TableDescriptorBuilder.newBuilder(TableName.valueOf("shop", "orders"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d"))
              .setCompressionType(Compression.Algorithm.GZ).setBloomFilterType(BloomType.ROWCOL).setBlocksize(8192)
              .setDataBlockEncoding(DataBlockEncoding.FAST_DIFF).build())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("e")).build(),
      TableDescriptorBuilder.newBuilder(TableName.valueOf("orders.seller"))
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes("d"))
              .setBloomFilterType(BloomType.ROWPREFIX_FIXED_LENGTH)
              .setConfiguration(BloomFilterUtil.PREFIX_LENGTH_KEY, "3").build()).build());

  @Test
  void writesEachFamilyAsUrlEncodedTableSemicolonFamilyJoinedByAmpersands() {
    Configuration conf = new Configuration(false);
    HFileWriterSettings.set(conf, TABLES);
    assertEquals("true", conf.get("hbase.mapreduce.use.multi.table.hfileoutputformat"));
    assertEquals("shop:orders;orders.seller", conf.get("hbase.mapreduce.hfileoutputformat.table.name"));
    assertEquals("shop%3Aorders%3Bd=gz&shop%3Aorders%3Be=none&orders.seller%3Bd=none",
        conf.get("hbase.hfileoutputformat.families.compression"));
    assertEquals("shop%3Aorders%3Bd=ROWCOL&shop%3Aorders%3Be=ROW&orders.seller%3Bd=ROWPREFIX_FIXED_LENGTH",
        conf.get("hbase.hfileoutputformat.families.bloomtype"));
    assertEquals("shop%3Aorders%3Bd=&shop%3Aorders%3Be=&orders.seller%3Bd=3",
        conf.get("hbase.hfileoutputformat.families.bloomparam"));
    assertEquals("shop%3Aorders%3Bd=8192&shop%3Aorders%3Be=65536&orders.seller%3Bd=65536",
        conf.get("hbase.mapreduce.hfileoutputformat.blocksize"));
    assertEquals("shop%3Aorders%3Bd=FAST_DIFF&shop%3Aorders%3Be=NONE&orders.seller%3Bd=NONE",
        conf.get("hbase.mapreduce.hfileoutputformat.families.datablock.encoding"));
  }

  /** HBase's own serialization, package-private in HFileOutputFormat2: Rowan's must match it. */
  @Test
  void matchesWhatHBasesOwnSetupWritesForEverySetting() throws ReflectiveOperationException {
    Configuration conf = new Configuration(false);
    HFileWriterSettings.set(conf, TABLES);
    Method serialize = HFileOutputFormat2.class.getDeclaredMethod("serializeColumnFamilyAttribute", Function.class,
        List.class);
    serialize.setAccessible(true);
    String[][] settings = {{"compressionDetails", "COMPRESSION_FAMILIES_CONF_KEY"},
        {"bloomTypeDetails", "BLOOM_TYPE_FAMILIES_CONF_KEY"}, {"bloomParamDetails", "BLOOM_PARAM_FAMILIES_CONF_KEY"},
        {"blockSizeDetails", "BLOCK_SIZE_FAMILIES_CONF_KEY"},
        {"dataBlockEncodingDetails", "DATABLOCK_ENCODING_FAMILIES_CONF_KEY"},
        {null, "OUTPUT_TABLE_NAME_CONF_KEY"}, {null, "MULTI_TABLE_HFILEOUTPUTFORMAT_CONF_KEY"}};
    for (String[] setting : settings) {
      Field key = HFileOutputFormat2.class.getDeclaredField(setting[1]);
      key.setAccessible(true);
      String name = (String) key.get(null);
      assertEquals(true, conf.get(name) != null, "Rowan does not set HBase's " + setting[1] + " (" + name + ")");
      if (setting[0] != null) {
        Field details = HFileOutputFormat2.class.getDeclaredField(setting[0]);
        details.setAccessible(true);
        @SuppressWarnings("unchecked")
        Function<ColumnFamilyDescriptor, String> function = (Function<ColumnFamilyDescriptor, String>) details.get(null);
        assertEquals(serialize.invoke(null, function, TABLES), conf.get(name), name);
      }
    }
  }
}
