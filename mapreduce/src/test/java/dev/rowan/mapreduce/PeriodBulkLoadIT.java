package dev.rowan.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.test.HBaseTest;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;

/**
 * Visits kept in one table per month, bulk loaded over three months of which two have tables:
 * each visit lands in its month's main and view tables with the cells a save writes, the visits
 * of the month without tables are rejected lines naming its table, and queries answer what was
 * loaded.
 */
@HBaseTest
class PeriodBulkLoadIT {

  static final Instant JANUARY = Instant.parse("2024-01-01T00:00:00Z");
  static final Instant FEBRUARY = Instant.parse("2024-02-01T00:00:00Z");
  static final Instant MARCH = Instant.parse("2024-03-01T00:00:00Z");
  static final Instant APRIL = Instant.parse("2024-04-01T00:00:00Z");
  static final int PAGES = 5;
  static final int REFERRERS = 4;

  @Test
  void routesEachVisitToItsMonthsTablesAndRejectsTheMonthWithoutTables(Rowan saved) throws IOException {
    long seed = System.nanoTime();
    System.out.println("PeriodBulkLoadIT seed " + seed);
    Random random = new Random(seed);
    List<Visit> january = visits(random, "jan", JANUARY, FEBRUARY, 120);
    List<Visit> february = visits(random, "feb", FEBRUARY, MARCH, 110);
    List<Visit> march = visits(random, "mar", MARCH, APRIL, 40);
    List<Visit> all = new ArrayList<>(january);
    all.addAll(march);
    all.addAll(february);
    java.nio.file.Path dir = LoadFixtures.directory("visits");
    Path input = LoadFixtures.csv(dir.resolve("visits.csv"), Visit.class, all);
    createJanuaryAndFebruary(saved);
    saved.repository(VisitRepository.class).saveAll(concat(january, february));
    Rowan loaded = LoadFixtures.other(saved, "_bulk");
    createJanuaryAndFebruary(loaded);

    BulkLoadResult result = BulkLoad.of(Visit.class).input(input).namespace(loaded.namespace()).maxRejects("20%")
        .run(LoadFixtures.jobConf(saved.connection(), dir));

    assertEquals(270, result.lines(), result.summary());
    assertEquals(40, result.rejected(), result.summary());
    assertEquals(230, result.entities(), result.summary());
    assertRows(result, loaded, "visits_2024_01", january);
    assertRows(result, loaded, "visits_2024_02", february);
    List<String> rejects = rejectLines(result);
    assertEquals(40, rejects.size(), String.join("\n", rejects));
    String marchTable = loaded.tableName("visits_2024_03").getNameAsString();
    assertTrue(rejects.stream().allMatch(line -> line.contains("belongs to period table " + marchTable
        + ", which does not exist")), rejects.get(0));
    for (String period : List.of("visits_2024_01", "visits_2024_02")) {
      for (String table : List.of(period, period + ".page", period + ".referrer")) {
        assertEquals(TableCells.of(saved.connection(), saved.tableName(table)),
            TableCells.of(loaded.connection(), loaded.tableName(table)), table + ": cells (seed " + seed + ")");
      }
    }
    assertAnswers(loaded.repository(VisitRepository.class), concat(january, february));

    List<Visit> moved = Stream.concat(january.subList(0, 10).stream(), february.subList(0, 30).stream())
        .map(v -> new Visit(v.visitor(), v.at(), v.page() + "-moved", v.referrer(), v.millis() + 1)).toList();
    saved.repository(VisitRepository.class).saveAll(moved);
    BulkLoadResult reload = BulkLoad.of(Visit.class).input(LoadFixtures.csv(dir.resolve("moved.csv"), Visit.class,
        moved)).namespace(loaded.namespace()).workDir(new Path(dir.resolve("reload").toUri()))
        .run(LoadFixtures.jobConf(saved.connection(), dir));

    assertEquals(40, reload.replaced(), reload.summary());
    assertEquals(40, reload.retiredViewRows(), "each moved visit's old page row: " + reload.summary());
    assertEquals(10, reload.rows(loaded.tableName("visits_2024_01.page")), reload.summary());
    assertEquals(30, reload.rows(loaded.tableName("visits_2024_02.page")), reload.summary());
    for (String period : List.of("visits_2024_01", "visits_2024_02")) {
      for (String table : List.of(period, period + ".page", period + ".referrer")) {
        assertEquals(TableCells.of(saved.connection(), saved.tableName(table)),
            TableCells.of(loaded.connection(), loaded.tableName(table)), table + ": cells after the reload");
      }
    }
    List<Visit> now = new ArrayList<>(moved);
    now.addAll(january.subList(10, january.size()));
    now.addAll(february.subList(30, february.size()));
    assertAnswers(loaded.repository(VisitRepository.class), now);
  }

