package dev.rowan.it.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.it.Compactions;
import dev.rowan.it.RawCells;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.Test;

/**
 * {@code @Cyclic} row keys against HBase: the row-key articles' urls by day, keyed by the day's
 * position in a 365-day cycle, over more than one cycle, compared with an oracle; the TTL rule
 * enforced by {@code schema().create}; and an expired row of the cycle before, compacted away,
 * never read back when the next cycle writes at its position.
 */
@HBaseTest
class CyclicKeysIT {

  /** The worked example: hits per url per day, kept 30 days, keyed {@code [day in cycle][cycle][url]}. */
  @Table(name = "url_hits")
  @Family(name = "d", ttlSeconds = 30 * 86_400)
  @Index(name = "byUrl", key = {"url", "day"}) // view key [url][day in cycle][cycle]
  record UrlHits(@RowKey(order = 0) @Cyclic(period = "P365D") LocalDate day, @RowKey(order = 1) String url,
      @Column long hits) {}

  interface UrlHitsRepository extends HBaseRepository<UrlHits> {
    List<UrlHits> findByDayBetween(LocalDate from, LocalDate to);

    List<UrlHits> findByUrlAndDayBetween(String url, LocalDate from, LocalDate to);

    Optional<UrlHits> findByDayAndUrl(LocalDate day, String url);
  }

