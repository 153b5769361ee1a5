package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.ColumnKey;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Reads of wide entities (many entities in one row, told apart by a {@code @ColumnKey}) and pages
 * that end anywhere: inside a wide row, between the gets of a multi-get, across salt buckets and
 * through a view. Every answer is compared with what was saved, filtered and ordered in memory.
 * The data is random: the seed is printed and replays with {@code -Drowan.seed=...}.
 */
@HBaseTest
class WideRowQueriesIT {

  private static final int[] PAGE_SIZES = {1, 2, 3, 7};
  private static final Comparator<Ev> KEY_ORDER = Comparator.comparing(Ev::userId).thenComparingInt(Ev::day)
      .thenComparingLong(Ev::at);

  /** One user's events, a day per row, by the millisecond of the event. */
  @Table(name = "events")
  @Family(name = "e")
  record Event(@RowKey(order = 0) String userId, @RowKey(order = 1) int day, @ColumnKey long at,
      @Column(name = "k") String kind, @Column(name = "n") Integer n) {}

  /** The same, salted in 4 buckets, and the events of a row newest first. */
  @Table(name = "salted_events", salt = @Salt(buckets = 4))
  @Family(name = "e")
  record SaltedEvent(@RowKey(order = 0) String userId, @RowKey(order = 1) int day, @ColumnKey @Descending long at,
      @Column(name = "k") String kind, @Column(name = "n") Integer n) {}

  interface EventQueries extends HBaseRepository<Event> {
    Page<Event> findByUserId(String userId, PageRequest page);

    Page<Event> findByUserIdIn(List<String> users, PageRequest page);

    Page<Event> findByUserIdAndDay(String userId, int day, PageRequest page);

    Page<Event> findByUserIdAndDayIn(String userId, List<Integer> days, PageRequest page);

    Page<Event> findByUserIdAndDayBetween(String userId, int from, int to, PageRequest page);

    Page<Event> findByUserIdAndKind(String userId, String kind, PageRequest page);

    List<Event> readByUserIdAndKind(String userId, String kind);

    List<Event> findByUserIdAndDayOrderByAtDesc(String userId, int day);

    List<Event> findByUserIdOrderByNDesc(String userId);

    Page<Event> findByUserIdOrderByNDesc(String userId, PageRequest page);

    Page<Event> findByUserIdAndDayOrUserIdAndDay(String user1, int day1, String user2, int day2, PageRequest page);

    List<Event> findByUserIdAndDayOrUserIdAndDay(String user1, int day1, String user2, int day2);

    long countByUserIdAndDay(String userId, int day);

    boolean existsByUserIdAndDayAndAt(String userId, int day, long at);
  }

  interface SaltedEventQueries extends HBaseRepository<SaltedEvent> {
    Page<SaltedEvent> findByUserId(String userId, PageRequest page);

    Page<SaltedEvent> findByUserIdIn(List<String> users, PageRequest page);

    Page<SaltedEvent> findByUserIdAndDay(String userId, int day, PageRequest page);

    Page<SaltedEvent> findByUserIdAndDayIn(String userId, List<Integer> days, PageRequest page);

    Page<SaltedEvent> findByUserIdAndDayBetween(String userId, int from, int to, PageRequest page);

    Page<SaltedEvent> findByUserIdAndKind(String userId, String kind, PageRequest page);

    List<SaltedEvent> readByUserIdAndKind(String userId, String kind);

    List<SaltedEvent> findByUserIdAndDayOrderByAtDesc(String userId, int day);

    List<SaltedEvent> findByUserIdOrderByNDesc(String userId);

    Page<SaltedEvent> findByUserIdOrderByNDesc(String userId, PageRequest page);

    Page<SaltedEvent> findByUserIdAndDayOrUserIdAndDay(String user1, int day1, String user2, int day2,
        PageRequest page);

    List<SaltedEvent> findByUserIdAndDayOrUserIdAndDay(String user1, int day1, String user2, int day2);

    long countByUserIdAndDay(String userId, int day);

    boolean existsByUserIdAndDayAndAt(String userId, int day, long at);
  }

  /** What the tests compare: an event of either table. */
  record Ev(String userId, int day, long at, String kind, Integer n) {}

