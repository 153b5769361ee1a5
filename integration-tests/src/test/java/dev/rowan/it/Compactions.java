package dev.rowan.it;

import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.RegionInfo;

/** Flushes, and major compactions that a test waits for. */
public final class Compactions {

  private Compactions() {}

  /**
   * Flushes {@code table} and major-compacts it, and returns once the compaction has run: no
   * compaction runs or is queued, and every region that had store files has a newer last major
   * compaction or none left (a file whose every cell is past its TTL is dropped without one). Each
   * region is asked on its region server, not in the master's last report of it, and a region
   * without files is not waited for: its time never moves.
   *
   * @throws AssertionError when that takes longer than a minute
   */
  public static void majorCompact(Admin admin, TableName table) throws Exception {
    flush(admin, table);
    Map<String, Long> before = new HashMap<>();
    regions(admin, table).forEach((name, region) -> {
      if (region.getStoreFileCount() > 0) {
        before.put(name, region.getLastMajorCompactionTimestamp());
      }
    });
    admin.majorCompact(table);
    long deadline = System.currentTimeMillis() + 60_000;
    while (!compacted(admin, table, before)) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("the major compaction of " + table + " did not finish within a minute");
      }
      Thread.sleep(100);
    }
  }

  private static boolean compacted(Admin admin, TableName table, Map<String, Long> before) throws Exception {
    if (admin.getCompactionState(table) != CompactionState.NONE) {
      return false;
    }
    Map<String, RegionMetrics> now = regions(admin, table);
    for (Map.Entry<String, Long> region : before.entrySet()) {
      RegionMetrics metrics = now.get(region.getKey());
      if (metrics != null && metrics.getStoreFileCount() > 0
          && metrics.getLastMajorCompactionTimestamp() <= region.getValue()) {
        return false;
      }
    }
    return true;
  }

  /** The regions of {@code table} by name, as their region servers report them now. */
  private static Map<String, RegionMetrics> regions(Admin admin, TableName table) throws Exception {
    Map<String, RegionMetrics> regions = new HashMap<>();
    for (ServerName server : admin.getRegionServers()) {
      for (RegionMetrics region : admin.getRegionMetrics(server, table)) {
        regions.put(region.getNameAsString(), region);
      }
    }
    return regions;
  }

  /**
   * Flushes every region of {@code table}, one at a time. Not {@code Admin.flush(table)}: in HBase
   * 2.6 that is a procedure of the master, which was seen to retry for good when a region was
   * already flushing; a region's flush is a call to its region server.
   */
  public static void flush(Admin admin, TableName table) throws Exception {
    for (RegionInfo region : admin.getRegions(table)) {
      admin.flushRegion(region.getRegionName());
    }
  }
}
