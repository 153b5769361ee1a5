package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.test.HBaseTest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.mapreduce.MultiTableHFileOutputFormat;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.junit.jupiter.api.Test;

/**
 * The HFiles a bulk load writes carry each family's declared settings (the per-family job
 * configuration reaches HBase's record writer), and each reducer's HFiles belong to exactly one
 * region of one table (the partitions file matches the regions of all tables).
 */
@HBaseTest
class HFileSettingsIT {

  @Test
  void loadedHFilesCarryEachFamilysCompressionBloomFilterBlockSizeAndEncoding(Rowan rowan, Admin admin)
      throws IOException {
    rowan.schema().create(TunedOrder.class);
    java.nio.file.Path dir = LoadFixtures.directory("hfile-settings");
    Path input = LoadFixtures.csv(dir.resolve("tuned.csv"), TunedOrder.class,
        LoadFixtures.orders(new Random(7), 3000).stream().map(TunedOrder::of).toList());
    BulkLoadResult result = BulkLoad.of(TunedOrder.class).input(input).namespace(rowan.namespace())
        .run(LoadFixtures.jobConf(rowan.connection(), dir));
    assertEquals(3000, result.rows(rowan.tableName("tuned")), result.summary());

    Configuration conf = rowan.connection().getConfiguration();
    int checked = 0;
    for (TableName table : List.of(rowan.tableName("tuned"), rowan.tableName("tuned.seller"))) {
      List<HFileInfo> files = hfiles(admin, conf, table);
      for (String family : List.of("d", "e")) {
        ColumnFamilyDescriptor declared = admin.getDescriptor(table).getColumnFamily(Bytes.toBytes(family));
        assertEquals(family.equals("d") ? 8192 : 16384, declared.getBlocksize(), table + " " + family);
        List<HFileInfo> ofFamily = files.stream().filter(f -> f.path().getParent().getName().equals(family)).toList();
        assertFalse(ofFamily.isEmpty(), "no HFile of " + table + " family " + family);
        for (HFileInfo file : ofFamily) {
          String where = table + " " + file.path().getName() + " (family " + family + ")";
          assertEquals(declared.getCompressionType(), file.context().getCompression(), where);
          assertEquals(declared.getDataBlockEncoding(), file.encoding(), where);
          // an HFile does not record its block size; its data blocks' average size shows it
          assertTrue(file.blocks() >= 2 && file.bytes() / file.blocks() <= 2L * declared.getBlocksize(), where + ": "
              + file.blocks() + " data blocks in " + file.bytes() + " bytes for blocks of " + declared.getBlocksize());
          assertEquals(declared.getBloomFilterType().name(), file.bloomType(), where);
          checked++;
        }
      }
    }
    ColumnFamilyDescriptor d = admin.getDescriptor(rowan.tableName("tuned")).getColumnFamily(Bytes.toBytes("d"));
    assertEquals(Compression.Algorithm.GZ, d.getCompressionType());
    assertEquals(BloomType.ROWCOL, d.getBloomFilterType());
    assertEquals(DataBlockEncoding.FAST_DIFF, d.getDataBlockEncoding());
    assertTrue(checked >= 4, checked + " HFiles checked");
  }

  @Test
  void eachRegionOfThePreSplitMainTableAndViewsGetsTheHFilesOfItsOwnReducer(Rowan rowan, Admin admin)
      throws IOException {
    rowan.schema().create(Order.class);
    List<TableName> tables = List.of(rowan.tableName("orders"), rowan.tableName("orders.seller"),
        rowan.tableName("orders.buyer"));
    // every region of every table, in the composite (table;start key) order of the partitions
    TreeMap<byte[], RegionInfo> regions = new TreeMap<>(Bytes.BYTES_COMPARATOR);
    for (TableName table : tables) {
      List<RegionInfo> ofTable = admin.getRegions(table);
      assertTrue(ofTable.size() > 1, table + " is not pre-split: " + ofTable.size() + " region");
      for (RegionInfo region : ofTable) {
        regions.put(MultiTableHFileOutputFormat.createCompositeKey(table.getName(), region.getStartKey()), region);
      }
    }

    load(rowan, 2000);

    Configuration conf = rowan.connection().getConfiguration();
    int partition = 0;
    Map<Integer, String> regionOfReducer = new HashMap<>();
    for (RegionInfo region : regions.values()) {
      List<HFileInfo> files = hfiles(conf, region);
      assertFalse(files.isEmpty(), "no HFile in region " + region.getRegionNameAsString());
      for (HFileInfo file : files) {
        int reducer = TaskAttemptID.forName(file.task()).getTaskID().getId();
        assertEquals(partition, reducer, "region " + region.getRegionNameAsString() + " holds " + file.path()
            + " of reducer " + reducer);
        String before = regionOfReducer.put(reducer, region.getEncodedName());
        assertTrue(before == null || before.equals(region.getEncodedName()), "reducer " + reducer
            + " wrote HFiles of two regions");
      }
      partition++;
    }
  }

  private static void load(Rowan rowan, int count) {
    java.nio.file.Path dir = LoadFixtures.directory("hfile-settings");
    Path input = LoadFixtures.csv(dir.resolve("orders.csv"), Order.class,
        LoadFixtures.orders(new Random(count), count));
    BulkLoadResult result = BulkLoad.of(Order.class).input(input).namespace(rowan.namespace())
        .run(LoadFixtures.jobConf(rowan.connection(), dir));
    assertEquals(count, result.rows(rowan.tableName("orders")), result.summary());
  }

  /** An HFile's settings as written, from its trailer and file info. */
  private record HFileInfo(Path path, HFileContext context, DataBlockEncoding encoding, String bloomType, String task,
      long blocks, long bytes) {}

  private static List<HFileInfo> hfiles(Admin admin, Configuration conf, TableName table) throws IOException {
    List<HFileInfo> files = new ArrayList<>();
    for (RegionInfo region : admin.getRegions(table)) {
      files.addAll(hfiles(conf, region));
    }
    return files;
  }

  private static List<HFileInfo> hfiles(Configuration conf, RegionInfo region) throws IOException {
    Path regionDir = new Path(CommonFSUtils.getTableDir(CommonFSUtils.getRootDir(conf), region.getTable()),
        region.getEncodedName());
    FileSystem fs = regionDir.getFileSystem(conf);
    List<HFileInfo> files = new ArrayList<>();
    for (FileStatus family : fs.listStatus(regionDir)) {
      if (!family.isDirectory() || family.getPath().getName().startsWith(".")) {
        continue;
      }
      for (FileStatus file : fs.listStatus(family.getPath())) {
        if (file.isDirectory() || file.getLen() == 0 || file.getPath().getName().startsWith(".")) {
          continue;
        }
        try (HFile.Reader reader = HFile.createReader(fs, file.getPath(), CacheConfig.DISABLED, true, conf)) {
          var info = reader.getHFileInfo();
          byte[] bloom = info.get(HStoreFile.BLOOM_FILTER_TYPE_KEY);
          byte[] task = info.get(HStoreFile.BULKLOAD_TASK_KEY);
          files.add(new HFileInfo(file.getPath(), reader.getFileContext(), reader.getDataBlockEncoding(),
              bloom == null ? "NONE" : Bytes.toString(bloom),
              task == null ? null : Bytes.toString(task),
              reader.getTrailer().getDataIndexCount(), reader.getTrailer().getTotalUncompressedBytes()));
        }
      }
    }
    files.sort(Comparator.comparing(HFileInfo::path));
    return files;
  }
}