  /** The queries of one of the two tables, on {@link Ev}. */
  interface Events {
    /** The order of the table's keys: rows, then the entities of a row. */
    default Comparator<Ev> keyOrder() {
      return KEY_ORDER;
    }

    /** {@code events} in key order. */
    default List<Ev> sorted(List<Ev> events) {
      return events.stream().sorted(keyOrder()).toList();
    }

    void saveAll(List<Ev> events);

    Optional<Ev> findByKey(Object... keyParts);

    void deleteByKey(Object... keyParts);

    Page<Ev> byUser(String user, PageRequest page);

    Page<Ev> byUsers(List<String> users, PageRequest page);

    Page<Ev> byRow(String user, int day, PageRequest page);

    Page<Ev> byRows(String user, List<Integer> days, PageRequest page);

    Page<Ev> byDays(String user, int from, int to, PageRequest page);

    Page<Ev> byKind(String user, String kind, PageRequest page);

    List<Ev> byKind(String user, String kind);

    List<Ev> rowNewestFirst(String user, int day);

    List<Ev> userByNDesc(String user);

    Page<Ev> userByNDesc(String user, PageRequest page);

    Page<Ev> twoRows(String user1, int day1, String user2, int day2, PageRequest page);

    List<Ev> twoRows(String user1, int day1, String user2, int day2);

    long count(String user, int day);

    boolean exists(String user, int day, long at);
  }

  private static Events events(Rowan rowan) {
    rowan.schema().create(Event.class);
    EventQueries q = rowan.repository(EventQueries.class);
    Function<Event, Ev> ev = e -> new Ev(e.userId(), e.day(), e.at(), e.kind(), e.n());
    Function<Page<Event>, Page<Ev>> page = p -> new Page<>(p.content().stream().map(ev).toList(),
        p.hasNext() ? p.next() : null);
    return new Events() {
      public void saveAll(List<Ev> events) {
        q.saveAll(events.stream().map(e -> new Event(e.userId(), e.day(), e.at(), e.kind(), e.n())).toList());
      }

      public Optional<Ev> findByKey(Object... keyParts) {
        return q.findByKey(keyParts).map(ev);
      }

      public void deleteByKey(Object... keyParts) {
        q.deleteByKey(keyParts);
      }

      public Page<Ev> byUser(String user, PageRequest p) {
        return page.apply(q.findByUserId(user, p));
      }

      public Page<Ev> byUsers(List<String> users, PageRequest p) {
        return page.apply(q.findByUserIdIn(users, p));
      }

      public Page<Ev> byRow(String user, int day, PageRequest p) {
        return page.apply(q.findByUserIdAndDay(user, day, p));
      }

      public Page<Ev> byRows(String user, List<Integer> days, PageRequest p) {
        return page.apply(q.findByUserIdAndDayIn(user, days, p));
      }

      public Page<Ev> byDays(String user, int from, int to, PageRequest p) {
        return page.apply(q.findByUserIdAndDayBetween(user, from, to, p));
      }

      public Page<Ev> byKind(String user, String kind, PageRequest p) {
        return page.apply(q.findByUserIdAndKind(user, kind, p));
      }

      public List<Ev> byKind(String user, String kind) {
        return q.readByUserIdAndKind(user, kind).stream().map(ev).toList();
      }

      public List<Ev> rowNewestFirst(String user, int day) {
        return q.findByUserIdAndDayOrderByAtDesc(user, day).stream().map(ev).toList();
      }

      public List<Ev> userByNDesc(String user) {
        return q.findByUserIdOrderByNDesc(user).stream().map(ev).toList();
      }

      public Page<Ev> userByNDesc(String user, PageRequest p) {
        return page.apply(q.findByUserIdOrderByNDesc(user, p));
      }

      public Page<Ev> twoRows(String user1, int day1, String user2, int day2, PageRequest p) {
        return page.apply(q.findByUserIdAndDayOrUserIdAndDay(user1, day1, user2, day2, p));
      }

      public List<Ev> twoRows(String user1, int day1, String user2, int day2) {
        return q.findByUserIdAndDayOrUserIdAndDay(user1, day1, user2, day2).stream().map(ev).toList();
      }

      public long count(String user, int day) {
        return q.countByUserIdAndDay(user, day);
      }

      public boolean exists(String user, int day, long at) {
        return q.existsByUserIdAndDayAndAt(user, day, at);
      }
    };
  }

