package dev.rowan.it;

import dev.rowan.core.HBaseRepository;
import java.util.stream.Stream;

/** Streams a sensor's readings. */
interface ReadingQueries extends HBaseRepository<Reading> {
  Stream<Reading> streamBySensor(String sensor);
}
