package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * The keywords whose conditions are filters (pushed to the region servers where the cells allow,
 * and always checked in the client): random calls on random gauges, nulls, negative numbers and
 * the ends of each type's domain among them, answer like a filter of the same entities in memory,
 * with SQL's nulls (a null matches {@code IsNull} only). Each keyword is asked of the main table
 * (a full scan) and of the site view (a residual condition on a view read), as a find and as a
 * count. Replay a failure with {@code -Drowan.seed=<the printed seed>}.
 */
@HBaseTest
class FilterKeywordsOracleIT {

  /** The same conditions on the main table and, after the site, through the site view. */
  interface Gauges extends HBaseRepository<Gauge> {
    @AllowScan List<Gauge> findByLabelIsNull();

    List<Gauge> findBySiteAndLabelIsNull(String site);

    @AllowScan List<Gauge> findByDeltaIsNotNull();

    List<Gauge> findBySiteAndDeltaIsNotNull(String site);

    @AllowScan List<Gauge> findByDeltaNot(long delta);

    List<Gauge> findBySiteAndDeltaNot(String site, long delta);

    @AllowScan List<Gauge> findByAmountNot(BigDecimal amount);

    List<Gauge> findBySiteAndAmountNot(String site, BigDecimal amount);

    @AllowScan List<Gauge> findByRatioIsNot(double ratio);

    List<Gauge> findBySiteAndRatioIsNot(String site, double ratio);

    @AllowScan List<Gauge> findByKindNotIn(Collection<Gauge.Kind> kinds);

    List<Gauge> findBySiteAndKindNotIn(String site, Collection<Gauge.Kind> kinds);

    @AllowScan List<Gauge> findByLevelIsNotIn(int[] levels);

    List<Gauge> findBySiteAndLevelIsNotIn(String site, int[] levels);

    @AllowScan List<Gauge> findByLabelEndingWith(String suffix);

    List<Gauge> findBySiteAndLabelEndsWith(String site, String suffix);

    @AllowScan List<Gauge> findByLabelContaining(String part);

    List<Gauge> findBySiteAndLabelContains(String site, String part);

    @AllowScan List<Gauge> findByLabelNotContaining(String part);

    List<Gauge> findBySiteAndLabelNotContaining(String site, String part);

    @AllowScan List<Gauge> findByDeltaLessThan(long delta);

    List<Gauge> findBySiteAndDeltaLessThan(String site, long delta);

    @AllowScan List<Gauge> findByLevelGreaterThanEqual(int level);

    List<Gauge> findBySiteAndLevelGreaterThanEqual(String site, int level);

    @AllowScan List<Gauge> findBySmallBetween(short from, short to);

    List<Gauge> findBySiteAndSmallBetween(String site, short from, short to);

    @AllowScan List<Gauge> findByTinyGreaterThan(byte tiny);

    List<Gauge> findBySiteAndTinyGreaterThan(String site, byte tiny);

    @AllowScan List<Gauge> findByLetterLessThanEqual(char letter);

    List<Gauge> findBySiteAndLetterLessThanEqual(String site, char letter);

    @AllowScan List<Gauge> findBySeenAtBefore(Instant at);

    List<Gauge> findBySiteAndSeenAtBefore(String site, Instant at);

    @AllowScan List<Gauge> findByDayAfter(LocalDate day);

    List<Gauge> findBySiteAndDayAfter(String site, LocalDate day);

    @AllowScan List<Gauge> findByTimeBetween(LocalDateTime from, LocalDateTime to);

    List<Gauge> findBySiteAndTimeBetween(String site, LocalDateTime from, LocalDateTime to);

    @AllowScan long countByLabelIsNull();

    long countBySiteAndLabelIsNull(String site);

    @AllowScan long countByDeltaNot(long delta);

    long countBySiteAndDeltaNot(String site, long delta);

    @AllowScan long countByLabelContaining(String part);

    long countBySiteAndLabelContaining(String site, String part);
  }

  private static final List<String> SITES = java.util.Arrays.asList("a", "b", null);
  private static final String[] PIECES = {"a", "A", "b", "-", ".", "*", "\\", "\u00e9", "\uD83D\uDE00"};

