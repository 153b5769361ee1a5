package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.it.Compactions;
import dev.rowan.it.Reading;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.junit.jupiter.api.Test;

/**
 * A long stream keeps going while the regions it reads are closed and reopened and split: every
 * row comes exactly once, in order.
 */
@HBaseTest
class StreamAcrossRegionMovesIT {

  private static final int READINGS = 6_000;

  @Test
  void aStreamReadsEveryRowOnceWhileItsRegionsAreReopenedAndSplit(Rowan rowan, Admin admin) throws Exception {
    rowan.schema().create(Reading.class);
    ReadingQueries readings = rowan.repository(ReadingQueries.class);
    List<Reading> all = new ArrayList<>();
    for (int i = 0; i < READINGS; i++) {
      all.add(new Reading("sensor-1", i, "p" + i));
    }
    readings.saveAll(all);
    TableName table = rowan.tableName("readings");
    List<Long> seen = new ArrayList<>();
    try (Stream<Reading> stream = readings.streamBySensor("sensor-1")) {
      Iterator<Reading> iterator = stream.iterator();
      int disturbances = 0;
      while (iterator.hasNext()) {
        seen.add(iterator.next().seq());
        if (seen.size() % 1_500 == 0 && disturbances < 3) {
          disturb(admin, table, disturbances++);
        }
      }
      assertEquals(3, disturbances, "the regions were disturbed while the stream was open");
    }
    assertEquals(READINGS, seen.size(), "no row lost or repeated");
    Set<Long> distinct = new HashSet<>(seen);
    assertEquals(READINGS, distinct.size(), "no row twice");
    for (int i = 1; i < seen.size(); i++) {
      assertTrue(seen.get(i - 1) < seen.get(i), "in key order at " + i);
    }
  }

  /** Closes and reopens every region of the table (a move, on a one-server cluster); once, splits one too. */
  private static void disturb(Admin admin, TableName table, int round) throws Exception {
    admin.disableTable(table); // closes every region the stream's scanners are reading
    admin.enableTable(table); // and opens them again, as a move does
    if (round == 1) {
      Compactions.flush(admin, table);
      RegionInfo first = admin.getRegions(table).get(0);
      admin.split(table, new byte[] {first.getStartKey().length == 0 ? 0 : first.getStartKey()[0], 's', 'e', 'n',
          's', 'o', 'r', '-', '1', 0, 1, (byte) 0x80, 0, 0, 0, 0, 0, 0x10, 0});
      awaitNoRegionsInTransition(admin);
    }
  }

  private static void awaitNoRegionsInTransition(Admin admin) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    while (!admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.REGIONS_IN_TRANSITION))
        .getRegionStatesInTransition().isEmpty()) {
      assertTrue(System.currentTimeMillis() < deadline, "regions settle within a minute");
      Thread.sleep(100);
    }
  }
}
