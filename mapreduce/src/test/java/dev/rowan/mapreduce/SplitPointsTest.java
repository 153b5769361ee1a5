package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.mapping.EntityModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

class SplitPointsTest {

  private static final EntityModel<Reading> READINGS = EntityModel.of(Reading.class);

  @Test
  void splitsASampleIntoRegionsOfAboutEqualSizeAtIncreasingShortKeys() {
    long seed = System.nanoTime();
    Random random = new Random(seed);
    List<Reading> sample = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      sample.add(Reading.random(random, random.nextInt(1_000_000)));
    }

    byte[][] splits = SplitPoints.fromSample(READINGS, sample, 16);

    assertEquals(15, splits.length, "seed " + seed);
    int[] perRegion = new int[16];
    for (Reading reading : sample) {
      byte[] key = READINGS.rowKey(reading);
      int region = 0;
      while (region < splits.length && Bytes.compareTo(key, splits[region]) >= 0) {
        region++;
      }
      perRegion[region]++;
    }
    for (int i = 0; i < splits.length; i++) {
      assertTrue(splits[i].length > 0 && splits[i].length <= 16, "split " + i + " is no longer than a key (seed " + seed + ")");
      assertTrue(i == 0 || Bytes.compareTo(splits[i - 1], splits[i]) < 0, "splits increase (seed " + seed + ")");
    }
    for (int count : perRegion) {
      assertTrue(count > 5000 / 16 / 2 && count < 5000 / 16 * 2, "regions are balanced: " + java.util.Arrays
          .toString(perRegion) + " (seed " + seed + ")");
    }
  }

  @Test
  void givesFewerSplitsThanAskedWhenTheSampleHasFewerKeys() {
    Reading one = Reading.random(new Random(1), 1);

    assertEquals(0, SplitPoints.fromSample(READINGS, List.of(one, one, one), 4).length);
    assertEquals(0, SplitPoints.fromSample(READINGS, List.of(), 4).length);
  }

  @Test
  void separatesTwoKeysByTheShortestPrefixOfTheUpperOne() {
    assertArrayEquals(Bytes.toBytes("ab"), SplitPoints.separator(Bytes.toBytes("aa"), Bytes.toBytes("abc")));
    assertArrayEquals(Bytes.toBytes("abc"), SplitPoints.separator(Bytes.toBytes("ab"), Bytes.toBytes("abcd")));
  }

  @Test
  void refusesASaltedEntity() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> SplitPoints.fromSample(EntityModel.of(Order.class), List.of(), 4));

    assertEquals("Order is salted; its salt decides its split points", e.getMessage());
  }
}
