package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.it.ChildJvm;
import dev.rowan.it.Reading;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * A stream holds one chunk at a time: a client JVM whose heap is a fraction of the data streams
 * all of it.
 */
@HBaseTest
class StreamInASmallHeapIT {

  private static final int READINGS = 200_000;
  private static final int PAYLOAD = 1_200;
  private static final int HEAP_MB = 64;

  @Test
  void aStreamOverThreeTimesTheHeapRunsInTheHeap(Connection connection, TestNamespace namespace) throws Exception {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).build()) {
      rowan.schema().create(Reading.class);
      ReadingQueries readings = rowan.repository(ReadingQueries.class);
      String payload = "x".repeat(PAYLOAD);
      List<Reading> batch = new ArrayList<>();
      for (int i = 0; i < READINGS; i++) {
        batch.add(new Reading("sensor-1", i, payload));
        if (batch.size() == 10_000) {
          readings.saveAll(batch);
          batch.clear();
        }
      }
      readings.save(new Reading("sensor-2", 0, payload));
    }
    Process client = ChildJvm.start(StreamClient.class, HEAP_MB + "m", connection.getConfiguration(),
        namespace.name(), "sensor-1");
    String output = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(client.waitFor(5, TimeUnit.MINUTES), "the client finishes");
    assertEquals(0, client.exitValue(), output);
    assertTrue(output.contains("streamed " + READINGS + " readings, " + (long) READINGS * PAYLOAD + " payload bytes"
        + ", heap max"), output);
    assertTrue((long) READINGS * PAYLOAD > 3L * HEAP_MB * (1 << 20), "the data outweighs the heap");
  }
}