  private static Events saltedEvents(Rowan rowan) {
    rowan.schema().create(SaltedEvent.class);
    SaltedEventQueries q = rowan.repository(SaltedEventQueries.class);
    Function<SaltedEvent, Ev> ev = e -> new Ev(e.userId(), e.day(), e.at(), e.kind(), e.n());
    Function<Page<SaltedEvent>, Page<Ev>> page = p -> new Page<>(p.content().stream().map(ev).toList(),
        p.hasNext() ? p.next() : null);
    return new Events() {
      public Comparator<Ev> keyOrder() {
        return Comparator.comparing(Ev::userId).thenComparingInt(Ev::day)
            .thenComparing(Ev::at, Comparator.reverseOrder());
      }

      public void saveAll(List<Ev> events) {
        q.saveAll(events.stream().map(e -> new SaltedEvent(e.userId(), e.day(), e.at(), e.kind(), e.n())).toList());
      }

      public Optional<Ev> findByKey(Object... keyParts) {
        return q.findByKey(keyParts).map(ev);
      }

      public void deleteByKey(Object... keyParts) {
        q.deleteByKey(keyParts);
      }

      public Page<Ev> byUser(String user, PageRequest p) {
        return page.apply(q.findByUserId(user, p));
      }

      public Page<Ev> byUsers(List<String> users, PageRequest p) {
        return page.apply(q.findByUserIdIn(users, p));
      }

      public Page<Ev> byRow(String user, int day, PageRequest p) {
        return page.apply(q.findByUserIdAndDay(user, day, p));
      }

      public Page<Ev> byRows(String user, List<Integer> days, PageRequest p) {
        return page.apply(q.findByUserIdAndDayIn(user, days, p));
      }

      public Page<Ev> byDays(String user, int from, int to, PageRequest p) {
        return page.apply(q.findByUserIdAndDayBetween(user, from, to, p));
      }

      public Page<Ev> byKind(String user, String kind, PageRequest p) {
        return page.apply(q.findByUserIdAndKind(user, kind, p));
      }

      public List<Ev> byKind(String user, String kind) {
        return q.readByUserIdAndKind(user, kind).stream().map(ev).toList();
      }

      public List<Ev> rowNewestFirst(String user, int day) {
        return q.findByUserIdAndDayOrderByAtDesc(user, day).stream().map(ev).toList();
      }

      public List<Ev> userByNDesc(String user) {
        return q.findByUserIdOrderByNDesc(user).stream().map(ev).toList();
      }

      public Page<Ev> userByNDesc(String user, PageRequest p) {
        return page.apply(q.findByUserIdOrderByNDesc(user, p));
      }

      public Page<Ev> twoRows(String user1, int day1, String user2, int day2, PageRequest p) {
        return page.apply(q.findByUserIdAndDayOrUserIdAndDay(user1, day1, user2, day2, p));
      }

      public List<Ev> twoRows(String user1, int day1, String user2, int day2) {
        return q.findByUserIdAndDayOrUserIdAndDay(user1, day1, user2, day2).stream().map(ev).toList();
      }

      public long count(String user, int day) {
        return q.countByUserIdAndDay(user, day);
      }

      public boolean exists(String user, int day, long at) {
        return q.existsByUserIdAndDayAndAt(user, day, at);
      }
    };
  }

  // ---- the regressions, as first reported

  @Test
  void findByKeyOfAWideEntityTakesItsColumnKeyAndInventsNothing(Rowan rowan) {
    for (Events events : List.of(events(rowan), saltedEvents(rowan))) {
      events.saveAll(List.of(new Ev("k", 1, 10, "a", 1), new Ev("k", 1, 20, "b", 2)));
      assertEquals(Optional.of(new Ev("k", 1, 20, "b", 2)), events.findByKey("k", 1, 20L));
      assertEquals(Optional.of(new Ev("k", 1, 10, "a", 1)), events.findByKey("k", 1, 10L));
      assertEquals(Optional.empty(), events.findByKey("k", 1, 15L), "no event at 15");
      assertEquals(Optional.empty(), events.findByKey("k", 2, 10L), "no row for day 2");
      IllegalArgumentException rowOnly = assertThrows(IllegalArgumentException.class, () -> events.findByKey("k", 1));
      assertTrue(rowOnly.getMessage().contains("stored wide") && rowOnly.getMessage().contains("[at]")
          && rowOnly.getMessage().contains("findByUserIdAndDay"), rowOnly.getMessage());
      assertThrows(IllegalArgumentException.class, () -> events.deleteByKey("k", 1), "never the whole row");
      assertThrows(IllegalArgumentException.class, () -> events.findByKey("k", 1, 10), "at is a long");
    }
  }

