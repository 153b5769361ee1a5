package dev.rowan.it.model;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Wide, no views, not salted: one user's events of one day in one row, told apart by an
 * {@code int} column key (negative ones included).
 */
class WideModelIT extends ModelScenario {

  @Table(name = "events")
  record Event(
      @RowKey(order = 0) String user,
      @RowKey(order = 1) LocalDate day,
      @ColumnKey int seq,
      @Column(name = "k") String kind,
      @Column(name = "v") Long value) {}

  /** Projections of a wide entity: of its key parts only (read as qualifiers), and with a column (whole rows). */
  record Slot(LocalDate day, int seq) {}

  record Kind(int seq, String kind) {}

  interface Events extends HBaseRepository<Event> {
    boolean updateKindByUserAndDayAndSeq(String kind, String user, LocalDate day, int seq);

    long addToValueByUserAndDayAndSeq(long delta, String user, LocalDate day, int seq);

    Optional<Event> findByUserAndDayAndSeq(String user, LocalDate day, int seq);

    List<Slot> findSlotsByUserAndDayBetween(String user, LocalDate from, LocalDate to);

    List<Kind> findKindsByUserAndDay(String user, LocalDate day);

    List<Event> findByUserAndDay(String user, LocalDate day);

    List<Event> findByUserAndDayOrderBySeqDesc(String user, LocalDate day);

    List<Event> findByUserAndDayOrderByValueDesc(String user, LocalDate day);

    List<Event> findByUser(String user);

    List<Event> findByUserAndDayBetween(String user, LocalDate from, LocalDate to);

    Page<Event> findByUserAndDayGreaterThanEqual(String user, LocalDate day, PageRequest page);

    Stream<Event> streamByUserAndDayAndSeqGreaterThan(String user, LocalDate day, int seq);

    long countByUserAndDay(String user, LocalDate day);

    boolean existsByUserAndDayAndSeq(String user, LocalDate day, int seq);

    List<Event> findTop3ByUserAndDay(String user, LocalDate day);

    List<Event> findByUserIn(List<String> users);

    @AllowScan
    List<Event> findByKind(String kind);

    long deleteByUserAndDay(String user, LocalDate day);

    long deleteByUserAndDayAndSeqLessThan(String user, LocalDate day, int seq);
  }

  static final List<String> USERS = List.of("k", "k\0", "kk", "\ud83d\ude00");

  static LocalDate day(Random r) {
    return LocalDate.of(2024, 2, 28).plusDays(r.nextInt(3));
  }

  static int seq(Random r) {
    return r.nextInt(7) - 3;
  }

  @Override
  Shape<?, ?> shape() {
    return new EventsShape();
  }

  static final class EventsShape extends Shape<Event, Events> {

