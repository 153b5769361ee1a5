package dev.rowan.it.model;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.it.Reading;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Cyclic;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Wide, salted by user in 2 buckets, no views: one user's readings of one day in one row keyed
 * [user][day], {@code day} {@code @Cyclic} in 16 days, told apart by an {@code int} column key.
 * Rows of several cycles interleave by position; ranges within a cycle (pages, limits, counts,
 * deletes, a full scan), an {@code OrderBy} across cycles, and ranges across cycles refused. The
 * days are {@code CyclicDescendingModelIT}'s.
 */
class CyclicWideModelIT extends ModelScenario {

  @Table(name = "cyclic_readings", salt = @Salt(buckets = 2, on = "user"))
  @Family(name = "d", ttlSeconds = 86_400)
  record Reading(
      @RowKey(order = 0) String user,
      @RowKey(order = 1) @Cyclic(period = "P16D") LocalDate day,
      @ColumnKey int seq,
      @Column(name = "k") String kind,
      @Column(name = "v") Long value) {}

  interface Readings extends HBaseRepository<Reading> {
    List<Reading> findByUser(String user);

    List<Reading> findByUserAndDay(String user, LocalDate day);

    List<Reading> findByUserAndDayBetween(String user, LocalDate from, LocalDate to);

    Page<Reading> findByUserAndDayBetween(String user, LocalDate from, LocalDate to, PageRequest page);

    List<Reading> findTop3ByUserAndDayBetween(String user, LocalDate from, LocalDate to);

    List<Reading> findByUserAndDayBetweenOrderByDayDesc(String user, LocalDate from, LocalDate to);

    List<Reading> findByUserOrderByDayDesc(String user);

    long countByUserAndDayBetween(String user, LocalDate from, LocalDate to);

    @AllowScan
    List<Reading> findByDayBetweenAndKind(LocalDate from, LocalDate to, String kind);

    long deleteByUserAndDayBetween(String user, LocalDate from, LocalDate to);
  }

  static final List<String> USERS = List.of("u", "v");

  @Override
  Shape<?, ?> shape() {
    return new ReadingsShape();
  }

  static final class ReadingsShape extends Shape<Reading, Readings> {

    private static final Comparator<Reading> BY_DAY = Comparator.comparing(Reading::day);

    ReadingsShape() {
      super(Reading.class);
      query("findByUser (key order: position, then cycle)", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        v.inOrder(call("findByUser", user), m.where(x -> x.user().equals(user)), repo.findByUser(user));
      });
      query("findByUserAndDay", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = pick(r, CyclicDescendingModelIT.DAYS_KEPT);
        v.inOrder(call("findByUserAndDay", user, day), m.where(x -> x.user().equals(user) && x.day().equals(day)),
            repo.findByUserAndDay(user, day));
      });
      query("findByUserAndDayBetween (within a cycle)", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate[] range = CyclicDescendingModelIT.withinCycle(r);
        v.inOrder(call("findByUserAndDayBetween", user, range[0], range[1]),
            m.where(x -> x.user().equals(user) && CyclicDescendingModelIT.between(x.day(), range)),
            repo.findByUserAndDayBetween(user, range[0], range[1]));
      });
      query("findByUserAndDayBetween (across cycles: refused)", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate[] range = CyclicDescendingModelIT.acrossCycles(r);
        v.refused(call("findByUserAndDayBetween", user, range[0], range[1]), "the range " + range[0] + " to " + range[1],
            () -> repo.findByUserAndDayBetween(user, range[0], range[1]));
      });
      query("findByUserAndDayBetween (PageRequest)", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate[] range = CyclicDescendingModelIT.withinCycle(r);
        List<Reading> expected = m.where(x -> x.user().equals(user) && CyclicDescendingModelIT.between(x.day(), range));
        String call = call("findByUserAndDayBetween", user, range[0], range[1], "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(),
            p -> repo.findByUserAndDayBetween(user, range[0], range[1], p)));
      });
      query("findTop3ByUserAndDayBetween", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate[] range = CyclicDescendingModelIT.withinCycle(r);
        List<Reading> all = m.where(x -> x.user().equals(user) && CyclicDescendingModelIT.between(x.day(), range));
        v.inOrder(call("findTop3ByUserAndDayBetween", user, range[0], range[1]), all.subList(0, Math.min(3, all.size())),
            repo.findTop3ByUserAndDayBetween(user, range[0], range[1]));
      });
      query("findByUserAndDayBetweenOrderByDayDesc", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate[] range = CyclicDescendingModelIT.withinCycle(r);
        v.sorted(call("findByUserAndDayBetweenOrderByDayDesc", user, range[0], range[1]),
            m.where(x -> x.user().equals(user) && CyclicDescendingModelIT.between(x.day(), range)), BY_DAY.reversed(),
            Integer.MAX_VALUE, repo.findByUserAndDayBetweenOrderByDayDesc(user, range[0], range[1]));
      });
      query("findByUserOrderByDayDesc (time order, across cycles)", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        v.sorted(call("findByUserOrderByDayDesc", user), m.where(x -> x.user().equals(user)), BY_DAY.reversed(),
            Integer.MAX_VALUE, repo.findByUserOrderByDayDesc(user));
      });
      query("countByUserAndDayBetween", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate[] range = CyclicDescendingModelIT.withinCycle(r);
        v.same(call("countByUserAndDayBetween", user, range[0], range[1]),
            m.where(x -> x.user().equals(user) && CyclicDescendingModelIT.between(x.day(), range)).size(),
            repo.countByUserAndDayBetween(user, range[0], range[1]));
      });
      query("findByDayBetweenAndKind (full scan, within a cycle)", (repo, r, m, v) -> {
        LocalDate[] range = CyclicDescendingModelIT.withinCycle(r);
        String kind = pick(r, "a", "b");
        v.inOrder(call("findByDayBetweenAndKind", range[0], range[1], kind),
            m.where(x -> CyclicDescendingModelIT.between(x.day(), range) && kind.equals(x.kind())),
            repo.findByDayBetweenAndKind(range[0], range[1], kind));
      });
      deletion("deleteByUserAndDayBetween (within a cycle)", (repo, r) -> {
        String user = pick(r, USERS);
        LocalDate[] range = CyclicDescendingModelIT.withinCycle(r);
        return deleting(call("deleteByUserAndDayBetween", user, range[0], range[1]),
            x -> x.user().equals(user) && CyclicDescendingModelIT.between(x.day(), range),
            x -> repo.deleteByUserAndDayBetween(user, range[0], range[1]));
      });
    }


    @Override
    Class<Readings> repository() {
      return Readings.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Reading create(Random r, Reading k) {
      String kind = orNull(r, 3, pick(r, "a", "b"));
      Long value = orNull(r, 3, (long) r.nextInt(3));
      return k == null
          ? new Reading(pick(r, USERS), pick(r, CyclicDescendingModelIT.DAYS_KEPT), r.nextInt(3) - 1, kind, value)
          : new Reading(k.user(), k.day(), k.seq(), kind, value);
    }
  }
}
