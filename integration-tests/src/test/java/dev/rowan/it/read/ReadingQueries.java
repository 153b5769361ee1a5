package dev.rowan.it.read;

import dev.rowan.core.HBaseRepository;
import dev.rowan.it.Reading;
import java.util.stream.Stream;

/** Streams a sensor's readings. */
interface ReadingQueries extends HBaseRepository<Reading> {
  Stream<Reading> streamBySensor(String sensor);
}
