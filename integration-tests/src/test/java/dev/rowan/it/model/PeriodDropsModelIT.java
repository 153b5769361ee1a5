package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.it.Reading;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * One table per day ({@code @TablePerPeriod}, keep 3) with a full-copy view on (kind, day), over
 * the four days up to today, the oldest of which has expired: besides the scenario's writes and
 * queries, a walk of pages across the days during which {@code schema().dropExpiredPeriods} drops
 * the expired day's tables between two pages; the pages after the drop continue where the first
 * ended, with the entities of the days left (the dropped day's are gone from the model too), and
 * the day's tables are then made again, empty. Each drop deletes and creates tables, so a run
 * drops at most {@code -Drowan.model.period.drops=N} times (once by default).
 */
class PeriodDropsModelIT extends ModelScenario {

  static final int DROPS = Integer.getInteger("rowan.model.period.drops", 1);

  @Table(name = "readings")
  @TablePerPeriod(property = "day", every = ChronoUnit.DAYS, keep = 3, ahead = 0)
  @Index(name = "kind", key = {"kind", "day"})
  record Reading(
      @RowKey(order = 0) String sensor,
      @RowKey(order = 1) LocalDate day,
      @RowKey(order = 2) int seq,
      @Column(name = "k") String kind,
      @Column(name = "v") Integer value) {}

  interface Readings extends HBaseRepository<Reading> {
    boolean updateKindBySensorAndDayAndSeq(String kind, String sensor, LocalDate day, int seq);

    Integer addToValueBySensorAndDayAndSeq(int delta, String sensor, LocalDate day, int seq);

    List<Reading> findBySensorAndDayBetween(String sensor, LocalDate from, LocalDate to);

    Page<Reading> findByDayBetween(LocalDate from, LocalDate to, PageRequest page);

    Page<Reading> findByKindAndDayBetween(String kind, LocalDate from, LocalDate to, PageRequest page);

    Stream<Reading> streamByKindAndDayBetween(String kind, LocalDate from, LocalDate to);

    long countByDayBetween(LocalDate from, LocalDate to);

    long deleteByKindAndDayBetween(String kind, LocalDate from, LocalDate to);
  }

  static final List<String> SENSORS = List.of("s1", "s2");
  static final List<String> KINDS = List.of("heat", "wind");

  @Override
  Shape<?, ?> shape() {
    return new ReadingsShape(LocalDate.now(ZoneOffset.UTC));
  }

  static final class ReadingsShape extends Shape<Reading, Readings> {

    private final LocalDate today;
    /** The first day of the run: expired (keep 3 is today and the two days before). */
    private final LocalDate first;
    private Rowan rowan;
    private int drops;

    ReadingsShape(LocalDate today) {
      super(Reading.class);
      this.today = today;
      this.first = today.minusDays(3);
      query("findBySensorAndDayBetween", (repo, r, m, v) -> {
        String sensor = pick(r, SENSORS);
        LocalDate[] range = range(r);
        v.inOrder(call("findBySensorAndDayBetween", sensor, range[0], range[1]),
            byDay(m.where(x -> x.sensor().equals(sensor) && within(x, range))),
            repo.findBySensorAndDayBetween(sensor, range[0], range[1]));
      });
      query("findByDayBetween (pages)", (repo, r, m, v) -> {
        LocalDate[] range = range(r);
        List<Reading> expected = byDay(m.where(x -> within(x, range)));
        String call = call("findByDayBetween", range[0], range[1], "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByDayBetween(range[0], range[1], p)));
      });
      query("findByKindAndDayBetween (view, pages)", (repo, r, m, v) -> {
        String kind = pick(r, KINDS);
        LocalDate[] range = range(r);
        List<Reading> expected = byDay(m.where("kind", x -> kind.equals(x.kind()) && within(x, range)));
        String call = call("findByKindAndDayBetween", kind, range[0], range[1], "pages");
        v.inOrder(call, expected,
            v.pages(call, r, expected.size(), p -> repo.findByKindAndDayBetween(kind, range[0], range[1], p)));
      });
      query("streamByKindAndDayBetween (view)", (repo, r, m, v) -> {
        String kind = pick(r, KINDS);
        LocalDate[] range = range(r);
        v.inOrder(call("streamByKindAndDayBetween", kind, range[0], range[1]),
            byDay(m.where("kind", x -> kind.equals(x.kind()) && within(x, range))),
            Verdict.list(repo.streamByKindAndDayBetween(kind, range[0], range[1])));
      });
      query("countByDayBetween", (repo, r, m, v) -> {
        LocalDate[] range = range(r);
        v.same(call("countByDayBetween", range[0], range[1]), m.where(x -> within(x, range)).size(),
            repo.countByDayBetween(range[0], range[1]));
      });
      queryThatWrites("findByDayBetween (pages, the expired day dropped between two pages)", (repo, r, m, v) -> {
        LocalDate[] range = range(r);
        dropBetweenPages(m, v, r, call("findByDayBetween", range[0], range[1], "pages"), null,
            x -> within(x, range), p -> repo.findByDayBetween(range[0], range[1], p));
      });
      queryThatWrites("findByKindAndDayBetween (view, pages, the expired day dropped between two pages)",
          (repo, r, m, v) -> {
            String kind = pick(r, KINDS);
            LocalDate[] range = range(r);
            dropBetweenPages(m, v, r, call("findByKindAndDayBetween", kind, range[0], range[1], "pages"), "kind",
                x -> kind.equals(x.kind()) && within(x, range), p -> repo.findByKindAndDayBetween(kind, range[0], range[1], p));
          });
      deletion("deleteByKindAndDayBetween", (repo, r) -> {
        String kind = pick(r, KINDS);
        LocalDate[] range = range(r);
        return deleting(call("deleteByKindAndDayBetween", kind, range[0], range[1]),
            x -> kind.equals(x.kind()) && within(x, range), x -> repo.deleteByKindAndDayBetween(kind, range[0], range[1]));
      });
    }

    /**
     * Reads the first page, drops the expired day (while the run has drops left), and walks the
     * pages left: they hold the matching entities after the first page's last, without the dropped
     * day's. Then makes the dropped day's tables again.
     */
    private void dropBetweenPages(Model<Reading> m, Verdict<Reading> v, Random r, String call, String view,
        Predicate<Reading> matches, Function<PageRequest, Page<Reading>> query) {
      Comparator<Reading> order = Comparator.comparing(Reading::day)
          .thenComparing(view == null ? entities.keyOrder() : entities.viewOrder(view));
      List<Reading> before = byDay(view == null ? m.where(matches) : m.where(view, matches));
      PageRequest request = PageRequest.of(1 + r.nextInt(3));
      Page<Reading> page = query.apply(request);
      v.inOrder(call + " page 0", before.subList(0, Math.min(request.size(), before.size())), page.content());
      if (page.next() == null || drops >= DROPS) {
        return;
      }
      drops++;
      List<LocalDate> dropped = rowan.schema().dropExpiredPeriods(Reading.class);
      v.same("dropExpiredPeriods", List.of(first), dropped);
      for (Reading gone : m.where(x -> dropped.contains(x.day()))) {
        m.remove(gone);
      }
      Reading last = page.content().get(page.content().size() - 1);
      List<Reading> rest = byDay(view == null ? m.where(matches) : m.where(view, matches)).stream()
          .filter(x -> order.compare(x, last) > 0).toList();
      String after = call + " after page 0, " + first + " dropped";
      v.inOrder(after, rest, v.pages(after, r, rest.size(), query,
          new PageRequest(1 + r.nextInt(4), page.next().continuation())));
      System.out.println("PeriodDropsModelIT: " + dropped + " dropped after page 0 (" + page.content().size()
          + " entities) of " + call + "; " + rest.size() + " entities on the pages after");
      rowan.schema().createPeriods(Reading.class, first, today);
    }

    private LocalDate day(Random r) {
      return today.minusDays(r.nextInt(4));
    }

    /** Two bounds, the lower first: days of the run, or beyond them. */
    private LocalDate[] range(Random r) {
      LocalDate a = today.minusDays(r.nextInt(7) - 1);
      LocalDate b = today.minusDays(r.nextInt(7) - 1);
      return a.isAfter(b) ? new LocalDate[] {b, a} : new LocalDate[] {a, b};
    }

    private static boolean within(Reading x, LocalDate[] range) {
      return !x.day().isBefore(range[0]) && !x.day().isAfter(range[1]);
    }

    /** A day after another, oldest first, each day in its own order: how a call without an order reads. */
    private static List<Reading> byDay(List<Reading> ordered) {
      List<Reading> sorted = new ArrayList<>(ordered);
      sorted.sort(Comparator.comparing(Reading::day));
      return sorted;
    }

    @Override
    Class<Readings> repository() {
      return Readings.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    void createTables(Rowan rowan) {
      this.rowan = rowan;
      rowan.schema().createPeriods(Reading.class, first, today);
    }

    @Override
    List<Reading> inScanOrder(List<Reading> keyOrdered) {
      return byDay(keyOrdered);
    }

    @Override
    Reading create(Random r, Reading keyOf) {
      return new Reading(keyOf == null ? pick(r, SENSORS) : keyOf.sensor(), keyOf == null ? day(r) : keyOf.day(),
          keyOf == null ? r.nextInt(3) : keyOf.seq(), orNull(r, 5, pick(r, KINDS)), orNull(r, 4, r.nextInt(10)));
    }
  }
}
