package dev.rowan.it.read;

import dev.rowan.core.Rowan;
import dev.rowan.it.ChildJvm;
import dev.rowan.it.Reading;
import java.util.Iterator;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * A client run in a JVM of its own by {@link StreamInASmallHeapIT}: streams one sensor's readings
 * and prints how many it read and their payload bytes.
 *
 * <p>Arguments: ZooKeeper quorum, client port, znode parent, namespace, sensor.
 */
public final class StreamClient {

  private StreamClient() {}

  public static void main(String[] args) {
    Configuration configuration = ChildJvm.cluster(args);
    long count = 0;
    long bytes = 0;
    try (Rowan rowan = Rowan.connect(configuration);
        Rowan inNamespace = Rowan.builder(rowan.connection()).namespace(args[3]).build();
        Stream<Reading> readings = inNamespace.repository(ReadingQueries.class).streamBySensor(args[4])) {
      Iterator<Reading> iterator = readings.iterator();
      while (iterator.hasNext()) {
        bytes += iterator.next().payload().length();
        count++;
      }
    }
    System.out.println("streamed " + count + " readings, " + bytes + " payload bytes, heap max "
        + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB");
  }
}
