package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Limit;
import dev.rowan.core.Sort;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.Version;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * Tall, salted in 4 buckets, a {@code UUID} key, {@code @Version}; a full-copy view on
 * (category, at) and a narrow view on a {@code LocalDate} carrying one column.
 */
class SaltedViewsModelIT extends ModelScenario {

  @Table(name = "orders", salt = @Salt(buckets = 4))
  @Index(name = "cat", key = {"category", "at"})
  @Index(name = "byDay", key = {"day"}, include = {"amount"})
  record Ord(
      @RowKey UUID id,
      @Column(name = "c") String category,
      @Column(name = "t") Instant at,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "q") Integer qty,
      @Column(name = "d") LocalDate day,
      @Version Long version) implements OrdFields {}

  /** A projection: what the narrow byDay view carries, and the key. */
  record DayAmount(UUID id, LocalDate day, BigDecimal amount) {}

  /** A projection as an interface, of the full-copy cat view's columns. */
  interface CategoryQty {
    UUID getId();

    Integer qty();
  }

  /** The fields of an order, whatever its salt: the shape runs on every entity that has them. */
  interface OrdFields {
    UUID id();

    String category();

    Instant at();

    BigDecimal amount();

    Integer qty();

    LocalDate day();

    Long version();
  }

  /** Makes an order of entity type {@code E}. */
  interface OrdMaker<E> {
    E make(UUID id, String category, Instant at, BigDecimal amount, Integer qty, LocalDate day, Long version);
  }

  interface OrdersOf<E extends OrdFields> extends HBaseRepository<E>, OrderFilters<E> {
    boolean updateAmountAndDayById(BigDecimal amount, LocalDate day, UUID id);

    void updateCategoryById(String category, UUID id);

    Integer addToQtyById(int delta, UUID id);

    List<E> findByCategory(String category);

    List<DayAmount> findAmountsByDay(LocalDate day);

    List<DayAmount> findAmountsByCategoryOrDay(String category, LocalDate day);

    Page<CategoryQty> findQtyByCategory(String category, PageRequest page);

    List<E> findByCategory(String category, Sort sort);

    Stream<E> streamByCategory(String category, Sort sort, Limit limit);

    List<DayAmount> findAmountsByDayBetween(LocalDate from, LocalDate to, Limit limit);

    List<E> findByCatBetween(String category, Instant from, Instant to);

    List<E> findByCategoryAndAtAfter(String category, Instant after);

    Stream<E> streamByCategoryAndAtBefore(String category, Instant before);

    List<E> findTop3ByCategoryOrderByAtDesc(String category);

    List<E> findFirstByCategoryOrderByAtAsc(String category);

    Page<E> findByCategoryAndAtGreaterThanEqual(String category, Instant at, PageRequest page);

    List<E> findByCategoryIn(List<String> categories);

    List<E> findByCategoryStartingWith(String prefix);

    List<E> findByCategoryOrderByQtyAsc(String category);

    long countByCategory(String category);

    boolean existsByCategoryAndAt(String category, Instant at);

    List<E> findByDay(LocalDate day);

    List<E> findByDayBetween(LocalDate from, LocalDate to);

    Page<E> findByDayLessThanEqual(LocalDate day, PageRequest page);

    Optional<E> findById(UUID id);

    List<E> findByIdIn(List<UUID> ids);

    Page<E> findByIdIn(List<UUID> ids, PageRequest page);

    List<E> findByCategoryIsAndQtyEquals(String category, Integer qty);

    List<E> findByCategoryOrDay(String category, LocalDate day);

    List<E> findTop3ByCategoryInOrderByAtDesc(List<String> categories);

    Stream<E> findByCategoryInAndAtBetweenOrderByAtAsc(List<String> categories, Instant from, Instant to);

    List<E> findByCategoryOrDayOrderByAmountDesc(String category, LocalDate day);

    long deleteByCategoryAndAtBefore(String category, Instant before);

    void deleteByDay(LocalDate day);
  }

  interface Orders extends OrdersOf<Ord> {}

  /** Queries with the filter keywords, on the views and the main table ({@link OrderFilterChecks}). */
  interface OrderFilters<E extends OrdFields> {
    List<E> findByCategoryAndQtyIsNull(String category);

    List<E> findByCategoryAndQtyNot(String category, Integer qty);

    long countByCategoryAndQtyNotIn(String category, List<Integer> qty);

    List<E> findByDayAndAmountIsNotNull(LocalDate day);

    List<E> findByDayAndQtyGreaterThan(LocalDate day, Integer qty);

    @dev.rowan.core.AllowScan
    List<E> findByQtyIsNull();

    @dev.rowan.core.AllowScan
    long countByAmountIsNull();

    @dev.rowan.core.AllowScan
    List<DayAmount> findAmountsByQtyNot(Integer qty);
  }

  static final List<UUID> IDS = List.of(new UUID(0, 0), new UUID(-1, -1), new UUID(0, 1), new UUID(1, 0),
      new UUID(-1, 0), new UUID(Long.MIN_VALUE, 5), new UUID(Long.MAX_VALUE, -5), new UUID(42, 42),
      new UUID(-42, 7), new UUID(7, -42), new UUID(100, 100), new UUID(-100, -100), new UUID(3, 3), new UUID(-3, 3));
  static final List<String> CATEGORIES = List.of("a", "ab", "b", "\u00e9", "\ud83d\ude00");
  static final Instant T0 = Instant.parse("1969-12-31T23:59:58Z");

  static Instant at(Random r) {
    return T0.plusMillis(r.nextInt(6) * 500L);
  }

  static LocalDate day(Random r) {
    return LocalDate.of(1969, 12, 30).plusDays(r.nextInt(5));
  }

  @Override
  Shape<?, ?> shape() {
    return new OrdersShape();
  }

  /** The shape of {@link Ord}. */
  static final class OrdersShape extends OrdersShapeOf<Ord, Orders> {

    OrdersShape() {
      super(Ord.class, Orders.class, Ord::new);
    }
  }

  /** The shape of an order entity {@code E} with repository {@code R}, salted by any strategy. */
  static class OrdersShapeOf<E extends OrdFields, R extends OrdersOf<E>> extends Shape<E, R> {

    private final Class<R> repository;
    private final OrdMaker<E> maker;

    OrdersShapeOf(Class<E> type, Class<R> repository, OrdMaker<E> maker) {
      super(type);
      this.repository = repository;
      this.maker = maker;
      OrderFilterChecks.register(this);
      query("findByCategory", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        v.inOrder(call("findByCategory", c), m.where("cat", o -> c.equals(o.category())), repo.findByCategory(c));
      });
      query("findAmountsByDay (projection, narrow view)", (repo, r, m, v) -> {
        LocalDate d = day(r);
        v.same(call("findAmountsByDay", d), m.where("byDay", o -> d.equals(o.day())).stream()
            .map(o -> new DayAmount(o.id(), o.day(), o.amount())).toList(), repo.findAmountsByDay(d));
      });
      query("findAmountsByCategoryOrDay (projection, Or)", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        LocalDate d = day(r);
        v.same(call("findAmountsByCategoryOrDay", c, d), m.where(o -> c.equals(o.category()) || d.equals(o.day()))
            .stream().map(o -> new DayAmount(o.id(), o.day(), o.amount()).toString()).sorted().toList(),
            repo.findAmountsByCategoryOrDay(c, d).stream().map(DayAmount::toString).sorted().toList());
      });
      query("findQtyByCategory (interface projection, pages)", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        List<String> expected = m.where("cat", o -> c.equals(o.category())).stream().map(o -> o.id() + "=" + o.qty())
            .toList();
        List<String> got = new java.util.ArrayList<>();
        PageRequest page = PageRequest.of(1 + r.nextInt(4));
        while (page != null) {
          Page<CategoryQty> found = repo.findQtyByCategory(c, page);
          found.content().forEach(p -> got.add(p.getId() + "=" + p.qty()));
          page = found.next();
        }
        v.same(call("findQtyByCategory", c, "pages"), expected, got);
      });
      query("findByCategory(Sort)", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        boolean descending = r.nextBoolean();
        Comparator<E> byAt = Comparator.comparing(E::at, Comparator.nullsLast(Comparator.<Instant>naturalOrder()));
        v.sorted(call("findByCategory", c, descending ? "at desc" : "at asc"), m.where(o -> c.equals(o.category())),
            descending ? byAt.reversed() : byAt, Integer.MAX_VALUE,
            repo.findByCategory(c, descending ? Sort.by("at").descending() : Sort.by("at")));
      });
      query("streamByCategory(Sort, Limit)", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        int limit = 1 + r.nextInt(4);
        v.sorted(call("streamByCategory", c, "at desc", limit), m.where(o -> c.equals(o.category())),
            Comparator.comparing(E::at, Comparator.nullsLast(Comparator.<Instant>reverseOrder())), limit,
            Verdict.list(repo.streamByCategory(c, Sort.by("at").descending(), Limit.of(limit))));
      });
      query("findAmountsByDayBetween(Limit) (projection, narrow view, limit)", (repo, r, m, v) -> {
        LocalDate from = day(r);
        LocalDate to = from.plusDays(r.nextInt(3));
        int limit = 1 + r.nextInt(5);
        v.same(call("findAmountsByDayBetween", from, to, limit), m.where("byDay", o -> o.day() != null
                && !o.day().isBefore(from) && !o.day().isAfter(to)).stream().limit(limit)
            .map(o -> new DayAmount(o.id(), o.day(), o.amount())).toList(),
            repo.findAmountsByDayBetween(from, to, Limit.of(limit)));
      });
      query("findByCatBetween", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Instant from = at(r);
        Instant to = from.plusMillis(r.nextInt(3) * 500L);
        v.inOrder(call("findByCatBetween", c, from, to),
            m.where("cat", o -> c.equals(o.category()) && o.at() != null && !o.at().isBefore(from) && !o.at().isAfter(to)),
            repo.findByCatBetween(c, from, to));
      });
      query("findByCategoryAndAtAfter", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Instant after = at(r);
        v.inOrder(call("findByCategoryAndAtAfter", c, after),
            m.where("cat", o -> c.equals(o.category()) && o.at() != null && o.at().isAfter(after)),
            repo.findByCategoryAndAtAfter(c, after));
      });
      query("streamByCategoryAndAtBefore", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Instant before = at(r);
        v.inOrder(call("streamByCategoryAndAtBefore", c, before),
            m.where("cat", o -> c.equals(o.category()) && o.at() != null && o.at().isBefore(before)),
            Verdict.list(repo.streamByCategoryAndAtBefore(c, before)));
      });
      query("findTop3ByCategoryOrderByAtDesc", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        v.sorted(call("findTop3ByCategoryOrderByAtDesc", c), m.where(o -> c.equals(o.category())),
            Comparator.comparing((E o) -> o.at(), Comparator.nullsLast(Comparator.<Instant>reverseOrder())), 3,
            repo.findTop3ByCategoryOrderByAtDesc(c));
      });
      query("findFirstByCategoryOrderByAtAsc", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        v.sorted(call("findFirstByCategoryOrderByAtAsc", c), m.where(o -> c.equals(o.category())),
            Comparator.comparing((E o) -> o.at(), Comparator.nullsLast(Comparator.<Instant>naturalOrder())), 1,
            repo.findFirstByCategoryOrderByAtAsc(c));
      });
      query("findByCategoryAndAtGreaterThanEqual(PageRequest)", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Instant at = at(r);
        List<E> expected = m.where("cat", o -> c.equals(o.category()) && o.at() != null && !o.at().isBefore(at));
        String call = call("findByCategoryAndAtGreaterThanEqual", c, at, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByCategoryAndAtGreaterThanEqual(c, at, p)));
      });
      query("findByCategoryIn", (repo, r, m, v) -> {
        List<String> cs = List.of(pick(r, CATEGORIES), pick(r, CATEGORIES));
        v.anyOrder(call("findByCategoryIn", cs), m.where(o -> o.category() != null && cs.contains(o.category())), repo.findByCategoryIn(cs));
      });
      query("findByCategoryStartingWith", (repo, r, m, v) -> {
        String prefix = pick(r, "a", "", "\u00e9", "\ud83d\ude00");
        v.inOrder(call("findByCategoryStartingWith", prefix),
            m.where("cat", o -> o.category() != null && o.category().startsWith(prefix)),
            repo.findByCategoryStartingWith(prefix));
      });
      query("findByCategoryStartingWith(unpaired surrogate)", (repo, r, m, v) -> {
        String call = call("findByCategoryStartingWith", "\ud83d");
        try {
          repo.findByCategoryStartingWith("\ud83d");
          v.fail(call, "InvalidValueException naming the method and parameter", "no exception");
        } catch (dev.rowan.mapping.InvalidValueException e) {
          if (!e.getMessage().contains("findByCategoryStartingWith") || !e.getMessage().contains("prefix")) {
            v.fail(call, "InvalidValueException naming the method and parameter", e.toString());
          }
        }
      }, 12);
      query("findByCategoryOrderByQtyAsc", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        v.sorted(call("findByCategoryOrderByQtyAsc", c), m.where(o -> c.equals(o.category())),
            Comparator.comparing((E o) -> o.qty(), Comparator.nullsLast(Comparator.<Integer>naturalOrder())), Integer.MAX_VALUE,
            repo.findByCategoryOrderByQtyAsc(c));
      });
      query("countByCategory", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        v.same(call("countByCategory", c), m.where(o -> c.equals(o.category())).size(), repo.countByCategory(c));
      });
      query("existsByCategoryAndAt", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Instant at = at(r);
        v.same(call("existsByCategoryAndAt", c, at), !m.where(o -> c.equals(o.category()) && at.equals(o.at())).isEmpty(),
            repo.existsByCategoryAndAt(c, at));
      });
      query("findByDay", (repo, r, m, v) -> {
        LocalDate d = day(r);
        v.inOrder(call("findByDay", d), m.where("byDay", o -> d.equals(o.day())), repo.findByDay(d));
      });
      query("findByDayBetween", (repo, r, m, v) -> {
        LocalDate from = day(r);
        LocalDate to = from.plusDays(r.nextInt(3));
        v.inOrder(call("findByDayBetween", from, to),
            m.where("byDay", o -> o.day() != null && !o.day().isBefore(from) && !o.day().isAfter(to)),
            repo.findByDayBetween(from, to));
      });
      query("findByDayLessThanEqual(PageRequest)", (repo, r, m, v) -> {
        LocalDate d = day(r);
        List<E> expected = m.where("byDay", o -> o.day() != null && !o.day().isAfter(d));
        String call = call("findByDayLessThanEqual", d, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByDayLessThanEqual(d, p)));
      });
      query("findById", (repo, r, m, v) -> {
        UUID id = pick(r, IDS);
        v.inOrder(call("findById", id), m.where(o -> o.id().equals(id)), repo.findById(id).stream().toList());
      });
      query("findByIdIn", (repo, r, m, v) -> {
        List<UUID> ids = List.of(pick(r, IDS), pick(r, IDS), pick(r, IDS));
        v.anyOrder(call("findByIdIn", ids), m.where(o -> ids.contains(o.id())), repo.findByIdIn(ids));
      });
      query("findByIdIn(PageRequest)", (repo, r, m, v) -> {
        List<UUID> ids = List.of(pick(r, IDS), pick(r, IDS), pick(r, IDS), pick(r, IDS));
        List<E> expected = m.where(o -> ids.contains(o.id()));
        String call = call("findByIdIn", ids, "pages");
        v.anyOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByIdIn(ids, p)));
      }, 7);
      query("findByDayLessThanEqual(token of another method)", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        Page<E> first = repo.findByCategoryAndAtGreaterThanEqual(c, T0, PageRequest.of(1));
        if (first.next() != null) {
          String call = call("findByDayLessThanEqual", LocalDate.of(1970, 1, 1), "a token of findByCategoryAndAtGreaterThanEqual");
          try {
            Page<E> page = repo.findByDayLessThanEqual(LocalDate.of(1970, 1, 1), first.next());
            v.fail(call, "IllegalArgumentException: the token is another method's", "a page of " + page.content().size());
          } catch (IllegalArgumentException expected) {
            v.checks++;
          }
        }
      }, 10);
      query("findTop3ByCategoryInOrderByAtDesc", (repo, r, m, v) -> {
        List<String> cs = List.of(pick(r, CATEGORIES), pick(r, CATEGORIES));
        v.sorted(call("findTop3ByCategoryInOrderByAtDesc", cs), m.where(o -> o.category() != null && cs.contains(o.category())),
            Comparator.comparing((E o) -> o.at(), Comparator.nullsLast(Comparator.<Instant>reverseOrder())), 3,
            repo.findTop3ByCategoryInOrderByAtDesc(cs));
      });
      query("findByCategoryInAndAtBetweenOrderByAtAsc", (repo, r, m, v) -> {
        List<String> cs = List.of(pick(r, CATEGORIES), pick(r, CATEGORIES));
        Instant from = at(r);
        Instant to = from.plusMillis(r.nextInt(4) * 500L);
        v.sorted(call("findByCategoryInAndAtBetweenOrderByAtAsc", cs, from, to),
            m.where(o -> o.category() != null && cs.contains(o.category()) && o.at() != null && !o.at().isBefore(from)
                && !o.at().isAfter(to)),
            Comparator.comparing((E o) -> o.at()), Integer.MAX_VALUE,
            Verdict.list(repo.findByCategoryInAndAtBetweenOrderByAtAsc(cs, from, to)));
      });
      query("findByCategoryOrDay", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        LocalDate d = day(r);
        v.anyOrder(call("findByCategoryOrDay", c, d), m.where(o -> c.equals(o.category()) || d.equals(o.day())),
            repo.findByCategoryOrDay(c, d));
      });
      query("findByCategoryOrDayOrderByAmountDesc", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        LocalDate d = day(r);
        v.sorted(call("findByCategoryOrDayOrderByAmountDesc", c, d), m.where(o -> c.equals(o.category()) || d.equals(o.day())),
            Comparator.comparing((E o) -> o.amount(), Comparator.nullsLast(Comparator.<BigDecimal>reverseOrder())), Integer.MAX_VALUE,
            repo.findByCategoryOrDayOrderByAmountDesc(c, d));
      });
      query("findByCategoryIsAndQtyEquals", (repo, r, m, v) -> {
        String c = pick(r, CATEGORIES);
        int qty = r.nextInt(5);
        v.inOrder(call("findByCategoryIsAndQtyEquals", c, qty),
            m.where("cat", o -> c.equals(o.category()) && o.qty() != null && o.qty() == qty),
            repo.findByCategoryIsAndQtyEquals(c, qty));
      });
      deletion("deleteByCategoryAndAtBefore", (repo, r) -> {
        String c = pick(r, CATEGORIES);
        Instant before = at(r);
        return deleting(call("deleteByCategoryAndAtBefore", c, before),
            o -> c.equals(o.category()) && o.at() != null && o.at().isBefore(before),
            x -> repo.deleteByCategoryAndAtBefore(c, before));
      });
      deletion("deleteByDay", (repo, r) -> {
        LocalDate d = day(r);
        return deleting(call("deleteByDay", d), o -> d.equals(o.day()), x -> {
          repo.deleteByDay(d);
          return -1;
        });
      });
    }

    @Override
    E invalid(Random r, E keyOf) {
      // A view key over HBase's 32,767-byte row key limit.
      return maker.make(keyOf == null ? pick(r, IDS) : keyOf.id(), "c".repeat(40_000), at(r), null, null, null, null);
    }

    @Override
    Class<R> repository() {
      return repository;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    E create(Random r, E keyOf) {
      return maker.make(keyOf == null ? pick(r, IDS) : keyOf.id(), orNull(r, 6, pick(r, CATEGORIES)), orNull(r, 6, at(r)),
          orNull(r, 4, BigDecimal.valueOf(r.nextInt(2000) - 1000, r.nextInt(3))), orNull(r, 4, r.nextInt(5)),
          orNull(r, 5, day(r)), null);
    }
  }
}
