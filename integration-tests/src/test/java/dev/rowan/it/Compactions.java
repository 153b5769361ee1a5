package dev.rowan.it;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;

/** Major compactions that a test waits for. */
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
    admin.flush(table);
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
}
