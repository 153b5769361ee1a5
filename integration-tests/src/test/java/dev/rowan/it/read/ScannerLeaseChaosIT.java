package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.it.Reading;
import dev.rowan.test.LocalClusterSettings;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.regionserver.RSRpcServices;
import org.junit.jupiter.api.Test;

/**
 * A stream that its caller abandons, neither read to its end nor closed, holds its scanners on
 * the region server only until the scanner lease runs out. Runs on a cluster of its own with a
 * short lease, in every build.
 */
class ScannerLeaseChaosIT {

  private static final int LEASE_MILLIS = 3_000;

  @Test
  void anAbandonedStreamHoldsNoScannerPastTheLease() throws Exception {
    Configuration conf = LocalClusterSettings.create(1);
    conf.setInt("hbase.client.scanner.timeout.period", LEASE_MILLIS);
    conf.setInt("hbase.server.thread.wakefrequency", 250); // how often leases are checked
    conf.setLong("hbase.client.scanner.max.result.size", 16 * 1024); // small batches: scanners stay open
    HBaseTestingUtility utility = new HBaseTestingUtility(conf);
    utility.startMiniZKCluster();
    utility.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).build());
    try (Connection connection = ConnectionFactory.createConnection(utility.getConfiguration());
        Rowan rowan = Rowan.connect(connection)) {
      rowan.schema().create(Reading.class);
      ReadingQueries readings = rowan.repository(ReadingQueries.class);
      List<Reading> all = new ArrayList<>();
      for (int i = 0; i < 4_000; i++) {
        all.add(new Reading("sensor-1", i, "p".repeat(200)));
      }
      readings.saveAll(all);
      RSRpcServices server = utility.getMiniHBaseCluster().getRegionServer(0).getRSRpcServices();
      int before = server.getScannersCount();

      Stream<Reading> abandoned = readings.streamBySensor("sensor-1");
      Iterator<Reading> iterator = abandoned.iterator();
      iterator.next();
      int open = server.getScannersCount() - before;
      assertTrue(open >= 1, "the stream holds scanners while it is read: " + open);

      long deadline = System.currentTimeMillis() + LEASE_MILLIS + 15_000;
      while (server.getScannersCount() > before && System.currentTimeMillis() < deadline) {
        Thread.sleep(200);
      }
      assertTrue(server.getScannersCount() <= before,
          "past the lease the region server has dropped the abandoned stream's " + open + " scanners");
    } finally {
      utility.shutdownMiniCluster();
    }
  }
}