  @Test
  void deleteByKeyOfAWideEntityDeletesThatEntityAlone(Rowan rowan) {
    for (Events events : List.of(events(rowan), saltedEvents(rowan))) {
      events.saveAll(List.of(new Ev("k", 1, 10, "a", 1), new Ev("k", 1, 20, "b", 2), new Ev("k", 1, 30, null, null)));
      events.deleteByKey("k", 1, 20L);
      assertEquals(Optional.empty(), events.findByKey("k", 1, 20L));
      assertFalse(events.exists("k", 1, 20L));
      assertTrue(events.exists("k", 1, 10L));
      assertEquals(2, events.count("k", 1));
      assertEquals(events.sorted(List.of(new Ev("k", 1, 10, "a", 1), new Ev("k", 1, 30, null, null))),
          events.byRow("k", 1, PageRequest.of(10)).content());
    }
  }

  /** Every line of a shop's order in one row, by line number. */
  @Table(name = "shopLines")
  record ShopLine(@RowKey(order = 0) String shop, @RowKey(order = 1) String orderNo, @ColumnKey int lineNo,
      @Column(name = "s") String sku) {}

  interface ShopLines extends HBaseRepository<ShopLine> {
    List<ShopLine> queryByShop(String shop, dev.rowan.core.Sort sort);

    Page<ShopLine> findByShopOrderByOrderNoDesc(String shop, PageRequest page);
  }

  @Test
  void aSortThatIsTheWideKeysOrderAfterTheBoundPartIsServedInThatOrder(Rowan rowan) {
    rowan.schema().create(ShopLine.class);
    ShopLines lines = rowan.repository(ShopLines.class);
    List<ShopLine> saved = new ArrayList<>();
    for (int order = 0; order < 6; order++) {
      for (int line = 0; line < 4; line++) {
        saved.add(new ShopLine("sh0", "o" + order, line, "sku" + order + line));
        saved.add(new ShopLine("sh1", "o" + order, line, "other"));
      }
    }
    lines.saveAll(saved);
    Comparator<ShopLine> byOrder = Comparator.comparing(ShopLine::orderNo);
    Comparator<ShopLine> byLine = Comparator.comparingInt(ShopLine::lineNo);
    List<ShopLine> shop = saved.stream().filter(l -> l.shop().equals("sh0")).toList();
    List<ShopLine> keyOrder = shop.stream().sorted(byOrder.thenComparing(byLine)).toList();
    List<ShopLine> newestOrders = shop.stream().sorted(byOrder.reversed().thenComparing(byLine)).toList();
    dev.rowan.core.Sort byOrderNo = dev.rowan.core.Sort.by("orderNo");
    assertEquals(keyOrder, lines.queryByShop("sh0", byOrderNo));
    assertEquals(keyOrder, lines.queryByShop("sh0", dev.rowan.core.Sort.by("orderNo", "lineNo")));
    assertEquals(newestOrders, lines.queryByShop("sh0", dev.rowan.core.Sort.by(
        dev.rowan.core.Sort.Order.desc("orderNo"), dev.rowan.core.Sort.Order.asc("lineNo"))));
    assertEquals(keyOrder, rowan.query(ShopLine.class).where("shop", "sh0").orderBy(byOrderNo).list());
    List<ShopLine> paged = new ArrayList<>();
    Page<ShopLine> page = lines.findByShopOrderByOrderNoDesc("sh0", PageRequest.of(5));
    paged.addAll(page.content());
    while (page.hasNext()) {
      page = lines.findByShopOrderByOrderNoDesc("sh0", page.next());
      paged.addAll(page.content());
    }
    assertEquals(newestOrders, paged, "pages read in key order, resuming inside a row");
    assertTrue(lines.explain("findByShopOrderByOrderNoDesc").contains("reversed"),
        lines.explain("findByShopOrderByOrderNoDesc"));
  }

