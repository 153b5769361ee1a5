package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.core.Sort;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import dev.rowan.mapping.annotation.Version;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;

/**
 * One table per month ({@code @TablePerPeriod}), salted in 3 buckets, {@code @Version}, a full-copy
 * view on (category, at) and a unique view on (ref, at), over four months whose times sit on the
 * months' edges (the last millisecond of a month, the first of the next): every query reads the
 * months its bounds on {@code at} span and must answer as one table would, a month after another.
 */
class PeriodTablesModelIT extends ModelScenario {

  @Table(name = "events", salt = @Salt(buckets = 3))
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS, keep = 6)
  @Index(name = "cat", key = {"category", "at"})
  @Index(name = "ref", key = {"ref", "at"}, unique = true)
  record Event(
      @RowKey(order = 0) String device,
      @RowKey(order = 1) Instant at,
      @Column(name = "c") String category,
      @Column(name = "r") String ref,
      @Column(name = "n") Integer count,
      @Version Long version) {}

  interface Events extends HBaseRepository<Event> {
    boolean updateCategoryByDeviceAndAt(String category, String device, Instant at);

    Integer addToCountByDeviceAndAt(int delta, String device, Instant at);

    List<Event> findByDeviceAndAtBetween(String device, Instant from, Instant to);

    List<Event> findByDeviceAndAtBetweenOrderByAtDesc(String device, Instant from, Instant to);

    List<Event> findByCategoryAndAtAfter(String category, Instant after);

    List<Event> findTop3ByCategoryAndAtBeforeOrderByAtDesc(String category, Instant before);

    Optional<Event> findFirstByDeviceAndAtBeforeOrderByAtDesc(String device, Instant before);

    Page<Event> findByCategoryAndAtGreaterThanEqual(String category, Instant at, PageRequest page);

    Page<Event> findByDeviceAndAtLessThanEqualOrderByAtDesc(String device, Instant at, PageRequest page);

    long countByAtBetween(Instant from, Instant to);

    boolean existsByRefAndAt(String ref, Instant at);

    List<Event> findByRefAndAtBetween(String ref, Instant from, Instant to);

    List<Event> findByAtIn(List<Instant> times);

    Stream<Event> streamByDeviceAndAtLessThan(String device, Instant before);

    List<Event> findByDeviceAndAtAfterOrCategoryAndAtBefore(String device, Instant after, String category,
        Instant before);

    List<Event> findByDeviceAndAtAfter(String device, Instant after, Sort sort);

    Optional<Event> findByDeviceAndAt(String device, Instant at);

    long deleteByCategoryAndAtBetween(String category, Instant from, Instant to);
  }

  static final List<String> DEVICES = List.of("d1", "d2", "d3");
  static final List<String> CATEGORIES = List.of("a", "b");
  static final List<String> REFS = List.of("r1", "r2", "r3");
  /** Times on the edges of January to April 2025. */
  static final List<Instant> TIMES = List.of(Instant.parse("2025-01-31T23:59:59.999Z"),
      Instant.parse("2025-02-01T00:00:00Z"), Instant.parse("2025-02-14T12:00:00Z"),
      Instant.parse("2025-02-28T23:59:59.999Z"), Instant.parse("2025-03-01T00:00:00Z"),
      Instant.parse("2025-03-31T23:59:59.999Z"), Instant.parse("2025-04-01T00:00:00Z"));

  /** A bound of a query: a time of an entity, a millisecond either side, or beyond every month. */
  static Instant bound(Random random) {
    return switch (random.nextInt(6)) {
      case 0 -> Shape.pick(random, TIMES).minusMillis(1);
      case 1 -> Shape.pick(random, TIMES).plusMillis(1);
      case 2 -> Shape.pick(random, Instant.parse("2024-12-15T00:00:00Z"), Instant.parse("2025-05-15T00:00:00Z"));
      default -> Shape.pick(random, TIMES);
    };
  }

  /** Two bounds, the lower first. */
  static Instant[] range(Random random) {
    Instant a = bound(random);
    Instant b = bound(random);
    return a.isAfter(b) ? new Instant[] {b, a} : new Instant[] {a, b};
  }

  static LocalDate month(Event event) {
    return LocalDate.ofInstant(event.at(), ZoneOffset.UTC).withDayOfMonth(1);
  }

  /** {@code ordered} (in some key order), a month after another, oldest first: how a call without an order reads. */
  static List<Event> byMonth(List<Event> ordered) {
    List<Event> sorted = new ArrayList<>(ordered);
    sorted.sort(Comparator.comparing(PeriodTablesModelIT::month)); // stable: each month keeps its key order
    return sorted;
  }

  static boolean within(Event event, Instant from, Instant to) {
    return !event.at().isBefore(from) && !event.at().isAfter(to);
  }

  @Override
  Shape<?, ?> shape() {
    return new EventsShape();
  }

  static final class EventsShape extends Shape<Event, Events> {

    EventsShape() {
      super(Event.class);
      Comparator<Event> newestFirst = Comparator.comparing(Event::at).reversed();
      query("findByDeviceAndAtBetween", (repo, r, m, v) -> {
        String d = pick(r, DEVICES);
        Instant[] range = range(r);
        Instant from = range[0];
        Instant to = range[1];
        v.inOrder(call("findByDeviceAndAtBetween", d, from, to),
            byMonth(m.where(e -> e.device().equals(d) && within(e, from, to))), repo.findByDeviceAndAtBetween(d, from, to));
      });
      query("findByDeviceAndAtBetweenOrderByAtDesc", (repo, r, m, v) -> {
        String d = pick(r, DEVICES);
        Instant[] range = range(r);
        Instant from = range[0];
        Instant to = range[1];
        v.sorted(call("findByDeviceAndAtBetweenOrderByAtDesc", d, from, to),
            m.where(e -> e.device().equals(d) && within(e, from, to)), newestFirst, Integer.MAX_VALUE,
            repo.findByDeviceAndAtBetweenOrderByAtDesc(d, from, to));
      });
      query("findByCategoryAndAtAfter (view)", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Instant after = bound(r);
        v.inOrder(call("findByCategoryAndAtAfter", c, after),
            byMonth(m.where("cat", e -> c.equals(e.category()) && e.at().isAfter(after))),
            repo.findByCategoryAndAtAfter(c, after));
      });
      query("findTop3ByCategoryAndAtBeforeOrderByAtDesc", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Instant before = bound(r);
        v.sorted(call("findTop3ByCategoryAndAtBeforeOrderByAtDesc", c, before),
            m.where(e -> c.equals(e.category()) && e.at().isBefore(before)), newestFirst, 3,
            repo.findTop3ByCategoryAndAtBeforeOrderByAtDesc(c, before));
      });
      query("findFirstByDeviceAndAtBeforeOrderByAtDesc", (repo, r, m, v) -> {
        String d = pick(r, DEVICES);
        Instant before = bound(r);
        v.sorted(call("findFirstByDeviceAndAtBeforeOrderByAtDesc", d, before),
            m.where(e -> e.device().equals(d) && e.at().isBefore(before)), newestFirst, 1,
            repo.findFirstByDeviceAndAtBeforeOrderByAtDesc(d, before).stream().toList());
      });
      query("findByCategoryAndAtGreaterThanEqual(PageRequest) (view)", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Instant at = bound(r);
        List<Event> expected = byMonth(m.where("cat", e -> c.equals(e.category()) && !e.at().isBefore(at)));
        String call = call("findByCategoryAndAtGreaterThanEqual", c, at, "pages");
        v.inOrder(call, expected,
            v.pages(call, r, expected.size(), p -> repo.findByCategoryAndAtGreaterThanEqual(c, at, p)));
      });
      query("findByDeviceAndAtLessThanEqualOrderByAtDesc(PageRequest)", (repo, r, m, v) -> {
        String d = pick(r, DEVICES);
        Instant at = bound(r);
        List<Event> expected = new ArrayList<>(m.where(e -> e.device().equals(d) && !e.at().isAfter(at)));
        expected.sort(newestFirst);
        String call = call("findByDeviceAndAtLessThanEqualOrderByAtDesc", d, at, "pages");
        v.inOrder(call, expected,
            v.pages(call, r, expected.size(), p -> repo.findByDeviceAndAtLessThanEqualOrderByAtDesc(d, at, p)));
      });
      query("countByAtBetween (each month's table read whole)", (repo, r, m, v) -> {
        Instant[] range = range(r);
        Instant from = range[0];
        Instant to = range[1];
        v.same(call("countByAtBetween", from, to), m.where(e -> within(e, from, to)).size(),
            repo.countByAtBetween(from, to));
      });
      query("existsByRefAndAt (unique view)", (repo, r, m, v) -> {
        String ref = pick(r, REFS);
        Instant at = pick(r, TIMES);
        v.same(call("existsByRefAndAt", ref, at), !m.where(e -> ref.equals(e.ref()) && e.at().equals(at)).isEmpty(),
            repo.existsByRefAndAt(ref, at));
      });
      query("findByRefAndAtBetween (unique view)", (repo, r, m, v) -> {
        String ref = pick(r, REFS);
        Instant[] range = range(r);
        Instant from = range[0];
        Instant to = range[1];
        v.inOrder(call("findByRefAndAtBetween", ref, from, to),
            byMonth(m.where("ref", e -> ref.equals(e.ref()) && within(e, from, to))),
            repo.findByRefAndAtBetween(ref, from, to));
      });
      query("findByAtIn (the months of its values)", (repo, r, m, v) -> {
        List<Instant> times = List.of(bound(r), bound(r), bound(r));
        v.inOrder(call("findByAtIn", times), byMonth(m.where(e -> times.contains(e.at()))), repo.findByAtIn(times));
      });
      query("streamByDeviceAndAtLessThan", (repo, r, m, v) -> {
        String d = pick(r, DEVICES);
        Instant before = bound(r);
        List<Event> expected = byMonth(m.where(e -> e.device().equals(d) && e.at().isBefore(before)));
        try (Stream<Event> stream = repo.streamByDeviceAndAtLessThan(d, before)) {
          v.inOrder(call("streamByDeviceAndAtLessThan", d, before), expected, stream.toList());
        }
        try (Stream<Event> stream = repo.streamByDeviceAndAtLessThan(d, before)) {
          v.inOrder(call("streamByDeviceAndAtLessThan", d, before, "first 2"), expected.stream().limit(2).toList(),
              stream.limit(2).toList());
        }
      });
      query("findByDeviceAndAtAfterOrCategoryAndAtBefore (Or groups)", (repo, r, m, v) -> {
        String d = pick(r, DEVICES);
        Instant after = bound(r);
        String c = pick(r, CATEGORIES);
        Instant before = bound(r);
        List<Event> found = repo.findByDeviceAndAtAfterOrCategoryAndAtBefore(d, after, c, before);
        v.anyOrder(call("findByDeviceAndAtAfterOrCategoryAndAtBefore", d, after, c, before),
            m.where(e -> e.device().equals(d) && e.at().isAfter(after) || c.equals(e.category()) && e.at().isBefore(before)),
            found);
        v.same(call("findByDeviceAndAtAfterOrCategoryAndAtBefore", d, after, c, before, "a month after another"),
            byMonth(found), found);
      });
      query("findByDeviceAndAtAfter(Sort)", (repo, r, m, v) -> {
        String d = pick(r, DEVICES);
        Instant after = bound(r);
        boolean descending = r.nextBoolean();
        v.sorted(call("findByDeviceAndAtAfter", d, after, descending ? "at desc" : "at asc"),
            m.where(e -> e.device().equals(d) && e.at().isAfter(after)),
            descending ? newestFirst : Comparator.comparing(Event::at), Integer.MAX_VALUE,
            repo.findByDeviceAndAtAfter(d, after, descending ? Sort.by("at").descending() : Sort.by("at")));
      });
      query("findByDeviceAndAt", (repo, r, m, v) -> {
        String d = pick(r, DEVICES);
        Instant at = bound(r);
        v.inOrder(call("findByDeviceAndAt", d, at), m.where(e -> e.device().equals(d) && e.at().equals(at)),
            repo.findByDeviceAndAt(d, at).stream().toList());
      });
      deletion("deleteByCategoryAndAtBetween", (repo, r) -> {
        String c = pick(r, CATEGORIES);
        Instant[] range = range(r);
        Instant from = range[0];
        Instant to = range[1];
        return deleting(call("deleteByCategoryAndAtBetween", c, from, to),
            e -> c.equals(e.category()) && within(e, from, to), x -> repo.deleteByCategoryAndAtBetween(c, from, to));
      });
    }

    @Override
    Class<Events> repository() {
      return Events.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    void createTables(Rowan rowan) {
      rowan.schema().createPeriods(Event.class, LocalDate.of(2025, 1, 1), LocalDate.of(2025, 4, 1));
    }

    @Override
    List<Event> inScanOrder(List<Event> keyOrdered) {
      return byMonth(keyOrdered);
    }

    @Override
    Event create(Random random, Event keyOf) {
      String device = keyOf == null ? pick(random, DEVICES) : keyOf.device();
      Instant at = keyOf == null ? pick(random, TIMES) : keyOf.at();
      return new Event(device, at, orNull(random, 5, pick(random, CATEGORIES)), orNull(random, 4, pick(random, REFS)),
          orNull(random, 5, random.nextInt(10)), null);
    }
  }
}
