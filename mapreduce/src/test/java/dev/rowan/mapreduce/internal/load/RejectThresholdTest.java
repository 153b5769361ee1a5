package dev.rowan.mapreduce.internal.load;

import dev.rowan.mapreduce.BulkLoadException;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RejectThresholdTest {

  @Test
  void anAbsoluteCountAllowsUpToThatManyRejects() {
    RejectThreshold threshold = RejectThreshold.parse("10");

    assertFalse(threshold.exceededBy(10, 20));
    assertTrue(threshold.exceededBy(11, 1_000_000));
  }

  @Test
  void aPercentageIsAShareOfTheLinesRead() {
    RejectThreshold threshold = RejectThreshold.parse(" 0.5% ");

    assertFalse(threshold.exceededBy(5, 1000));
    assertTrue(threshold.exceededBy(6, 1000));
    assertFalse(RejectThreshold.parse("0").exceededBy(0, 10));
    assertTrue(RejectThreshold.parse("0%").exceededBy(1, 10));
  }

  @Test
  void refusesTextThatIsNeitherACountNorAPercentage() {
    for (String text : new String[] {"ten", "-1", "101%", "%", ""}) {
      BulkLoadException e = assertThrows(BulkLoadException.class, () -> RejectThreshold.parse(text));
      assertTrue(e.getMessage().startsWith("Bulk load option rowan.bulkload.max.rejects = '" + text + "'"),
          e.getMessage());
    }
  }
}
