package dev.rowan.embedded;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * Waits until every region of every enabled table is open on a live region server. An embedded
 * HBase answers once its master is up, while the regions of earlier runs are still being opened; a
 * program that stopped HBase again within seconds (a command-line tool) would shut it down in the
 * middle of those openings, which HBase logs as an abort. {@link EmbeddedHBase#start} waits here,
 * so a started HBase is a ready one and every stop is clean.
 *
 * <p>Thread-safety: stateless.
 */
final class RegionsOnline {

  private RegionsOnline() {}

  /**
   * Returns once every region of every enabled user table is open, or when {@code timeout} has
   * passed (the caller's requests then wait for the regions as usual).
   *
   * @throws IOException when HBase fails a request
   */
  static void await(Connection connection, Duration timeout) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    try (Admin admin = connection.getAdmin()) {
      while (!allOpen(admin) && System.nanoTime() < deadline) {
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("Interrupted while waiting for the regions to open");
        }
      }
    }
  }

  private static boolean allOpen(Admin admin) throws IOException {
    Set<String> open = new HashSet<>();
    for (ServerName server : admin.getRegionServers()) {
      for (RegionMetrics region : admin.getRegionMetrics(server)) {
        open.add(RegionInfo.encodeRegionName(region.getRegionName()));
      }
    }
    for (TableName table : admin.listTableNames()) {
      if (!admin.isTableEnabled(table)) {
        continue;
      }
      for (RegionInfo region : admin.getRegions(table)) {
        if (!region.isSplit() && !region.isOffline() && !open.contains(region.getEncodedName())) {
          return false;
        }
      }
    }
    return true;
  }
}