  @Test
  void orderByOverAWideRowReturnsEveryEntityOfTheRow(Rowan rowan) {
    for (Events events : List.of(events(rowan), saltedEvents(rowan))) {
      List<Ev> saved = new ArrayList<>();
      for (int i = 0; i < 8; i++) {
        saved.add(new Ev("u", 7, 1_000L + i, "kind" + (i % 3), i));
      }
      events.saveAll(saved);
      assertEquals(saved.stream().sorted(KEY_ORDER.reversed()).toList(), events.rowNewestFirst("u", 7));
      assertEquals(8, events.count("u", 7));
    }
  }

  @Test
  void pagesThatEndInsideAWideRowResumeInsideIt(Rowan rowan) {
    for (Events events : List.of(events(rowan), saltedEvents(rowan))) {
      List<Ev> saved = new ArrayList<>();
      for (int day = 0; day < 3; day++) {
        for (int i = 0; i < 19; i++) {
          saved.add(new Ev("u", day, i, "k", i));
        }
      }
      events.saveAll(saved);
      assertEquals(events.sorted(saved), all(p -> events.byUser("u", p), 2), "57 events in pages of 2");
      assertEquals(events.sorted(saved.subList(19, 38)), all(p -> events.byRow("u", 1, p), 3));
    }
  }

  @Test
  void pagedMultiGetsContinueAfterTheLastEntityReturned(Rowan rowan) {
    for (Events events : List.of(events(rowan), saltedEvents(rowan))) {
      List<Ev> saved = new ArrayList<>();
      for (int day = 0; day < 5; day++) {
        for (int i = 0; i < 3; i++) {
          saved.add(new Ev("u", day, i, "k", i));
        }
      }
      events.saveAll(saved);
      assertEquals(events.sorted(saved.stream().filter(e -> e.day() != 2).toList()),
          all(p -> events.byRows("u", List.of(4, 0, 3, 1, 9), p), 2), "in key order, every event once");
    }
  }

  @Test
  void aConditionOnAColumnOfAWideEntityIsCheckedOnEachEntityOfTheRow(Rowan rowan) {
    for (Events events : List.of(events(rowan), saltedEvents(rowan))) {
      events.saveAll(List.of(new Ev("u", 1, 1, "x", 1), new Ev("u", 1, 2, "y", 2), new Ev("u", 1, 3, "x", 3),
          new Ev("u", 2, 1, "y", 4)));
      assertEquals(events.sorted(List.of(new Ev("u", 1, 1, "x", 1), new Ev("u", 1, 3, "x", 3))),
          events.byKind("u", "x"),
          "a column filter would see the row, not its entities");
      assertEquals(List.of(new Ev("u", 1, 2, "y", 2), new Ev("u", 2, 1, "y", 4)),
          all(p -> events.byKind("u", "y", p), 1));
    }
  }

  // ---- every query and page size against the model of what was saved

