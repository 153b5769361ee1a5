package dev.rowan.it;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.RegionInfo;

/** Flushes, and major compactions that a test waits for. */
public final class Compactions {

  private Compactions() {}

  /**
   * Flushes {@code table} and major-compacts it, and returns once the compaction has run: the
   * table's last major compaction is newer than before, and no compaction runs or is queued.
   *
   * @throws AssertionError when that takes longer than a minute
   */
  public static void majorCompact(Admin admin, TableName table) throws Exception {
    long before = admin.getLastMajorCompactionTimestamp(table);
    flush(admin, table);
    admin.majorCompact(table);
    long deadline = System.currentTimeMillis() + 60_000;
    while (admin.getLastMajorCompactionTimestamp(table) <= before
        || admin.getCompactionState(table) != CompactionState.NONE) {
      if (System.currentTimeMillis() > deadline) {
        throw new AssertionError("the major compaction of " + table + " did not finish within a minute");
      }
      Thread.sleep(100);
    }
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
