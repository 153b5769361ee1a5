package dev.rowan.mapreduce.internal.hfile;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.BloomFilterUtil;

/**
 * The job configuration that HBase's {@code MultiTableHFileOutputFormat} record writer reads to
 * write each table's HFiles the way its families are declared: which tables it writes, and each
 * family's compression, bloom filter, block size and data block encoding.
 *
 * <p>These keys and their format are the one part of the HFile job that HBase offers no public Java
 * API for: its own setup method takes a type that is package-private in HBase 2.6 ({@code
 * HFileOutputFormat2.TableInfo}). They are copied here from HBase 2.6's {@code HFileOutputFormat2}:
 * per family, {@code urlencode(table;family)=urlencode(value)}, joined by {@code &}, where {@code
 * table} is {@link TableName#getNameAsString()} (no {@code default:} prefix). If an HBase upgrade
 * renames them, the job still runs but writes HFiles with HBase's defaults (no compression, no
 * bloom filter, 64 KB blocks, no encoding) until the regions compact them. {@code
 * HFileWriterSettingsTest} compares them with what HBase's own (package-private) setup writes, and
 * {@code HFileSettingsIT} reads the settings back from loaded HFiles.
 *
 * <p>Thread-safety: stateless.
 */
final class HFileWriterSettings {

  /** Whether the record writer reads a table name from each composite key. */
  static final String MULTI_TABLE = "hbase.mapreduce.use.multi.table.hfileoutputformat";

  /** The tables written, joined by {@code ;}; the writer refuses a key naming another. */
  static final String TABLE_NAMES = "hbase.mapreduce.hfileoutputformat.table.name";

  static final String COMPRESSION = "hbase.hfileoutputformat.families.compression";
  static final String BLOOM_TYPE = "hbase.hfileoutputformat.families.bloomtype";
  static final String BLOOM_PARAM = "hbase.hfileoutputformat.families.bloomparam";
  static final String BLOCK_SIZE = "hbase.mapreduce.hfileoutputformat.blocksize";
  static final String DATA_BLOCK_ENCODING =
      "hbase.mapreduce.hfileoutputformat.families.datablock.encoding";

  private HFileWriterSettings() {}

  /** Sets in {@code conf} the tables and every family's settings of {@code tables}. */
  static void set(Configuration conf, List<TableDescriptor> tables) {
    conf.setBoolean(MULTI_TABLE, true);
    conf.set(
        TABLE_NAMES,
        tables.stream()
            .map(t -> t.getTableName().getNameAsString())
            .collect(Collectors.joining(";")));
    conf.set(COMPRESSION, perFamily(tables, family -> family.getCompressionType().getName()));
    conf.set(BLOOM_TYPE, perFamily(tables, family -> family.getBloomFilterType().toString()));
    conf.set(BLOOM_PARAM, perFamily(tables, HFileWriterSettings::bloomParam));
    conf.set(BLOCK_SIZE, perFamily(tables, family -> String.valueOf(family.getBlocksize())));
    conf.set(
        DATA_BLOCK_ENCODING,
        perFamily(
            tables,
            family -> {
              DataBlockEncoding encoding = family.getDataBlockEncoding();
              return (encoding == null ? DataBlockEncoding.NONE : encoding).toString();
            }));
  }

  private static String bloomParam(ColumnFamilyDescriptor family) {
    if (family.getBloomFilterType() != BloomType.ROWPREFIX_FIXED_LENGTH) {
      return "";
    }
    String length = family.getConfigurationValue(BloomFilterUtil.PREFIX_LENGTH_KEY);
    return length == null ? "" : length;
  }

  /**
   * {@code urlencode(table;family)=urlencode(value)} for every family of every table, joined by
   * {@code &}.
   */
  static String perFamily(
      List<TableDescriptor> tables, Function<ColumnFamilyDescriptor, String> value) {
    StringBuilder out = new StringBuilder();
    for (TableDescriptor table : tables) {
      for (ColumnFamilyDescriptor family : table.getColumnFamilies()) {
        if (out.length() > 0) {
          out.append('&');
        }
        String key = table.getTableName().getNameAsString() + ";" + family.getNameAsString();
        out.append(URLEncoder.encode(key, StandardCharsets.UTF_8))
            .append('=')
            .append(URLEncoder.encode(value.apply(family), StandardCharsets.UTF_8));
      }
    }
    return out.toString();
  }
}
