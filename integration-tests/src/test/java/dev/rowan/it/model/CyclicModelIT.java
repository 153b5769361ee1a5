package dev.rowan.it.model;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Limit;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Sort;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Tall, salted in 3 buckets, keyed [host][at][probe] with {@code at} a {@code @Cyclic} instant in a
 * cycle of 20 days (the shortest the TTL rule lets a family kept one day have under the default
 * major compaction interval of 7 days: 1 + 2 x 7 &lt; 20), and a narrow view keyed [status][at].
 * The times lie in a few cycles, from before the epoch to {@code Instant.MIN} and {@code Instant.MAX},
 * at a few positions shared by every cycle (its first and last second, its middle, nanoseconds at
 * both ends of a second), so that rows of several cycles interleave in every key range. Queries
 * bound the cyclic part by equality, {@code In} or a {@code Between} within one cycle (paged,
 * limited, counted, reversed, deleted, through the view); a {@code Between} across cycles must be
 * refused with an {@code IllegalArgumentException}. The model orders the main table and the view by
 * the stored position in the cycle, then the cycle ({@code Entities}).
 */
class CyclicModelIT extends ModelScenario {

  enum Status { UP, DOWN }

  static final String PERIOD = "P20D";
  static final long SECONDS = 20L * 86_400;

  @Table(name = "cyclic_pings", salt = @Salt(buckets = 3))
  @Family(name = "d", ttlSeconds = 86_400)
  @Index(name = "byStatus", key = {"status", "at"}, include = {"latency"})
  record Ping(
      @RowKey(order = 0) String host,
      @RowKey(order = 1) @Cyclic(period = PERIOD) Instant at,
      @RowKey(order = 2) int probe,
      @Column(name = "s") Status status,
      @Column(name = "l") Long latency,
      @Column(name = "n") String note) {}

  interface Pings extends HBaseRepository<Ping> {
    List<Ping> findByHost(String host);

    List<Ping> findByHostAndAt(String host, Instant at);

    List<Ping> findByHostOrderByAtAsc(String host);

    List<Ping> findTop3ByHostOrderByAtDesc(String host);

    Page<Ping> findByHostOrderByAtDesc(String host, PageRequest page);

    List<Ping> findByHostInAndAtBetween(List<String> hosts, Instant from, Instant to);

    List<Ping> findByHost(String host, Sort sort);

    List<Ping> findByHostAndAtBetween(String host, Instant from, Instant to, Sort sort, Limit limit);

    List<Ping> findByHostAndAtIn(String host, List<Instant> ats);

    List<Ping> findByHostAndAtBetween(String host, Instant from, Instant to);

    Page<Ping> findByHostAndAtBetween(String host, Instant from, Instant to, PageRequest page);

    List<Ping> findTop2ByHostAndAtBetween(String host, Instant from, Instant to);

    List<Ping> findByHostAndAtBetweenOrderByAtDesc(String host, Instant from, Instant to);

    List<Ping> findFirstByHostAndAtBetweenOrderByAtDesc(String host, Instant from, Instant to);

    List<Ping> findByHostAndAtBetweenAndNoteIsNull(String host, Instant from, Instant to);

    long countByHostAndAtBetween(String host, Instant from, Instant to);

    boolean existsByHostAndAtBetween(String host, Instant from, Instant to);

    @AllowScan
    List<Ping> findByAtBetween(Instant from, Instant to);

    List<Ping> findByStatus(Status status);

    List<Ping> findByStatusAndAtBetween(Status status, Instant from, Instant to);

    Page<Ping> findByStatusAndAtBetween(Status status, Instant from, Instant to, PageRequest page);

    List<Ping> findTop3ByStatusAndAtBetween(Status status, Instant from, Instant to);

    long countByStatusAndAtBetween(Status status, Instant from, Instant to);

    long deleteByHostAndAtBetween(String host, Instant from, Instant to);

    long deleteByStatusAndAtBetween(Status status, Instant from, Instant to);
  }

  static final List<String> HOSTS = List.of("h1", "h2");

  /** Cycle numbers: two before the epoch's, the epoch's, the next, and one in 2026. */
  static final List<Long> CYCLES = List.of(-2L, -1L, 0L, 1L, 1036L);

  /** Positions in a cycle, in seconds: its first second, the next, its middle, its last. */
  static final List<Long> POSITIONS = List.of(0L, 1L, SECONDS / 2, SECONDS - 1);

  static final List<Integer> NANOS = List.of(0, 999_999_999);

  /** Every time an entity may have: each cycle at each position, and the ends of Instant. */
  static final List<Instant> TIMES = times();