  @Test
  void everyPageOfEveryWideQueryMatchesWhatWasSaved(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("WideRowQueriesIT seed: " + seed + " (replay with -Drowan.seed=" + seed + ")");
    Random random = new Random(seed);
    for (Events events : List.of(events(rowan), saltedEvents(rowan))) {
      List<Ev> saved = new ArrayList<>();
      List<String> users = List.of("ann", "bo", "bob", "cy");
      for (String user : users) {
        for (int day = -2; day < 4; day++) {
          int size = random.nextInt(4) == 0 ? 0 : 1 + random.nextInt(9);
          for (int i = 0; i < size; i++) {
            long at = random.nextInt(5) == 0 ? -random.nextInt(1000) : random.nextInt(1_000_000);
            int d = day;
            if (saved.stream().anyMatch(e -> e.userId().equals(user) && e.day() == d && e.at() == at)) {
              continue;
            }
            saved.add(new Ev(user, day, at, random.nextBoolean() ? "x" : random.nextBoolean() ? "y" : null,
                random.nextInt(3) == 0 ? null : random.nextInt(20)));
          }
        }
      }
      events.saveAll(saved);
      String context = "seed " + seed + ", " + saved.size() + " events";
      for (String user : List.of("ann", "bo", "bob", "cy", "zed")) {
        for (int size : PAGE_SIZES) {
          String at = context + ", user " + user + ", pages of " + size;
          assertEquals(expect(events, saved, e -> e.userId().equals(user)), all(p -> events.byUser(user, p), size), at);
          assertEquals(expect(events, saved, e -> e.userId().equals(user) && e.day() == 1),
              all(p -> events.byRow(user, 1, p), size), at);
          List<Integer> days = List.of(3, -2, 1, 7, 0);
          assertEquals(expect(events, saved, e -> e.userId().equals(user) && days.contains(e.day())),
              all(p -> events.byRows(user, days, p), size), at);
          assertEquals(expect(events, saved, e -> e.userId().equals(user) && e.day() >= -1 && e.day() <= 2),
              all(p -> events.byDays(user, -1, 2, p), size), at);
          assertEquals(expect(events, saved, e -> e.userId().equals(user) && "x".equals(e.kind())),
              all(p -> events.byKind(user, "x", p), size), at);
          List<String> some = List.of(user, "bob", "nobody");
          assertEquals(expect(events, saved, e -> some.contains(e.userId())),
              all(p -> events.byUsers(some, p), size), at);
        }
        assertEquals(expect(events, saved, e -> e.userId().equals(user) && "y".equals(e.kind())),
            events.byKind(user, "y"), context);
        List<Ev> byNDesc = saved.stream().filter(e -> e.userId().equals(user))
            .sorted(Comparator.comparing(Ev::n, Comparator.nullsLast(Comparator.<Integer>reverseOrder()))
                .thenComparing(events.keyOrder())).toList();
        assertEquals(byNDesc, events.userByNDesc(user), context);
        for (int size : PAGE_SIZES) {
          String at = context + ", user " + user + ", pages of " + size;
          assertEquals(byNDesc, all(p -> events.userByNDesc(user, p), size), "sorted in memory, " + at);
          assertEquals(expect(events, saved, e -> e.userId().equals(user) && e.day() == 1
              || e.userId().equals("bob") && e.day() == 0), all(p -> events.twoRows(user, 1, "bob", 0, p), size),
              "or-groups, " + at);
        }
        for (int day = -2; day < 4; day++) {
          int d = day;
          assertEquals(saved.stream().filter(e -> e.userId().equals(user) && e.day() == d)
              .sorted(KEY_ORDER.reversed()).toList(), events.rowNewestFirst(user, day), context);
          assertEquals(expect(events, saved, e -> e.userId().equals(user) && e.day() == d).size(),
              events.count(user, day), context);
          assertEquals(expect(events, saved, e -> e.userId().equals(user) && e.day() == d || e.userId().equals("bob")
              && e.day() == 0), events.sorted(events.twoRows(user, day, "bob", 0)), context);
        }
      }
      for (Ev e : saved) {
        assertEquals(Optional.of(e), events.findByKey(e.userId(), e.day(), e.at()), context);
      }
    }
  }

  private static List<Ev> expect(Events events, List<Ev> saved, Predicate<Ev> where) {
    return saved.stream().filter(where).sorted(events.keyOrder()).toList();
  }

  /** Every entity of every page, from the first; fails on a page that repeats the request it was given. */
  private static <E> List<E> all(Function<PageRequest, Page<E>> query, int size) {
    List<E> all = new ArrayList<>();
    PageRequest request = PageRequest.of(size);
    for (int pages = 0; request != null; pages++) {
      assertTrue(pages < 10_000, "pages never end: " + all.size() + " entities so far");
      Page<E> page = query.apply(request);
      assertTrue(page.content().size() <= size, "a page of " + size + " holds " + page.content().size());
      if (page.hasNext()) {
        assertEquals(size, page.content().size(), "a page before the last is full");
      }
      all.addAll(page.content());
      request = page.hasNext() ? page.next() : null;
    }
    return all;
  }

  // ---- tall entities: pages through a salted view and paged multi-gets

  /** A tall entity, salted, with a view on its topic. */
  @Table(name = "notes", salt = @Salt(buckets = 4))
  @Family(name = "d")
  @Index(name = "topic", key = {"topic"})
  record Note(@RowKey String id, @Column(name = "t") String topic, @Column(name = "r") Integer rank) {}

  interface NoteQueries extends HBaseRepository<Note> {
    Page<Note> findByTopic(String topic, PageRequest page);