  @Test
  void everyFilterKeywordAnswersLikeAFilterInMemoryOnTheMainTableAndThroughAView(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("FilterKeywordsOracleIT seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
    Random random = new Random(seed);
    rowan.schema().create(Gauge.class);
    Gauges gauges = rowan.repository(Gauges.class);
    Map<String, Gauge> all = new LinkedHashMap<>();
    for (int i = 0; i < 300; i++) {
      Gauge gauge = gauge(String.format("g-%03d", i), random);
      all.put(gauge.id(), gauge);
    }
    gauges.saveAll(all.values());
    // views rewritten and rows deleted: the reads see the latest state
    List<String> ids = new ArrayList<>(all.keySet());
    for (int i = 0; i < 60; i++) {
      Gauge gauge = gauge(ids.get(random.nextInt(ids.size())), random);
      gauges.save(gauge);
      all.put(gauge.id(), gauge);
    }
    for (int i = 0; i < 20; i++) {
      String id = ids.get(random.nextInt(ids.size()));
      gauges.deleteByKey(id);
      all.remove(id);
    }
    List<Gauge> data = List.copyOf(all.values());
    for (int round = 0; round < 6; round++) {
      String site = random.nextBoolean() ? "a" : "b";
      Oracle oracle = new Oracle(data, site, "seed " + seed + ", round " + round + ", site " + site);
      long delta = pick(data, Gauge::delta, random, () -> edge(random, Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 1L));
      oracle.check("label is null", g -> g.label() == null, gauges.findByLabelIsNull(),
          gauges.findBySiteAndLabelIsNull(site));
      oracle.check("delta is not null", g -> g.delta() != null, gauges.findByDeltaIsNotNull(),
          gauges.findBySiteAndDeltaIsNotNull(site));
      oracle.check("delta <> " + delta, g -> g.delta() != null && g.delta() != delta, gauges.findByDeltaNot(delta),
          gauges.findBySiteAndDeltaNot(site, delta));
      BigDecimal amount = pick(data, Gauge::amount, random, () -> BigDecimal.ONE).setScale(random.nextInt(3),
          java.math.RoundingMode.HALF_UP); // the same value at another scale: other bytes, equal by value
      oracle.check("amount <> " + amount, g -> g.amount() != null && g.amount().compareTo(amount) != 0,
          gauges.findByAmountNot(amount), gauges.findBySiteAndAmountNot(site, amount));
      double ratio = pick(data, Gauge::ratio, random, () -> Double.NaN);
      oracle.check("ratio <> " + ratio, g -> g.ratio() != null && Double.compare(g.ratio(), ratio) != 0,
          gauges.findByRatioIsNot(ratio), gauges.findBySiteAndRatioIsNot(site, ratio));
      List<Gauge.Kind> kinds = new ArrayList<>();
      for (Gauge.Kind kind : Gauge.Kind.values()) {
        if (random.nextInt(3) == 0) {
          kinds.add(kind);
        }
      }
      oracle.check("kind not in " + kinds, g -> g.kind() != null && !kinds.contains(g.kind()),
          gauges.findByKindNotIn(kinds), gauges.findBySiteAndKindNotIn(site, kinds));
      int[] levels = {pick(data, Gauge::level, random, () -> Integer.MIN_VALUE),
          pick(data, Gauge::level, random, () -> -1)};
      oracle.check("level not in " + java.util.Arrays.toString(levels),
          g -> g.level() != null && g.level() != levels[0] && g.level() != levels[1],
          gauges.findByLevelIsNotIn(levels), gauges.findBySiteAndLevelIsNotIn(site, levels));
      String suffix = part(data, random);
      oracle.check("label ending with '" + suffix + "'", g -> g.label() != null && g.label().endsWith(suffix),
          gauges.findByLabelEndingWith(suffix), gauges.findBySiteAndLabelEndsWith(site, suffix));
      String part = part(data, random);
      oracle.check("label containing '" + part + "'", g -> g.label() != null && g.label().contains(part),
          gauges.findByLabelContaining(part), gauges.findBySiteAndLabelContains(site, part));
      oracle.check("label not containing '" + part + "'", g -> g.label() != null && !g.label().contains(part),
          gauges.findByLabelNotContaining(part), gauges.findBySiteAndLabelNotContaining(site, part));
      oracle.check("delta < " + delta, g -> g.delta() != null && g.delta() < delta, gauges.findByDeltaLessThan(delta),
          gauges.findBySiteAndDeltaLessThan(site, delta));
      int level = pick(data, Gauge::level, random, () -> edge(random, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, 1));
      oracle.check("level >= " + level, g -> g.level() != null && g.level() >= level,
          gauges.findByLevelGreaterThanEqual(level), gauges.findBySiteAndLevelGreaterThanEqual(site, level));
      short a = pick(data, Gauge::small, random, () -> Short.MIN_VALUE);
      short b = pick(data, Gauge::small, random, () -> Short.MAX_VALUE);
      short low = (short) Math.min(a, b);
      short high = (short) Math.max(a, b);
      oracle.check("small between " + low + " and " + high, g -> g.small() != null && g.small() >= low
          && g.small() <= high, gauges.findBySmallBetween(low, high), gauges.findBySiteAndSmallBetween(site, low, high));
      byte tiny = pick(data, Gauge::tiny, random, () -> edge(random, Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0,
          (byte) -1, (byte) 1));
      oracle.check("tiny > " + tiny, g -> g.tiny() != null && g.tiny() > tiny, gauges.findByTinyGreaterThan(tiny),
          gauges.findBySiteAndTinyGreaterThan(site, tiny));
      char letter = pick(data, Gauge::letter, random, () -> '\u8000');
      oracle.check("letter <= " + (int) letter, g -> g.letter() != null && g.letter() <= letter,
          gauges.findByLetterLessThanEqual(letter), gauges.findBySiteAndLetterLessThanEqual(site, letter));
      Instant at = pick(data, Gauge::seenAt, random, () -> edge(random, Instant.MIN, Instant.MAX, Instant.EPOCH,
          Instant.EPOCH.minusNanos(1), Instant.EPOCH.plusNanos(1)));
      oracle.check("seenAt before " + at, g -> g.seenAt() != null && g.seenAt().isBefore(at),
          gauges.findBySeenAtBefore(at), gauges.findBySiteAndSeenAtBefore(site, at));
      LocalDate day = pick(data, Gauge::day, random, () -> edge(random, LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH,
          LocalDate.EPOCH.minusDays(1), LocalDate.EPOCH.plusDays(1)));
      oracle.check("day after " + day, g -> g.day() != null && g.day().isAfter(day), gauges.findByDayAfter(day),
          gauges.findBySiteAndDayAfter(site, day));
      LocalDateTime t1 = pick(data, Gauge::time, random, () -> LocalDateTime.MIN);
      LocalDateTime t2 = pick(data, Gauge::time, random, () -> LocalDateTime.MAX);
      LocalDateTime from = t1.isBefore(t2) ? t1 : t2;
      LocalDateTime to = t1.isBefore(t2) ? t2 : t1;
      oracle.check("time between " + from + " and " + to, g -> g.time() != null && !g.time().isBefore(from)
          && !g.time().isAfter(to), gauges.findByTimeBetween(from, to), gauges.findBySiteAndTimeBetween(site, from, to));
      oracle.count("label is null", g -> g.label() == null, gauges.countByLabelIsNull(),
          gauges.countBySiteAndLabelIsNull(site));
      oracle.count("delta <> " + delta, g -> g.delta() != null && g.delta() != delta, gauges.countByDeltaNot(delta),
          gauges.countBySiteAndDeltaNot(site, delta));
      oracle.count("label containing '" + part + "'", g -> g.label() != null && g.label().contains(part),
          gauges.countByLabelContaining(part), gauges.countBySiteAndLabelContaining(site, part));
    }
  }

  /** An entity without views: a count on its main table reads keys and the tested columns only. */
  @Table(name = "plain_gauges")
  record PlainGauge(@RowKey String id, String label, Long delta) {}

  interface PlainGauges extends HBaseRepository<PlainGauge> {
    @AllowScan long countByLabelIsNull();

    @AllowScan long countByLabelIsNotNull();

    @AllowScan long countByDeltaIsNullAndLabelNot(String label);

    @AllowScan List<PlainGauge> findByLabelIsNull();
  }

  @Test
  void aCountOfIsNullOnAnEntityWithoutViewsCountsTheRowsWithoutTheColumn(Rowan rowan) {
    rowan.schema().create(PlainGauge.class);
    PlainGauges plain = rowan.repository(PlainGauges.class);
    plain.saveAll(List.of(new PlainGauge("p-1", null, 5L), new PlainGauge("p-2", "x", null),
        new PlainGauge("p-3", null, null), new PlainGauge("p-4", "y", 7L)));

    assertEquals(List.of("p-1", "p-3"), plain.findByLabelIsNull().stream().map(PlainGauge::id).sorted().toList());
    assertEquals(2, plain.countByLabelIsNotNull());
    assertEquals(1, plain.countByDeltaIsNullAndLabelNot("y"), "p-2: a delta absent, a label present");
    assertEquals(2, plain.countByLabelIsNull(), "p-1 and p-3 have no label cell; a count that reads only the label"
        + " column never sees their rows");
  }

  /** The expected answers of one round: the data filtered in memory, all of it and the site's. */
  private record Oracle(List<Gauge> data, String site, String context) {

    void check(String condition, Predicate<Gauge> expected, List<Gauge> main, List<Gauge> view) {
      assertEquals(ids(data.stream().filter(expected).toList()), ids(main), context + ": main table, " + condition);
      assertEquals(ids(data.stream().filter(g -> site.equals(g.site())).filter(expected).toList()), ids(view),
          context + ": view, " + condition);
    }

    void count(String condition, Predicate<Gauge> expected, long main, long view) {
      assertEquals(data.stream().filter(expected).count(), main, context + ": count of the main table, " + condition);
      assertEquals(data.stream().filter(g -> site.equals(g.site())).filter(expected).count(), view,
          context + ": count through the view, " + condition);
    }

    private static List<String> ids(List<Gauge> gauges) {
      return gauges.stream().map(Gauge::id).sorted(Comparator.naturalOrder()).toList();
    }
  }

  private static Gauge gauge(String id, Random random) {
    return new Gauge(id, SITES.get(random.nextInt(SITES.size())),
        nullable(random, () -> edge(random, Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L,
            random.nextBoolean() ? random.nextLong() : (long) random.nextInt(201) - 100)),
        nullable(random, () -> edge(random, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, -1, random.nextInt())),
        nullable(random, () -> edge(random, Short.MIN_VALUE, Short.MAX_VALUE, (short) 0, (short) -1,
            (short) random.nextInt())),
        nullable(random, () -> edge(random, Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 0, (byte) -1,
            (byte) random.nextInt())),
        nullable(random, () -> edge(random, '\0', '\uFFFF', '\u7FFF', '\u8000', (char) random.nextInt(0x10000))),
        nullable(random, () -> edge(random, Instant.MIN, Instant.MAX, Instant.EPOCH, Instant.EPOCH.minusNanos(1),
            Instant.ofEpochSecond(random.nextInt(2001) - 1000, random.nextInt(1_000_000_000)))),
        nullable(random, () -> edge(random, LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH,
            LocalDate.EPOCH.minusDays(1), LocalDate.ofEpochDay(random.nextInt(2001) - 1000))),
        nullable(random, () -> edge(random, LocalDateTime.MIN, LocalDateTime.MAX,
            LocalDateTime.ofEpochSecond(-1, 999_999_999, ZoneOffset.UTC),
            LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC),
            LocalDateTime.ofEpochSecond(random.nextInt(2001) - 1000, random.nextInt(1_000_000_000), ZoneOffset.UTC))),
        nullable(random, () -> text(random, 5)),
        nullable(random, () -> new BigDecimal(java.math.BigInteger.valueOf(random.nextInt(7) - 3), random.nextInt(3))),
        nullable(random, () -> new double[] {-0.0, 0.0, Double.NaN, -1.5, 2.25, Double.NEGATIVE_INFINITY}
            [random.nextInt(6)]),
        nullable(random, () -> Gauge.Kind.values()[random.nextInt(Gauge.Kind.values().length)]));
  }