  /** The times, each one nanosecond before and after, and a few more: range bounds. */
  static final List<Instant> BOUNDS = bounds();

  private static List<Instant> times() {
    List<Instant> times = new ArrayList<>();
    for (long cycle : CYCLES) {
      for (long position : POSITIONS) {
        for (int nano : NANOS) {
          times.add(Instant.ofEpochSecond(cycle * SECONDS + position, nano));
        }
      }
    }
    times.add(Instant.MIN);
    times.add(Instant.MAX);
    return List.copyOf(times);
  }

  private static List<Instant> bounds() {
    List<Instant> bounds = new ArrayList<>();
    for (Instant time : TIMES) {
      bounds.add(time);
      add(bounds, () -> time.minusNanos(1));
      add(bounds, () -> time.plusNanos(1));
      add(bounds, () -> time.plusSeconds(SECONDS / 4));
    }
    return List.copyOf(bounds);
  }

  private static void add(List<Instant> bounds, Supplier<Instant> bound) {
    try {
      bounds.add(bound.get());
    } catch (DateTimeException | ArithmeticException outside) {
      // beyond Instant.MIN or Instant.MAX
    }
  }

  static long cycle(Instant time) {
    return Math.floorDiv(time.getEpochSecond(), SECONDS);
  }

  /** Random bounds {@code [from, to]} that lie in one cycle (from == to now and then). */
  static Instant[] withinCycle(Random r) {
    Instant from = Shape.pick(r, BOUNDS);
    List<Instant> same = BOUNDS.stream().filter(b -> cycle(b) == cycle(from)).toList();
    Instant to = r.nextInt(6) == 0 ? from : Shape.pick(r, same);
    return from.isAfter(to) ? new Instant[] {to, from} : new Instant[] {from, to};
  }

  /** Random bounds {@code from < to} in different cycles: a range Rowan refuses. */
  static Instant[] acrossCycles(Random r) {
    while (true) {
      Instant a = Shape.pick(r, BOUNDS);
      Instant b = Shape.pick(r, BOUNDS);
      if (cycle(a) != cycle(b)) {
        return a.isAfter(b) ? new Instant[] {b, a} : new Instant[] {a, b};
      }
    }
  }

  static boolean between(Instant at, Instant[] range) {
    return !at.isBefore(range[0]) && !at.isAfter(range[1]);
  }

  @Override
  Shape<?, ?> shape() {
    return new PingsShape();
  }

  static final class PingsShape extends Shape<Ping, Pings> {

    /** Time order, ties by probe: what {@code OrderByAt} asks of rows of one host. */
    private static final Comparator<Ping> BY_TIME = Comparator.comparing(Ping::at);