    EventsShape() {
      super(Event.class);
      query("findByKey(user, day, seq)", (repo, r, m, v) -> {
        Event probe = create(r, null);
        v.sameEntity(call("findByKey", probe.user(), probe.day(), probe.seq()), m.get(probe),
            repo.findByKey(probe.user(), probe.day(), probe.seq()).orElse(null));
      }, 4);
      query("findSlotsByUserAndDayBetween (projection of key parts, wide)", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate from = day(r);
        LocalDate to = from.plusDays(r.nextInt(2));
        v.same(call("findSlotsByUserAndDayBetween", user, from, to), m.where(e -> e.user().equals(user)
                && !e.day().isBefore(from) && !e.day().isAfter(to)).stream().map(e -> new Slot(e.day(), e.seq())).toList(),
            repo.findSlotsByUserAndDayBetween(user, from, to));
      });
      query("findKindsByUserAndDay (projection with a column, wide)", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        v.same(call("findKindsByUserAndDay", user, day), m.where(e -> e.user().equals(user) && e.day().equals(day))
            .stream().map(e -> new Kind(e.seq(), e.kind())).toList(), repo.findKindsByUserAndDay(user, day));
      });
      query("findByUserAndDay", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        v.inOrder(call("findByUserAndDay", user, day), m.where(e -> e.user().equals(user) && e.day().equals(day)),
            repo.findByUserAndDay(user, day));
      });
      query("findByUserAndDayOrderBySeqDesc", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        v.inOrder(call("findByUserAndDayOrderBySeqDesc", user, day),
            reversed(m.where(e -> e.user().equals(user) && e.day().equals(day))),
            repo.findByUserAndDayOrderBySeqDesc(user, day));
      }, 6);
      query("findByUserAndDayOrderByValueDesc", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        v.sorted(call("findByUserAndDayOrderByValueDesc", user, day), m.where(e -> e.user().equals(user) && e.day().equals(day)),
            Comparator.comparing(Event::value, Comparator.nullsLast(Comparator.<Long>reverseOrder())), Integer.MAX_VALUE,
            repo.findByUserAndDayOrderByValueDesc(user, day));
      }, 6);
      query("findByUser", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        v.inOrder(call("findByUser", user), m.where(e -> e.user().equals(user)), repo.findByUser(user));
      });
      query("findByUserAndDayBetween", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate from = day(r);
        LocalDate to = from.plusDays(r.nextInt(2));
        v.inOrder(call("findByUserAndDayBetween", user, from, to),
            m.where(e -> e.user().equals(user) && !e.day().isBefore(from) && !e.day().isAfter(to)),
            repo.findByUserAndDayBetween(user, from, to));
      });
      query("findByUserAndDayGreaterThanEqual(PageRequest)", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        List<Event> expected = m.where(e -> e.user().equals(user) && !e.day().isBefore(day));
        String call = call("findByUserAndDayGreaterThanEqual", user, day, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByUserAndDayGreaterThanEqual(user, day, p)));
      }, 7);
      query("streamByUserAndDayAndSeqGreaterThan", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        int seq = seq(r);
        v.inOrder(call("streamByUserAndDayAndSeqGreaterThan", user, day, seq),
            m.where(e -> e.user().equals(user) && e.day().equals(day) && e.seq() > seq),
            Verdict.list(repo.streamByUserAndDayAndSeqGreaterThan(user, day, seq)));
      });
      query("countByUserAndDay", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        v.same(call("countByUserAndDay", user, day), m.where(e -> e.user().equals(user) && e.day().equals(day)).size(),
            repo.countByUserAndDay(user, day));
      });
      query("existsByUserAndDayAndSeq", (repo, r, m, v) -> {
        Event probe = create(r, null);
        v.same(call("existsByUserAndDayAndSeq", probe.user(), probe.day(), probe.seq()), m.get(probe) != null,
            repo.existsByUserAndDayAndSeq(probe.user(), probe.day(), probe.seq()));
      });
      query("findTop3ByUserAndDay", (repo, r, m, v) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        v.inOrder(call("findTop3ByUserAndDay", user, day),
            m.where(e -> e.user().equals(user) && e.day().equals(day)).stream().limit(3).toList(),
            repo.findTop3ByUserAndDay(user, day));
      });
      query("findByUserIn", (repo, r, m, v) -> {
        List<String> users = List.of(pick(r, USERS), pick(r, USERS));
        v.inOrder(call("findByUserIn", users), m.where(e -> users.contains(e.user())), repo.findByUserIn(users));
      });
      query("findByKind", (repo, r, m, v) -> {
        String kind = pick(r, "a", "b", "c");
        v.inOrder(call("findByKind", kind), m.where(e -> kind.equals(e.kind())), repo.findByKind(kind));
      }, "N2");
      deletion("deleteByUserAndDay", (repo, r) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        return deleting(call("deleteByUserAndDay", user, day), e -> e.user().equals(user) && e.day().equals(day),
            x -> repo.deleteByUserAndDay(user, day));
      });
      deletion("deleteByUserAndDayAndSeqLessThan", (repo, r) -> {
        String user = pick(r, USERS);
        LocalDate day = day(r);
        int seq = seq(r);
        return deleting(call("deleteByUserAndDayAndSeqLessThan", user, day, seq),
            e -> e.user().equals(user) && e.day().equals(day) && e.seq() < seq,
            x -> repo.deleteByUserAndDayAndSeqLessThan(user, day, seq));
      });
    }

    @Override
    Optional<Event> findOne(Events repository, Event keyOf) {
      return repository.findByUserAndDayAndSeq(keyOf.user(), keyOf.day(), keyOf.seq());
    }

    @Override
    Class<Events> repository() {
      return Events.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Event create(Random r, Event keyOf) {
      return new Event(keyOf == null ? pick(r, USERS) : keyOf.user(), keyOf == null ? day(r) : keyOf.day(),
          keyOf == null ? seq(r) : keyOf.seq(), orNull(r, 3, pick(r, "a", "b", "c")), orNull(r, 3, (long) r.nextInt(5) - 2));
    }
  }
}