  /** Null one time in five, else a value. */
  private static <T> T nullable(Random random, java.util.function.Supplier<T> value) {
    return random.nextInt(5) == 0 ? null : value.get();
  }

  /** One of the four ends and turning points of a domain one time in two, else {@code other}. */
  @SafeVarargs
  private static <T> T edge(Random random, T... choices) {
    // the last choice is the ordinary value; the others are the edges
    return random.nextBoolean() ? choices[random.nextInt(choices.length - 1)] : choices[choices.length - 1];
  }

  /** A value some gauge holds, or one from {@code otherwise}: arguments that hit the data and that miss it. */
  private static <T> T pick(List<Gauge> data, java.util.function.Function<Gauge, T> property, Random random,
      java.util.function.Supplier<T> otherwise) {
    if (random.nextInt(3) > 0) {
      List<T> held = data.stream().map(property).filter(Objects::nonNull).toList();
      if (!held.isEmpty()) {
        return held.get(random.nextInt(held.size()));
      }
    }
    return otherwise.get();
  }

  /** A piece of a label some gauge holds, or a random one, never splitting a surrogate pair. */
  private static String part(List<Gauge> data, Random random) {
    List<String> labels = data.stream().map(Gauge::label).filter(Objects::nonNull).filter(l -> !l.isEmpty()).toList();
    if (labels.isEmpty() || random.nextInt(4) == 0) {
      return text(random, 2);
    }
    int[] points = labels.get(random.nextInt(labels.size())).codePoints().toArray();
    int from = random.nextInt(points.length);
    int to = from + 1 + random.nextInt(Math.min(2, points.length - from));
    return new String(points, from, to - from);
  }

  private static String text(Random random, int length) {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(length + 1); i > 0; i--) {
      text.append(PIECES[random.nextInt(PIECES.length)]);
    }
    return text.toString();
  }
}
