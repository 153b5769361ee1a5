package dev.rowan.cli;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Rows and bytes per region of a table: rows and cell bytes counted by scanning each region (exact,
 * and as slow as reading the table), store file sizes and request counts from the region servers'
 * metrics ({@code Admin.getRegionMetrics}, which round sizes to megabytes and count requests since
 * the region server started).
 *
 * <p>Thread-safety: stateless; each call reads afresh.
 *
 * @since 0.1
 */
public final class RegionStats {

  /**
   * One region of a table.
   *
   * @param startKey the first row key of the region, empty for the first region
   * @param endKey the row key after the region, empty for the last region
   * @param server the region server that holds it
   * @param rows the rows in the region
   * @param bytes the serialized size of the region's cells, as a scan returns them
   * @param storeFileMegabytes the size of its store files on disk, from the metrics
   * @param writeRequests write requests since the region was opened, from the metrics
   * @param readRequests read requests since the region was opened, from the metrics
   */
  public record Region(
      byte[] startKey,
      byte[] endKey,
      String server,
      long rows,
      long bytes,
      double storeFileMegabytes,
      long writeRequests,
      long readRequests) {}

  private RegionStats() {}

  /**
   * The regions of {@code table} in key order, each counted by a scan.
   *
   * @throws IOException when HBase fails a request
   */
  public static List<Region> of(Connection connection, TableName table) throws IOException {
    try (Admin admin = connection.getAdmin();
        Table data = connection.getTable(table)) {
      Map<String, RegionMetrics> metrics = new HashMap<>();
      Map<String, ServerName> servers = new HashMap<>();
      for (ServerName server : admin.getRegionServers()) {
        for (RegionMetrics region : admin.getRegionMetrics(server, table)) {
          metrics.put(Bytes.toStringBinary(region.getRegionName()), region);
          servers.put(Bytes.toStringBinary(region.getRegionName()), server);
        }
      }
      List<Region> regions = new ArrayList<>();
      for (RegionInfo info : admin.getRegions(table)) {
        String name = Bytes.toStringBinary(info.getRegionName());
        long[] counted = count(data, info);
        RegionMetrics metric = metrics.get(name);
        regions.add(
            new Region(
                info.getStartKey(),
                info.getEndKey(),
                servers.containsKey(name) ? servers.get(name).getServerName() : "?",
                counted[0],
                counted[1],
                metric == null ? 0 : metric.getStoreFileSize().get(Size.Unit.MEGABYTE),
                metric == null ? 0 : metric.getWriteRequestCount(),
                metric == null ? 0 : metric.getReadRequestCount()));
      }
      regions.sort((a, b) -> Bytes.compareTo(a.startKey(), b.startKey()));
      return regions;
    }
  }

  private static long[] count(Table data, RegionInfo region) throws IOException {
    Scan scan =
        new Scan()
            .withStartRow(region.getStartKey())
            .withStopRow(region.getEndKey())
            .setCaching(1_000)
            .setCacheBlocks(false)
            .setRaw(false);
    long rows = 0;
    long bytes = 0;
    try (ResultScanner scanner = data.getScanner(scan)) {
      for (Result result : scanner) {
        rows++;
        for (Cell cell : result.rawCells()) {
          bytes += cell.getSerializedSize();
        }
      }
    }
    return new long[] {rows, bytes};
  }
}
