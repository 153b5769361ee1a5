package dev.rowan.it.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The bucket strategy of a salt is part of the key layout a table records: a mapping that picks
 * buckets with another strategy, or a ring with other virtual nodes, is refused on a table that
 * holds rows, naming the table and both strategies; the same strategy spelled otherwise is not.
 */
@HBaseTest
class BucketStrategyLayoutIT {

  @Table(name = "messages", salt = @Salt(buckets = 8))
  @Index(name = "byTopic", key = {"topic"})
  record HashModMessage(@RowKey String id, @Column String topic) {}

  @Table(name = "messages", salt = @Salt(buckets = 8, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 64))
  @Index(name = "byTopic", key = {"topic"})
  record RingMessage(@RowKey String id, @Column String topic) {}

  @Table(name = "messages", salt = @Salt(buckets = 8, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 32))
  @Index(name = "byTopic", key = {"topic"})
  record SmallRingMessage(@RowKey String id, @Column String topic) {}

  @Table(name = "messages", salt = @Salt(buckets = 8, strategy = Salt.Strategy.CONSISTENT_HASH))
  @Index(name = "byTopic", key = {"topic"})
  record DefaultRingMessage(@RowKey String id, @Column String topic) {}

  @Table(name = "messages", salt = @Salt(buckets = 8, strategy = Salt.Strategy.CONSISTENT_HASH, virtualNodes = 256))
  @Index(name = "byTopic", key = {"topic"})
  record SpelledOutRingMessage(@RowKey String id, @Column String topic) {}

  interface HashModMessages extends HBaseRepository<HashModMessage> {
    List<HashModMessage> findByTopic(String topic);
  }

  interface RingMessages extends HBaseRepository<RingMessage> {
    List<RingMessage> findByTopic(String topic);
  }

  interface SmallRingMessages extends HBaseRepository<SmallRingMessage> {}

  interface DefaultRingMessages extends HBaseRepository<DefaultRingMessage> {}

  interface SpelledOutRingMessages extends HBaseRepository<SpelledOutRingMessage> {
    List<SpelledOutRingMessage> findByTopic(String topic);
  }

  /** check() reports, create() and the repository refuse {@code after}, naming the table and both strategies. */
  private static void refused(Rowan rowan, Class<?> after, Class<? extends HBaseRepository<?>> repository,
      String stored, String expected) {
    String table = "Table " + rowan.tableName("messages").getNameAsString() + " stores keys laid out as\n"
        + "      row key salt(8 buckets, " + stored + ", on every part) + id String\n"
        + "    but the mapping of " + after.getSimpleName() + " lays them out as\n"
        + "      row key salt(8 buckets, " + expected + ", on every part) + id String\n";
    String view = "Table " + rowan.tableName("messages.byTopic").getNameAsString() + " stores keys laid out as\n"
        + "      view key salt(8 buckets, " + stored + ", on every part)";

    SchemaReport report = rowan.schema().check(after);
    assertFalse(report.matches());
    assertTrue(report.differences().stream().anyMatch(d -> d.startsWith(table)), report.differences().toString());
    assertTrue(report.differences().stream().anyMatch(d -> d.startsWith(view)), report.differences().toString());

    SchemaMismatchException create = assertThrows(SchemaMismatchException.class, () -> rowan.schema().create(after));
    assertTrue(create.getMessage().contains(table), create.getMessage());

    SchemaMismatchException open = assertThrows(SchemaMismatchException.class, () -> rowan.repository(repository));
    assertTrue(open.getMessage().startsWith("The tables of " + after.getSimpleName() + " do not match its mapping"),
        open.getMessage());
    assertTrue(open.getMessage().contains(table), open.getMessage());
    assertTrue(open.getMessage().contains(view), open.getMessage());
  }

  @Test
  void aRingMappingOverAHashModTableWithRowsIsRefusedNamingTheTableAndBothStrategies(Rowan rowan) {
    rowan.schema().create(HashModMessage.class);
    HashModMessages before = rowan.repository(HashModMessages.class);
    List<HashModMessage> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      rows.add(new HashModMessage("m" + i, "t" + i % 3));
    }
    before.saveAll(rows);

    refused(rowan, RingMessage.class, RingMessages.class, "murmur3_32(seed 0) mod buckets",
        "ring of 64 virtual nodes per bucket on murmur3_32(seed 0)");
    assertEquals(Optional.of(rows.get(7)), before.findByKey("m7"), "the old mapping still reads its rows");
  }

  @Test
  void aHashModMappingOverARingTableWithRowsIsRefused(Rowan rowan) {
    rowan.schema().create(RingMessage.class);
    rowan.repository(RingMessages.class).save(new RingMessage("m1", "t"));

    refused(rowan, HashModMessage.class, HashModMessages.class,
        "ring of 64 virtual nodes per bucket on murmur3_32(seed 0)", "murmur3_32(seed 0) mod buckets");
  }

  @Test
  void aRingWithOtherVirtualNodesOverARingTableWithRowsIsRefused(Rowan rowan) {
    rowan.schema().create(RingMessage.class);
    rowan.repository(RingMessages.class).save(new RingMessage("m1", "t"));

    refused(rowan, SmallRingMessage.class, SmallRingMessages.class,
        "ring of 64 virtual nodes per bucket on murmur3_32(seed 0)",
        "ring of 32 virtual nodes per bucket on murmur3_32(seed 0)");
  }

  @Test
  void theDefaultVirtualNodesSpelledOutAreTheSameLayoutAndReadTheSameRows(Rowan rowan) {
    rowan.schema().create(DefaultRingMessage.class);
    rowan.repository(DefaultRingMessages.class).save(new DefaultRingMessage("m1", "news"));
    assertEquals(EntityModel.of(DefaultRingMessage.class).layout(), EntityModel.of(SpelledOutRingMessage.class).layout());

    assertTrue(rowan.schema().check(SpelledOutRingMessage.class).matches());
    SpelledOutRingMessages after = rowan.repository(SpelledOutRingMessages.class);
    assertEquals(Optional.of(new SpelledOutRingMessage("m1", "news")), after.findByKey("m1"));
    assertEquals(List.of(new SpelledOutRingMessage("m1", "news")), after.findByTopic("news"));
  }
}
