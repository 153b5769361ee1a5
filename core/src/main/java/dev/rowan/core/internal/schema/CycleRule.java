package dev.rowan.core.internal.schema;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.FamilyModel;
import dev.rowan.mapping.MappingException;
import dev.rowan.mapping.PropertyModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The row-key articles' rule for cyclic keys: a {@code @Cyclic} key part's cycle must be longer
 * than the TTL of every family plus twice the major compaction interval, so that the rows of a
 * cycle have expired, and been compacted away, before the next cycle writes keys beside them. Pure;
 * thread-safety: stateless.
 */
final class CycleRule {

  /** The configuration key of the major compaction interval, in milliseconds. */
  static final String MAJOR_COMPACTION = "hbase.hregion.majorcompaction";

  /** HBase's default major compaction interval: 7 days. */
  static final long DEFAULT_MAJOR_COMPACTION_MILLIS = 7L * 24 * 3600 * 1000;

  private CycleRule() {}

  /**
   * A duration in days when it is whole days ({@code P365D}), else as {@link Duration#toString}.
   */
  static String text(Duration duration) {
    return duration.getNano() == 0 && duration.getSeconds() % 86_400 == 0
        ? "P" + duration.toDays() + "D"
        : duration.toString();
  }

  /**
   * Refuses {@code entity} when it breaks the rule, listing every breach.
   *
   * @throws MappingException naming the entity and, per breach, its property, family and table
   */
  static void require(EntityModel<?> entity, long majorCompactionMillis) {
    List<String> problems = problems(entity, majorCompactionMillis);
    if (!problems.isEmpty()) {
      throw MappingException.of(entity.type(), problems);
    }
  }

  /**
   * Every breach of the rule by {@code entity}, one sentence each naming entity, property and
   * family.
   */
  static List<String> problems(EntityModel<?> entity, long majorCompactionMillis) {
    List<String> problems = new ArrayList<>();
    Duration compaction = Duration.ofMillis(majorCompactionMillis);
    for (PropertyModel part : entity.rowKey().parts()) {
      Duration cycle = part.keyCodec() == null ? null : part.keyCodec().cycle();
      if (cycle == null) {
        continue;
      }
      for (FamilyModel family : entity.families()) {
        String at =
            part.qualifiedName()
                + " is @Cyclic(period = \""
                + text(cycle)
                + "\") but family '"
                + family.name()
                + "' of table '"
                + entity.tableName()
                + "'";
        if (family.ttlSeconds() <= 0) {
          problems.add(
              at
                  + " has no TTL, so the rows of past cycles never expire; give the family a ttlSeconds"
                  + " shorter than the cycle less twice the major compaction interval");
          continue;
        }
        Duration ttl = Duration.ofSeconds(family.ttlSeconds());
        Duration needed = ttl.plus(compaction.multipliedBy(2));
        if (cycle.compareTo(needed) <= 0) {
          problems.add(
              at
                  + " has a TTL of "
                  + text(ttl)
                  + " ("
                  + family.ttlSeconds()
                  + " s); the cycle must be"
                  + " longer than the TTL plus twice the major compaction interval ("
                  + MAJOR_COMPACTION
                  + " = "
                  + majorCompactionMillis
                  + " ms): "
                  + text(ttl)
                  + " + 2 x "
                  + text(compaction)
                  + " = "
                  + text(needed)
                  + ", so that a cycle's rows are expired and compacted away before the next cycle writes beside them");
        }
      }
    }
    return problems;
  }
}
