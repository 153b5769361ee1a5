package dev.rowan.core.internal.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.MappingException;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

class CycleRuleTest {

  private static final long WEEK_MILLIS = CycleRule.DEFAULT_MAJOR_COMPACTION_MILLIS;

  @Table(name = "hits")
  @Family(name = "d", ttlSeconds = 352 * 86_400)
  @Family(name = "h", ttlSeconds = 30 * 86_400)
  record Hits(@RowKey(order = 0) @Cyclic(period = "P365D") LocalDate day, @RowKey(order = 1) String url,
      @Column(family = "d") long count, @Column(family = "h") String note) {}

  @Table(name = "forever")
  record Forever(@RowKey @Cyclic(period = "P365D") LocalDate day, @Column long count) {}

  @Table(name = "plain")
  record Plain(@RowKey LocalDate day, @Column long count) {}

  @Test
  void aCycleNotLongerThanTheTtlPlusTwoMajorCompactionsIsRefusedWithTheNumbers() {
    assertEquals(List.of("Hits.day is @Cyclic(period = \"P365D\") but family 'd' of table 'hits' has a TTL of P352D"
        + " (30412800 s); the cycle must be longer than the TTL plus twice the major compaction interval"
        + " (hbase.hregion.majorcompaction = 604800000 ms): P352D + 2 x P7D = P366D, so that a cycle's rows are"
        + " expired and compacted away before the next cycle writes beside them"),
        CycleRule.problems(EntityModel.of(Hits.class), WEEK_MILLIS));
  }

  @Test
  void aBreachIsRefusedAsAMappingExceptionNamingTheEntityAndEveryBreach() {
    MappingException refused = assertThrows(MappingException.class,
        () -> CycleRule.require(EntityModel.of(Hits.class), WEEK_MILLIS));
    assertEquals(Hits.class, refused.entityType());
    assertEquals(CycleRule.problems(EntityModel.of(Hits.class), WEEK_MILLIS), refused.problems());
    CycleRule.require(EntityModel.of(Plain.class), WEEK_MILLIS); // no cyclic part: nothing refused
  }

  @Test
  void theMajorCompactionIntervalComesFromTheCaller() {
    assertEquals(List.of(), CycleRule.problems(EntityModel.of(Hits.class), 86_400_000L)); // 352 + 2 < 365
    assertEquals(List.of(), CycleRule.problems(EntityModel.of(Hits.class), 0)); // major compactions off
  }

  @Test
  void aFamilyWithoutTtlIsRefusedForACyclicKey() {
    assertEquals(List.of("Forever.day is @Cyclic(period = \"P365D\") but family 'd' of table 'forever' has no TTL,"
        + " so the rows of past cycles never expire; give the family a ttlSeconds shorter than the cycle less twice"
        + " the major compaction interval"), CycleRule.problems(EntityModel.of(Forever.class), WEEK_MILLIS));
  }

  @Test
  void anEntityWithoutCyclicKeyPartsHasNothingToCheck() {
    assertEquals(List.of(), CycleRule.problems(EntityModel.of(Plain.class), WEEK_MILLIS));
  }
}