  @Test
  void urlsByDayOverMoreThanOneCycleAreReadExactlyByDayRanges(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("CyclicKeysIT seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
    Random random = new Random(seed);
    rowan.schema().create(UrlHits.class);
    UrlHitsRepository hits = rowan.repository(UrlHitsRepository.class);
    // 900 days from the middle of a cycle: every position holds rows of two or three cycles
    LocalDate first = LocalDate.ofEpochDay(365L * 55 + 200);
    List<UrlHits> all = new ArrayList<>();
    for (int d = 0; d < 900; d++) {
      LocalDate day = first.plusDays(d);
      for (String url : List.of("a.example/x", "b.example/y", "c.example")) {
        if (random.nextInt(3) > 0) {
          all.add(new UrlHits(day, url, random.nextInt(1000)));
        }
      }
    }
    hits.saveAll(all);

    for (int i = 0; i < 60; i++) {
      long cycle = Math.floorDiv(first.toEpochDay(), 365) + random.nextInt(3);
      LocalDate from = LocalDate.ofEpochDay(cycle * 365 + random.nextInt(365));
      LocalDate to = LocalDate.ofEpochDay(cycle * 365 + random.nextInt(365));
      if (to.isBefore(from)) {
        LocalDate swap = from;
        from = to;
        to = swap;
      }
      LocalDate low = from;
      LocalDate high = to;
      List<UrlHits> expected = all.stream().filter(h -> !h.day().isBefore(low) && !h.day().isAfter(high))
          .sorted(Comparator.comparing(UrlHits::day).thenComparing(UrlHits::url)).toList();
      assertEquals(expected, hits.findByDayBetween(from, to), "days " + from + " to " + to + ", seed " + seed);
      assertEquals(expected.stream().filter(h -> h.url().equals("b.example/y")).toList(),
          hits.findByUrlAndDayBetween("b.example/y", from, to), "on the view, seed " + seed);
    }
    for (UrlHits one : all.subList(0, 50)) {
      assertEquals(Optional.of(one), hits.findByKey(one.day(), one.url()));
      assertEquals(Optional.of(one), hits.findByDayAndUrl(one.day(), one.url()));
    }
    assertEquals(all.size(), hits.scanAll().count());
  }

  @Test
  void theNextCycleWritesIntoTheKeyRangeOfTheCycleBefore() {
    EntityModel<UrlHits> model = EntityModel.of(UrlHits.class);
    byte[] thisYear = model.rowKeyOf(LocalDate.ofEpochDay(365L * 56 + 10), "a.example/x");
    byte[] nextYear = model.rowKeyOf(LocalDate.ofEpochDay(365L * 57 + 10), "a.example/x");
    byte[] nextDay = model.rowKeyOf(LocalDate.ofEpochDay(365L * 56 + 11), "a.example/x");
    assertArrayEquals(Arrays.copyOf(thisYear, 8), Arrays.copyOf(nextYear, 8), "the same position in the cycle");
    assertTrue(Arrays.compareUnsigned(nextYear, nextDay) < 0, "next year's key sorts before this year's next day");
    assertFalse(Arrays.equals(thisYear, nextYear), "but the keys differ, by the number of the cycle");
  }

  @Test
  void rangesThatWrapACycleOrOutlastItAreRefusedNamingTheMethod(Rowan rowan) {
    rowan.schema().create(UrlHits.class);
    UrlHitsRepository hits = rowan.repository(UrlHitsRepository.class);
    LocalDate cycleStart = LocalDate.ofEpochDay(365L * 56);
    IllegalArgumentException wraps = assertThrows(IllegalArgumentException.class,
        () -> hits.findByDayBetween(cycleStart.minusDays(3), cycleStart.plusDays(3)));
    assertTrue(wraps.getMessage().startsWith("UrlHitsRepository.findByDayBetween: parameter 1"), wraps.getMessage());
    assertTrue(wraps.getMessage().contains("(UrlHits.day Between): the range " + cycleStart.minusDays(3) + " to "
        + cycleStart.plusDays(3) + " wraps the end of a cycle of P365D at " + cycleStart), wraps.getMessage());
    IllegalArgumentException tooLong = assertThrows(IllegalArgumentException.class,
        () -> hits.findByDayBetween(cycleStart, cycleStart.plusDays(400)));
    assertTrue(tooLong.getMessage().contains("UrlHits.day Between): the range " + cycleStart + " to "
        + cycleStart.plusDays(400) + " is longer than the cycle of P365D"), tooLong.getMessage());
  }

  /** A range with one bound on a cyclic part: refused when the repository is created. */
  interface OpenRanges extends HBaseRepository<UrlHits> {
    List<UrlHits> findByDayAfter(LocalDate after);
  }

  @Test
  void aRangeWithOneBoundOnACyclicPartIsRefusedWhenTheRepositoryIsCreated(Rowan rowan) {
    rowan.schema().create(UrlHits.class);
    String refused = assertThrows(dev.rowan.core.QueryMethodException.class, () -> rowan.repository(OpenRanges.class))
        .getMessage();
    assertTrue(refused.contains("OpenRanges.findByDayAfter: UrlHits.day GreaterThan: a range on a @Cyclic(period = \"P365D\")"
        + " key part needs both bounds (use Between)"), refused);
  }

  @Table(name = "url_hits_kept_long")
  @Family(name = "d", ttlSeconds = 360 * 86_400)
  record KeptTooLong(@RowKey(order = 0) @Cyclic(period = "P365D") LocalDate day, @RowKey(order = 1) String url,
      @Column long hits) {}

  @Test
  void createRefusesACycleNotLongerThanTheTtlPlusTwoMajorCompactions(Rowan rowan, Admin admin,
      TestNamespace namespace) throws Exception {
    dev.rowan.mapping.MappingException refused = assertThrows(dev.rowan.mapping.MappingException.class,
        () -> rowan.schema().create(KeptTooLong.class));
    long compaction = admin.getConfiguration().getLong("hbase.hregion.majorcompaction", 604_800_000L);
    assertEquals(KeptTooLong.class, refused.entityType());
    assertTrue(refused.problems().get(0).startsWith("KeptTooLong.day is @Cyclic(period = \"P365D\") but family"
        + " 'd' of table 'url_hits_kept_long' has a TTL of P360D (31104000 s)"), refused.getMessage());
    assertTrue(refused.getMessage().contains("(hbase.hregion.majorcompaction = " + compaction + " ms)"),
        refused.getMessage());
    assertFalse(admin.tableExists(namespace.tableName("url_hits_kept_long")), "nothing is created");
  }

  /** Pings kept 2 seconds in a cycle of 20 seconds. */
  @Table(name = "pings")
  @Family(name = "d", ttlSeconds = 2)
  record Ping(@RowKey(order = 0) @Cyclic(period = "PT20S") Instant at, @RowKey(order = 1) String host,
      @Column String status, @Column String note) {}

  interface Pings extends HBaseRepository<Ping> {
    List<Ping> findByAtBetween(Instant from, Instant to);
  }

  @Test
  void anExpiredRowOfTheCycleBeforeIsNeverReadAtItsPosition(Configuration configuration, TestNamespace namespace,
      Admin admin) throws Exception {
    Configuration quick = new Configuration(configuration);
    quick.setLong("hbase.hregion.majorcompaction", 1000); // 2 s + 2 x 1 s < 20 s
    try (Connection connection = ConnectionFactory.createConnection(quick);
        Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).build()) {
      rowan.schema().create(Ping.class);
      Pings pings = rowan.repository(Pings.class);
      Instant before = Instant.ofEpochSecond(20L * 90_000_000 + 7, 5);
      Instant next = before.plusSeconds(20); // the same position, one cycle later
      Ping old = new Ping(before, "h1", "down", "disk full");
      pings.save(old);
      assertEquals(Optional.of(old), pings.findByKey(before, "h1"));

      Thread.sleep(2_500); // past the TTL of the row's cells
      TableName table = rowan.tableName("pings");
      EntityModel<Ping> model = EntityModel.of(Ping.class);
      Compactions.majorCompact(admin, table);
      assertTrue(RawCells.row(connection, table, model.rowKeyOf(before, "h1")).isEmpty(), "the expired row is gone");

      Ping fresh = new Ping(next, "h1", "up", null);
      pings.save(fresh);
      assertEquals(Optional.of(fresh), pings.findByKey(next, "h1"), "no cell of the old row, its note included");
      assertEquals(Optional.empty(), pings.findByKey(before, "h1"));
      assertEquals(List.of(fresh), pings.findByAtBetween(next.minusSeconds(5), next.plusSeconds(5)));
      assertEquals(List.of(), pings.findByAtBetween(before.minusSeconds(5), before.plusSeconds(5)));
      assertEquals(List.of(fresh), pings.scanAll().toList());
    }
  }

}
