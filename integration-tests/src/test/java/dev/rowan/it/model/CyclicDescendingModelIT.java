package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * Tall, unsalted, keyed [day][url] with {@code day} a {@code @Cyclic @Descending} date in a cycle of
 * 16 days (the TTL rule's shortest for a family kept one day: 1 + 2 x 7 &lt; 16), so that the key
 * leads with the position in the cycle, latest first, then the cycle, latest first; a full-copy view
 * keyed [url][day] carries the same transform after a column. Days lie in five cycles, before the
 * epoch and at {@code LocalDate.MIN} and {@code MAX}, at positions every cycle shares. Ranges within
 * a cycle on the leading part (forward and reversed scans, pages, limits, counts, deletes) and
 * through the view, an {@code OrderBy} across cycles, and ranges across cycles refused; half the
 * steps are batches of mostly new keys.
 */
class CyclicDescendingModelIT extends ModelScenario {

  static final long DAYS = 16;

  @Table(name = "cyclic_hits")
  @Family(name = "d", ttlSeconds = 86_400)
  @Index(name = "byUrl", key = {"url", "day"})
  record Hit(
      @RowKey(order = 0) @Cyclic(period = "P16D") @Descending LocalDate day,
      @RowKey(order = 1) String site,
      @Column(name = "u") String url,
      @Column(name = "n") Long hits) {}

  interface Hits extends HBaseRepository<Hit> {
    List<Hit> findByDay(LocalDate day);

    List<Hit> findByDayIn(List<LocalDate> days);

    List<Hit> findByDayBetween(LocalDate from, LocalDate to);

    List<Hit> findByDayBetweenOrderByDayAsc(LocalDate from, LocalDate to);

    Page<Hit> findByDayBetween(LocalDate from, LocalDate to, PageRequest page);

    List<Hit> findTop2ByDayBetween(LocalDate from, LocalDate to);

    long countByDayBetween(LocalDate from, LocalDate to);

    List<Hit> findByUrl(String url);

    List<Hit> findByUrlAndDayBetween(String url, LocalDate from, LocalDate to);

    List<Hit> findByUrlOrderByDayDesc(String url);

    List<Hit> findFirst2ByUrlOrderByDayAsc(String url);

    long deleteByDayBetween(LocalDate from, LocalDate to);

    long deleteByUrlAndDayBetween(String url, LocalDate from, LocalDate to);
  }

  static final List<String> SITES = List.of("a", "b");
  static final List<String> URLS = List.of("/x", "/y");
  static final List<Long> CYCLES = List.of(-3L, -1L, 0L, 1L, 1293L);
  static final List<Long> POSITIONS = List.of(0L, 1L, DAYS / 2, DAYS - 1);
  static final List<LocalDate> DAYS_KEPT = days();
  static final List<LocalDate> BOUNDS = bounds();

  private static List<LocalDate> days() {
    List<LocalDate> days = new ArrayList<>();
    for (long cycle : CYCLES) {
      for (long position : POSITIONS) {
        days.add(LocalDate.ofEpochDay(cycle * DAYS + position));
      }
    }
    days.add(LocalDate.MIN);
    days.add(LocalDate.MAX);
    return List.copyOf(days);
  }

  private static List<LocalDate> bounds() {
    List<LocalDate> bounds = new ArrayList<>();
    for (LocalDate day : DAYS_KEPT) {
      bounds.add(day);
      add(bounds, () -> day.minusDays(1));
      add(bounds, () -> day.plusDays(1));
      add(bounds, () -> day.plusDays(5));
    }
    return List.copyOf(bounds);
  }

  private static void add(List<LocalDate> bounds, Supplier<LocalDate> bound) {
    try {
      bounds.add(bound.get());
    } catch (java.time.DateTimeException outside) {
      // beyond LocalDate.MIN or MAX
    }
  }

  static long cycle(LocalDate day) {
    return Math.floorDiv(day.toEpochDay(), DAYS);
  }

  static LocalDate[] withinCycle(Random r) {
    LocalDate from = Shape.pick(r, BOUNDS);
    List<LocalDate> same = BOUNDS.stream().filter(b -> cycle(b) == cycle(from)).toList();
    LocalDate to = r.nextInt(6) == 0 ? from : Shape.pick(r, same);
    return from.isAfter(to) ? new LocalDate[] {to, from} : new LocalDate[] {from, to};
  }

  static LocalDate[] acrossCycles(Random r) {
    while (true) {
      LocalDate a = Shape.pick(r, BOUNDS);
      LocalDate b = Shape.pick(r, BOUNDS);
      if (cycle(a) != cycle(b)) {
        return a.isAfter(b) ? new LocalDate[] {b, a} : new LocalDate[] {a, b};
      }
    }
  }

  static boolean between(LocalDate day, LocalDate[] range) {
    return !day.isBefore(range[0]) && !day.isAfter(range[1]);
  }

  @Override
  Shape<?, ?> shape() {
    return new HitsShape();
  }

  static final class HitsShape extends Shape<Hit, Hits> {

    private static final Comparator<Hit> BY_DAY = Comparator.comparing(Hit::day);

    HitsShape() {
      super(Hit.class);
      query("findByDay", (repo, r, m, v) -> {
        LocalDate day = pick(r, DAYS_KEPT);
        v.inOrder(call("findByDay", day), m.where(h -> h.day().equals(day)), repo.findByDay(day));
      });
      query("findByDayIn", (repo, r, m, v) -> {
        List<LocalDate> days = List.of(pick(r, DAYS_KEPT), pick(r, DAYS_KEPT), pick(r, BOUNDS));
        v.anyOrder(call("findByDayIn", days), m.where(h -> days.contains(h.day())), repo.findByDayIn(days));
      });
      query("findByDayBetween (within a cycle, latest first)", (repo, r, m, v) -> {
        LocalDate[] range = withinCycle(r);
        v.inOrder(call("findByDayBetween", range[0], range[1]), m.where(h -> between(h.day(), range)),
            repo.findByDayBetween(range[0], range[1]));
      });
      query("findByDayBetween (across cycles: refused)", (repo, r, m, v) -> {
        LocalDate[] range = acrossCycles(r);
        v.refused(call("findByDayBetween", range[0], range[1]), "the range " + range[0] + " to " + range[1],
            () -> repo.findByDayBetween(range[0], range[1]));
      });
      query("findByDayBetweenOrderByDayAsc (reversed scan)", (repo, r, m, v) -> {
        LocalDate[] range = withinCycle(r);
        v.sorted(call("findByDayBetweenOrderByDayAsc", range[0], range[1]), m.where(h -> between(h.day(), range)),
            BY_DAY, Integer.MAX_VALUE, repo.findByDayBetweenOrderByDayAsc(range[0], range[1]));
      });
      query("findByDayBetween (PageRequest)", (repo, r, m, v) -> {
        LocalDate[] range = withinCycle(r);
        List<Hit> expected = m.where(h -> between(h.day(), range));
        String call = call("findByDayBetween", range[0], range[1], "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByDayBetween(range[0], range[1], p)));
      });
      query("findTop2ByDayBetween", (repo, r, m, v) -> {
        LocalDate[] range = withinCycle(r);
        List<Hit> all = m.where(h -> between(h.day(), range));
        v.inOrder(call("findTop2ByDayBetween", range[0], range[1]), all.subList(0, Math.min(2, all.size())),
            repo.findTop2ByDayBetween(range[0], range[1]));
      });
      query("countByDayBetween", (repo, r, m, v) -> {
        LocalDate[] range = withinCycle(r);
        v.same(call("countByDayBetween", range[0], range[1]), m.where(h -> between(h.day(), range)).size(),
            repo.countByDayBetween(range[0], range[1]));
      });
      query("findByUrl (view order: position latest first, then cycle)", (repo, r, m, v) -> {
        String url = pick(r, URLS);
        v.inOrder(call("findByUrl", url), m.where("byUrl", h -> url.equals(h.url())), repo.findByUrl(url));
      });
      query("findByUrlAndDayBetween (view, within a cycle)", (repo, r, m, v) -> {
        String url = pick(r, URLS);
        LocalDate[] range = withinCycle(r);
        v.inOrder(call("findByUrlAndDayBetween", url, range[0], range[1]),
            m.where("byUrl", h -> url.equals(h.url()) && between(h.day(), range)),
            repo.findByUrlAndDayBetween(url, range[0], range[1]));
      });
      query("findByUrlAndDayBetween (view, across cycles: refused)", (repo, r, m, v) -> {
        String url = pick(r, URLS);
        LocalDate[] range = acrossCycles(r);
        v.refused(call("findByUrlAndDayBetween", url, range[0], range[1]), "the range " + range[0] + " to " + range[1],
            () -> repo.findByUrlAndDayBetween(url, range[0], range[1]));
      });
      query("findByUrlOrderByDayDesc (time order, across cycles)", (repo, r, m, v) -> {
        String url = pick(r, URLS);
        v.sorted(call("findByUrlOrderByDayDesc", url), m.where(h -> url.equals(h.url())), BY_DAY.reversed(),
            Integer.MAX_VALUE, repo.findByUrlOrderByDayDesc(url));
      });
      query("findFirst2ByUrlOrderByDayAsc (the earliest, across cycles)", (repo, r, m, v) -> {
        String url = pick(r, URLS);
        v.sorted(call("findFirst2ByUrlOrderByDayAsc", url), m.where(h -> url.equals(h.url())), BY_DAY, 2,
            repo.findFirst2ByUrlOrderByDayAsc(url));
      });
      deletion("deleteByDayBetween (within a cycle)", (repo, r) -> {
        LocalDate[] range = withinCycle(r);
        return deleting(call("deleteByDayBetween", range[0], range[1]), h -> between(h.day(), range),
            x -> repo.deleteByDayBetween(range[0], range[1]));
      });
      deletion("deleteByUrlAndDayBetween (view, within a cycle)", (repo, r) -> {
        String url = pick(r, URLS);
        LocalDate[] range = withinCycle(r);
        return deleting(call("deleteByUrlAndDayBetween", url, range[0], range[1]),
            h -> url.equals(h.url()) && between(h.day(), range), x -> repo.deleteByUrlAndDayBetween(url, range[0], range[1]));
      });
    }


    /** Mostly new keys in batches, so that saves guess their entities new (and some guess wrong). */
    @Override
    boolean mostlyInserts() {
      return true;
    }

    @Override
    Class<Hits> repository() {
      return Hits.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    Hit create(Random r, Hit k) {
      String url = orNull(r, 3, pick(r, URLS));
      Long hits = orNull(r, 3, (long) r.nextInt(3));
      return k == null ? new Hit(pick(r, DAYS_KEPT), pick(r, SITES), url, hits) : new Hit(k.day(), k.site(), url, hits);
    }
  }
}