  static void createJanuaryAndFebruary(Rowan rowan) {
    rowan.schema().create(Visit.class); // the current month
    rowan.schema().createPeriods(Visit.class, LocalDate.of(2024, 1, 1), LocalDate.of(2024, 2, 29));
  }

  /** {@code count} visits at random times from {@code from} to before {@code to}; one in five has no referrer. */
  static List<Visit> visits(Random random, String prefix, Instant from, Instant to, int count) {
    List<Visit> visits = new ArrayList<>();
    long span = to.getEpochSecond() - from.getEpochSecond();
    for (int i = 0; i < count; i++) {
      visits.add(new Visit(prefix + "-" + i, from.plusSeconds(random.nextLong(span)).plusMillis(random.nextInt(1000)),
          "page-" + random.nextInt(PAGES), random.nextInt(5) == 0 ? null : "ref-" + random.nextInt(REFERRERS),
          random.nextInt(100_000)));
    }
    return visits;
  }

  static List<Visit> concat(List<Visit> first, List<Visit> second) {
    return Stream.concat(first.stream(), second.stream()).toList();
  }

  /** Every query through the main tables and through each view answers {@code stored}. */
  static void assertAnswers(VisitRepository visits, List<Visit> stored) {
    Comparator<Visit> order = Comparator.comparing(Visit::visitor).thenComparing(Visit::at);
    assertEquals(stored.stream().sorted(order).toList(), visits.scanAll().sorted(order).toList(), "every visit");
    java.util.Set<String> pages = new java.util.TreeSet<>();
    stored.forEach(v -> pages.add(v.page()));
    for (int p = 0; p < PAGES; p++) {
      pages.add("page-" + p);
    }
    for (String page : pages) {
      assertEquals(stored.stream().filter(v -> v.page().equals(page)).sorted(order).toList(),
          visits.findByPageAndAtBetween(page, JANUARY, APRIL).stream().sorted(order).toList(), "visits of " + page);
    }
    for (int r = 0; r < REFERRERS; r++) {
      String referrer = "ref-" + r;
      assertEquals(stored.stream().filter(v -> referrer.equals(v.referrer())).sorted(order).toList(),
          visits.findByReferrerAndAtBetween(referrer, JANUARY, APRIL).stream().sorted(order).toList(),
          "visits from " + referrer);
    }
    Visit one = stored.get(stored.size() / 2);
    assertEquals(List.of(one), visits.findByVisitorAndAtBetween(one.visitor(), JANUARY, APRIL));
  }

  private static void assertRows(BulkLoadResult result, Rowan loaded, String period, List<Visit> visits) {
    TableName main = loaded.tableName(period);
    assertEquals(visits.size(), result.rows(main), period + ": " + result.summary());
    assertEquals(visits.size(), result.rows(loaded.tableName(period + ".page")), period + ": " + result.summary());
    assertEquals(visits.stream().filter(v -> v.referrer() != null).count(),
        result.rows(loaded.tableName(period + ".referrer")), period + ": " + result.summary());
    assertTrue(result.rows().containsKey(main), result.summary());
  }

  private static List<String> rejectLines(BulkLoadResult result) throws IOException {
    List<String> lines = new ArrayList<>();
    try (Stream<java.nio.file.Path> files = Files.list(java.nio.file.Path.of(result.rejects().toUri()))) {
      for (java.nio.file.Path file : files.toList()) {
        lines.addAll(Files.readAllLines(file));
      }
    }
    return lines;
  }
}