    Page<Note> findByIdIn(List<String> ids, PageRequest page);

    Page<Note> findByTopicIn(List<String> topics, PageRequest page);

    Page<Note> findByTopicOrderByRankDesc(String topic, PageRequest page);

    Page<Note> findByTopicOrId(String topic, String id, PageRequest page);
  }

  @Test
  void pagesOfTallEntitiesThroughViewsAndMultiGetsMatchWhatWasSaved(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("WideRowQueriesIT tall seed: " + seed + " (replay with -Drowan.seed=" + seed + ")");
    Random random = new Random(seed);
    rowan.schema().create(Note.class);
    NoteQueries notes = rowan.repository(NoteQueries.class);
    List<Note> saved = new ArrayList<>();
    for (int i = 0; i < 40; i++) {
      saved.add(new Note("n-" + random.nextInt(1000) + "-" + i, "t" + random.nextInt(3),
          random.nextInt(4) == 0 ? null : random.nextInt(9)));
    }
    notes.saveAll(saved);
    Comparator<Note> byId = Comparator.comparing(Note::id);
    List<String> ids = new ArrayList<>(saved.stream().map(Note::id).filter(id -> random.nextBoolean()).toList());
    ids.add("n-missing");
    java.util.Collections.shuffle(ids, random);
    for (int size : PAGE_SIZES) {
      String at = "seed " + seed + ", pages of " + size;
      assertEquals(saved.stream().filter(n -> n.topic().equals("t1")).sorted(byId).toList(),
          all(p -> notes.findByTopic("t1", p), size), at);
      assertEquals(saved.stream().filter(n -> ids.contains(n.id())).sorted(byId).toList(),
          all(p -> notes.findByIdIn(ids, p), size), at);
      assertEquals(saved.stream().filter(n -> !n.topic().equals("t1"))
              .sorted(Comparator.comparing(Note::topic).thenComparing(byId)).toList(),
          all(p -> notes.findByTopicIn(List.of("t2", "t0"), p), size), at);
      assertEquals(saved.stream().filter(n -> n.topic().equals("t2"))
              .sorted(Comparator.comparing(Note::rank, Comparator.nullsLast(Comparator.<Integer>reverseOrder()))
                  .thenComparing(byId)).toList(),
          all(p -> notes.findByTopicOrderByRankDesc("t2", p), size), "sorted in memory, " + at);
      String other = saved.get(random.nextInt(saved.size())).id();
      assertEquals(saved.stream().filter(n -> n.topic().equals("t0") || n.id().equals(other)).sorted(byId).toList(),
          all(p -> notes.findByTopicOrId("t0", other, p), size), "or-groups, " + at);
    }
  }

  // ---- page tokens of another method

  /** Two properties whose capitalised names have the same String hash code: "Aa" and "BB". */
  @Table(name = "pairs")
  @Family(name = "d")
  record Pair(@RowKey String id, @Column(name = "a") String aa, @Column(name = "b") String bB) {}

  interface PairQueries extends HBaseRepository<Pair> {
    @AllowScan
    Page<Pair> findByAa(String aa, PageRequest page);

    @AllowScan
    Page<Pair> findByBB(String bB, PageRequest page);
  }

  @Test
  void aPageTokenOfAMethodWhoseNameHasTheSameHashCodeIsRefused(Rowan rowan) {
    assertEquals("PairQueries.findByAa".hashCode(), "PairQueries.findByBB".hashCode(), "the names collide");
    rowan.schema().create(Pair.class);
    PairQueries pairs = rowan.repository(PairQueries.class);
    List<Pair> saved = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      saved.add(new Pair("p-" + i, "v", "v"));
    }
    pairs.saveAll(saved);
    Page<Pair> first = pairs.findByAa("v", PageRequest.of(3));
    assertTrue(first.hasNext());
    IllegalArgumentException foreign = assertThrows(IllegalArgumentException.class,
        () -> pairs.findByBB("v", first.next()));
    assertTrue(foreign.getMessage().contains("PairQueries.findByBB") && foreign.getMessage().contains("continuation"),
        foreign.getMessage());
    assertEquals(saved, all(p -> pairs.findByBB("v", p), 3), "its own tokens still work");
    assertFalse(pairs.findByAa("v", PageRequest.of(10)).hasNext(), "10 of 10 on one page");
  }
}