    PingsShape() {
      super(Ping.class);
      query("findByHost (key order: position, then cycle)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        v.inOrder(call("findByHost", host), m.where(p -> p.host().equals(host)), repo.findByHost(host));
      });
      query("findByHostOrderByAtAsc (time order, across cycles)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        v.sorted(call("findByHostOrderByAtAsc", host), m.where(p -> p.host().equals(host)), BY_TIME, Integer.MAX_VALUE,
            repo.findByHostOrderByAtAsc(host));
      });
      query("findTop3ByHostOrderByAtDesc (the latest, across cycles)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        v.sorted(call("findTop3ByHostOrderByAtDesc", host), m.where(p -> p.host().equals(host)), BY_TIME.reversed(), 3,
            repo.findTop3ByHostOrderByAtDesc(host));
      });
      query("findByHostOrderByAtDesc (PageRequest, sorted in memory)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        List<Ping> matching = m.where(p -> p.host().equals(host));
        String call = call("findByHostOrderByAtDesc", host, "pages");
        v.sorted(call, matching, BY_TIME.reversed(), Integer.MAX_VALUE,
            v.pages(call, r, matching.size(), page -> repo.findByHostOrderByAtDesc(host, page)));
      });
      query("findByHostInAndAtBetween (within a cycle)", (repo, r, m, v) -> {
        List<String> hosts = r.nextBoolean() ? HOSTS : List.of(pick(r, HOSTS));
        Instant[] range = withinCycle(r);
        v.anyOrder(call("findByHostInAndAtBetween", hosts, range[0], range[1]),
            m.where(p -> hosts.contains(p.host()) && between(p.at(), range)),
            repo.findByHostInAndAtBetween(hosts, range[0], range[1]));
      });
      query("findByHostAndAtBetween (Sort, Limit: by key order, either way)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        boolean descending = r.nextBoolean();
        int limit = 1 + r.nextInt(3);
        Sort sort = descending ? Sort.by("at").descending() : Sort.by("at");
        v.sorted(call("findByHostAndAtBetween", host, range[0], range[1], sort, "Limit.of(" + limit + ")"),
            m.where(p -> p.host().equals(host) && between(p.at(), range)), descending ? BY_TIME.reversed() : BY_TIME,
            limit, repo.findByHostAndAtBetween(host, range[0], range[1], sort, Limit.of(limit)));
      });
      query("findByHost (Sort by the cyclic part across cycles: refused)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Sort sort = r.nextBoolean() ? Sort.by("at").descending() : Sort.by("at");
        v.refused(call("findByHost", host, sort), "(the keys of @Cyclic at interleave its cycles: they follow time order"
            + " only under a Between within one cycle)",
            () -> repo.findByHost(host, sort));
      });
      query("findByHostAndAt", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant at = pick(r, TIMES);
        v.inOrder(call("findByHostAndAt", host, at), m.where(p -> p.host().equals(host) && p.at().equals(at)),
            repo.findByHostAndAt(host, at));
      });
      query("findByHostAndAtIn", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        List<Instant> ats = List.of(pick(r, TIMES), pick(r, TIMES), pick(r, BOUNDS));
        v.anyOrder(call("findByHostAndAtIn", host, ats), m.where(p -> p.host().equals(host) && ats.contains(p.at())),
            repo.findByHostAndAtIn(host, ats));
      });
      query("findByHostAndAtBetween (within a cycle)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        v.inOrder(call("findByHostAndAtBetween", host, range[0], range[1]),
            m.where(p -> p.host().equals(host) && between(p.at(), range)),
            repo.findByHostAndAtBetween(host, range[0], range[1]));
      });
      query("findByHostAndAtBetween (across cycles: refused)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = acrossCycles(r);
        v.refused(call("findByHostAndAtBetween", host, range[0], range[1]), "the range " + range[0] + " to " + range[1],
            () -> repo.findByHostAndAtBetween(host, range[0], range[1]));
      });
      query("findByHostAndAtBetween (PageRequest)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        List<Ping> expected = m.where(p -> p.host().equals(host) && between(p.at(), range));
        String call = call("findByHostAndAtBetween", host, range[0], range[1], "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(),
            page -> repo.findByHostAndAtBetween(host, range[0], range[1], page)));
      });
      query("findTop2ByHostAndAtBetween", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        List<Ping> all = m.where(p -> p.host().equals(host) && between(p.at(), range));
        v.inOrder(call("findTop2ByHostAndAtBetween", host, range[0], range[1]), all.subList(0, Math.min(2, all.size())),
            repo.findTop2ByHostAndAtBetween(host, range[0], range[1]));
      });
      query("findByHostAndAtBetweenOrderByAtDesc", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        v.sorted(call("findByHostAndAtBetweenOrderByAtDesc", host, range[0], range[1]),
            m.where(p -> p.host().equals(host) && between(p.at(), range)), BY_TIME.reversed(), Integer.MAX_VALUE,
            repo.findByHostAndAtBetweenOrderByAtDesc(host, range[0], range[1]));
      });
      query("findFirstByHostAndAtBetweenOrderByAtDesc", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        v.sorted(call("findFirstByHostAndAtBetweenOrderByAtDesc", host, range[0], range[1]),
            m.where(p -> p.host().equals(host) && between(p.at(), range)), BY_TIME.reversed(), 1,
            repo.findFirstByHostAndAtBetweenOrderByAtDesc(host, range[0], range[1]));
      });
      query("findByHostAndAtBetweenAndNoteIsNull", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        v.inOrder(call("findByHostAndAtBetweenAndNoteIsNull", host, range[0], range[1]),
            m.where(p -> p.host().equals(host) && between(p.at(), range) && p.note() == null),
            repo.findByHostAndAtBetweenAndNoteIsNull(host, range[0], range[1]));
      });
      query("countByHostAndAtBetween, existsByHostAndAtBetween", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        long count = m.where(p -> p.host().equals(host) && between(p.at(), range)).size();
        v.same(call("countByHostAndAtBetween", host, range[0], range[1]), count,
            repo.countByHostAndAtBetween(host, range[0], range[1]));
        v.same(call("existsByHostAndAtBetween", host, range[0], range[1]), count > 0,
            repo.existsByHostAndAtBetween(host, range[0], range[1]));
      });
      query("countByHostAndAtBetween (across cycles: refused)", (repo, r, m, v) -> {
        String host = pick(r, HOSTS);
        Instant[] range = acrossCycles(r);
        v.refused(call("countByHostAndAtBetween", host, range[0], range[1]), "the range " + range[0] + " to " + range[1],
            () -> repo.countByHostAndAtBetween(host, range[0], range[1]));
      });
      query("findByAtBetween (full scan, within a cycle)", (repo, r, m, v) -> {
        Instant[] range = withinCycle(r);
        v.inOrder(call("findByAtBetween", range[0], range[1]), m.where(p -> between(p.at(), range)),
            repo.findByAtBetween(range[0], range[1]));
      });
      query("findByStatus (view order: position, then cycle)", (repo, r, m, v) -> {
        Status status = pick(r, Status.values());
        v.inOrder(call("findByStatus", status), m.where("byStatus", p -> p.status() == status),
            repo.findByStatus(status));
      });
      query("findByStatusAndAtBetween (view, within a cycle)", (repo, r, m, v) -> {
        Status status = pick(r, Status.values());
        Instant[] range = withinCycle(r);
        v.inOrder(call("findByStatusAndAtBetween", status, range[0], range[1]),
            m.where("byStatus", p -> p.status() == status && between(p.at(), range)),
            repo.findByStatusAndAtBetween(status, range[0], range[1]));
      });
      query("findByStatusAndAtBetween (view, across cycles: refused)", (repo, r, m, v) -> {
        Status status = pick(r, Status.values());
        Instant[] range = acrossCycles(r);
        v.refused(call("findByStatusAndAtBetween", status, range[0], range[1]), "the range " + range[0] + " to " + range[1],
            () -> repo.findByStatusAndAtBetween(status, range[0], range[1]));
      });
      query("findByStatusAndAtBetween (view, PageRequest)", (repo, r, m, v) -> {
        Status status = pick(r, Status.values());
        Instant[] range = withinCycle(r);
        List<Ping> expected = m.where("byStatus", p -> p.status() == status && between(p.at(), range));
        String call = call("findByStatusAndAtBetween", status, range[0], range[1], "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(),
            page -> repo.findByStatusAndAtBetween(status, range[0], range[1], page)));
      });
      query("findTop3ByStatusAndAtBetween (view)", (repo, r, m, v) -> {
        Status status = pick(r, Status.values());
        Instant[] range = withinCycle(r);
        List<Ping> all = m.where("byStatus", p -> p.status() == status && between(p.at(), range));
        v.inOrder(call("findTop3ByStatusAndAtBetween", status, range[0], range[1]), all.subList(0, Math.min(3, all.size())),
            repo.findTop3ByStatusAndAtBetween(status, range[0], range[1]));
      });
      query("countByStatusAndAtBetween (view)", (repo, r, m, v) -> {
        Status status = pick(r, Status.values());
        Instant[] range = withinCycle(r);
        v.same(call("countByStatusAndAtBetween", status, range[0], range[1]),
            m.where(p -> p.status() == status && between(p.at(), range)).size(),
            repo.countByStatusAndAtBetween(status, range[0], range[1]));
      });
      deletion("deleteByHostAndAtBetween (within a cycle)", (repo, r) -> {
        String host = pick(r, HOSTS);
        Instant[] range = withinCycle(r);
        Predicate<Ping> deletes = p -> p.host().equals(host) && between(p.at(), range);
        return deleting(call("deleteByHostAndAtBetween", host, range[0], range[1]), deletes,
            x -> repo.deleteByHostAndAtBetween(host, range[0], range[1]));
      });
      deletion("deleteByStatusAndAtBetween (view, within a cycle)", (repo, r) -> {
        Status status = pick(r, Status.values());
        Instant[] range = withinCycle(r);
        Predicate<Ping> deletes = p -> p.status() == status && between(p.at(), range);
        return deleting(call("deleteByStatusAndAtBetween", status, range[0], range[1]), deletes,
            x -> repo.deleteByStatusAndAtBetween(status, range[0], range[1]));
      });
    }


    @Override
    Class<Pings> repository() {
      return Pings.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    Ping create(Random r, Ping k) {
      Status status = orNull(r, 3, pick(r, Status.values()));
      Long latency = orNull(r, 3, (long) r.nextInt(3));
      String note = orNull(r, 2, pick(r, "a", "b"));
      return k == null ? new Ping(pick(r, HOSTS), pick(r, TIMES), r.nextInt(2), status, latency, note)
          : new Ping(k.host(), k.at(), k.probe(), status, latency, note);
    }
  }
}
