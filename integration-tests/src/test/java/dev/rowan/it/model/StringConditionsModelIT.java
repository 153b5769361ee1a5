package dev.rowan.it.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Ranges and {@code StartingWith} on a string column that no key of the read holds, which go to
 * the region servers as filters (core's {@code ResidualFilters}), against the model, with random
 * strings: the empty string, NUL, U+007F/U+0080 and U+07FF/U+0800 (where UTF-8 grows a byte),
 * U+FFFF and code points above it (whose UTF-16 order differs from their code point order), and
 * strings that are prefixes of each other. Values compare by code point, as the keys and filters
 * encode them ({@link Entities#compare}). Two shapes: a table without views, read by its key and
 * by full scans; and a salted table without {@code @Version} whose queries read a view, one that
 * carries the string (the filter is pushed, and lets rows that are not settled through) and one
 * that does not (checked in the client after the main-table read).
 */
@HBaseTest
class StringConditionsModelIT {

  /** Code points that border on an encoding's edges, one per text element. */
  static final List<String> SYMBOLS = List.of("a", "b", "\0", "\u007f", "\u0080", "\u00e9", "\u07ff", "\u0800",
      "\ufffd", "\uffff", "\ud800\udc00", "\ud83d\ude00", "\udbff\udfff");

  /** A random string of up to 3 symbols, often empty or a single one. */
  static String text(Random r) {
    int length = r.nextInt(4);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.append(Shape.pick(r, SYMBOLS));
    }
    return text.toString();
  }

  /**
   * A query argument: a random string, or one near a live value (the value, a prefix of it by code
   * points, or it with a symbol added), so that arguments and values are prefixes of each other.
   */
  static String argument(Random r, String live) {
    if (live == null || r.nextInt(3) == 0) {
      return text(r);
    }
    int[] points = live.codePoints().toArray();
    return switch (r.nextInt(3)) {
      case 0 -> live;
      case 1 -> new String(points, 0, r.nextInt(points.length + 1));
      default -> live + Shape.pick(r, SYMBOLS);
    };
  }

  static boolean between(String value, String from, String to) {
    return value != null && Entities.compare(value, from) >= 0 && Entities.compare(value, to) <= 0;
  }

  /**
   * Whether a {@code Between} from {@code from} to {@code to} is refused (its lower bound above its
   * upper bound, by code point; docs/queries.md); if so, checks that {@code call} throws an
   * {@code IllegalArgumentException} that names {@code method}.
   */
  static boolean refusedBetween(Verdict<?> v, String method, String from, String to, Runnable call) {
    if (Entities.compare(from, to) <= 0) {
      return false;
    }
    String text = Shape.call(method, from, to);
    try {
      call.run();
      v.fail(text, "IllegalArgumentException: the lower bound is above the upper bound", "an answer");
    } catch (IllegalArgumentException expected) {
      if (!expected.getMessage().contains(method)) {
        v.fail(text, "IllegalArgumentException naming " + method, expected.toString());
      }
      v.checks++;
    }
    return true;
  }

  static boolean after(String value, String from) {
    return value != null && Entities.compare(value, from) > 0;
  }

  static boolean atLeast(String value, String from) {
    return value != null && Entities.compare(value, from) >= 0;
  }

  static boolean before(String value, String to) {
    return value != null && Entities.compare(value, to) < 0;
  }

  static boolean atMost(String value, String to) {
    return value != null && Entities.compare(value, to) <= 0;
  }

  static boolean startsWith(String value, String prefix) {
    return value != null && value.startsWith(prefix);
  }

  @Test
  void stringConditionsOnATableWithoutViewsAnswerLikeTheModel(Rowan rowan) {
    run(rowan, "StringConditionsModelIT (no views)", new LabelsShape(),
        List.of("findByShelfAndTitleGreaterThan", "findByShelfAndTitleStartingWith", "findByTitleBetween",
            "findByTitleStartingWithAndSubtitleGreaterThanEqual", "deleteByShelfAndTitleStartingWith"),
        List.of());
  }

  @Test
  void stringConditionsLeftToAViewReadAnswerLikeTheModel(Rowan rowan) {
    run(rowan, "StringConditionsModelIT (salted, views)", new TicketsShape(),
        List.of("findByQueueAndTitleStartingWith", "findByQueueAndTitleBetween", "findByQueueInAndTitleLessThan",
            "findTop3ByQueueAndTitleStartingWithOrderByPrioDesc"),
        List.of("findByOwnerAndTitleStartingWith", "findByOwnerAndTitleGreaterThan"));
  }

  @Test
  void stringConditionsLeftToAViewReadAnswerLikeTheModelWhileViewRowsSettleInTheBackground(Connection connection,
      TestNamespace namespace) {
    // Queries meet view rows not yet settled: the filter lets them through, the reader checks them.
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).settleInBackground(true).build()) {
      ModelRun.run(rowan, "StringConditionsModelIT (salted, views, settled in the background)", new TicketsShape(),
          rowan::close);
    }
  }

  /**
   * Runs the model on {@code shape}, then checks that the plans of {@code pushed} filter on the
   * region servers and those of {@code inClient} do not (their view does not carry the string), so
   * that the run covered both.
   */
  private static void run(Rowan rowan, String name, Shape<?, ?> shape, List<String> pushed, List<String> inClient) {
    Assumptions.assumeFalse(KnownDefects.skipped(shape.hits()), () -> name + " runs into known defects " + shape.hits());
    ModelRun.run(rowan, name, shape);
    HBaseRepository<?> repository = rowan.repository(shape.repository());
    for (String method : pushed) {
      String plan = repository.explain(method);
      assertTrue(plan.contains("filtered on the region servers: "), method + " filters on the region servers:\n" + plan);
    }
    for (String method : inClient) {
      String plan = repository.explain(method);
      assertFalse(plan.contains("filtered on the region servers: "), method + " checks the string in the client:\n" + plan);
    }
  }

  // ---- a table without views ----

  @Table(name = "labels")
  record Label(
      @RowKey(order = 0) String shelf,
      @RowKey(order = 1) int slot,
      @Column(name = "t") String title,
      @Column(name = "s") String subtitle,
      @Column(name = "n") Integer n) {}

  interface Labels extends HBaseRepository<Label> {
    List<Label> findByShelfAndTitleGreaterThan(String shelf, String title);

    List<Label> findByShelfAndTitleGreaterThanEqual(String shelf, String title);

    List<Label> findByShelfAndTitleLessThan(String shelf, String title);

    List<Label> findByShelfAndTitleLessThanEqual(String shelf, String title);

    List<Label> findByShelfAndTitleBetween(String shelf, String from, String to);

    Stream<Label> findByShelfAndTitleStartingWith(String shelf, String prefix);

    List<Label> findTop2ByShelfAndTitleStartingWithOrderBySlotDesc(String shelf, String prefix);

    Page<Label> findByShelfAndTitleAfter(String shelf, String title, PageRequest page);

    long countByShelfAndTitleStartingWith(String shelf, String prefix);

    boolean existsByShelfAndTitleLessThan(String shelf, String title);

    List<Label> findByShelfAndSlotAndTitleStartingWith(String shelf, int slot, String prefix);

    @AllowScan
    List<Label> findByTitleStartingWith(String prefix);

    @AllowScan
    List<Label> findByTitleBetween(String from, String to);

    @AllowScan
    Page<Label> findByTitleBefore(String title, PageRequest page);

    @AllowScan
    List<Label> findByTitleStartingWithAndSubtitleGreaterThanEqual(String prefix, String subtitle);

    @AllowScan
    long countByTitleGreaterThan(String title);

    long deleteByShelfAndTitleStartingWith(String shelf, String prefix);
  }

  static final List<String> SHELVES = List.of("", "s", "s\0", "\ud83d\ude00");

  static final class LabelsShape extends Shape<Label, Labels> {

    LabelsShape() {
      super(Label.class);
      query("findByShelfAndTitleGreaterThan", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String title = argument(r, liveTitle(r, m));
        v.inOrder(call("findByShelfAndTitleGreaterThan", shelf, title),
            m.where(l -> l.shelf().equals(shelf) && after(l.title(), title)), repo.findByShelfAndTitleGreaterThan(shelf, title));
      });
      query("findByShelfAndTitleGreaterThanEqual", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String title = argument(r, liveTitle(r, m));
        v.inOrder(call("findByShelfAndTitleGreaterThanEqual", shelf, title),
            m.where(l -> l.shelf().equals(shelf) && atLeast(l.title(), title)),
            repo.findByShelfAndTitleGreaterThanEqual(shelf, title));
      });
      query("findByShelfAndTitleLessThan", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String title = argument(r, liveTitle(r, m));
        v.inOrder(call("findByShelfAndTitleLessThan", shelf, title),
            m.where(l -> l.shelf().equals(shelf) && before(l.title(), title)), repo.findByShelfAndTitleLessThan(shelf, title));
      });
      query("findByShelfAndTitleLessThanEqual", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String title = argument(r, liveTitle(r, m));
        v.inOrder(call("findByShelfAndTitleLessThanEqual", shelf, title),
            m.where(l -> l.shelf().equals(shelf) && atMost(l.title(), title)),
            repo.findByShelfAndTitleLessThanEqual(shelf, title));
      });
      query("findByShelfAndTitleBetween", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String from = argument(r, liveTitle(r, m));
        String to = argument(r, liveTitle(r, m));
        if (refusedBetween(v, "findByShelfAndTitleBetween", from, to, () -> repo.findByShelfAndTitleBetween(shelf, from, to))) {
          return;
        }
        v.inOrder(call("findByShelfAndTitleBetween", shelf, from, to),
            m.where(l -> l.shelf().equals(shelf) && between(l.title(), from, to)),
            repo.findByShelfAndTitleBetween(shelf, from, to));
      });
      query("findByShelfAndTitleStartingWith", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String prefix = argument(r, liveTitle(r, m));
        v.inOrder(call("findByShelfAndTitleStartingWith", shelf, prefix),
            m.where(l -> l.shelf().equals(shelf) && startsWith(l.title(), prefix)),
            Verdict.list(repo.findByShelfAndTitleStartingWith(shelf, prefix)));
      });
      query("findTop2ByShelfAndTitleStartingWithOrderBySlotDesc", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String prefix = argument(r, liveTitle(r, m));
        v.inOrder(call("findTop2ByShelfAndTitleStartingWithOrderBySlotDesc", shelf, prefix),
            reversed(m.where(l -> l.shelf().equals(shelf) && startsWith(l.title(), prefix))).stream().limit(2).toList(),
            repo.findTop2ByShelfAndTitleStartingWithOrderBySlotDesc(shelf, prefix));
      });
      query("findByShelfAndTitleAfter(PageRequest)", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String title = argument(r, liveTitle(r, m));
        List<Label> expected = m.where(l -> l.shelf().equals(shelf) && after(l.title(), title));
        String call = call("findByShelfAndTitleAfter", shelf, title, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByShelfAndTitleAfter(shelf, title, p)));
      });
      query("countByShelfAndTitleStartingWith", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String prefix = argument(r, liveTitle(r, m));
        v.same(call("countByShelfAndTitleStartingWith", shelf, prefix),
            m.where(l -> l.shelf().equals(shelf) && startsWith(l.title(), prefix)).size(),
            repo.countByShelfAndTitleStartingWith(shelf, prefix));
      });
      query("existsByShelfAndTitleLessThan", (repo, r, m, v) -> {
        String shelf = pick(r, SHELVES);
        String title = argument(r, liveTitle(r, m));
        v.same(call("existsByShelfAndTitleLessThan", shelf, title),
            !m.where(l -> l.shelf().equals(shelf) && before(l.title(), title)).isEmpty(),
            repo.existsByShelfAndTitleLessThan(shelf, title));
      });
      query("findByShelfAndSlotAndTitleStartingWith", (repo, r, m, v) -> {
        Label live = m.any(r);
        String shelf = live == null ? pick(r, SHELVES) : live.shelf();
        int slot = live == null ? slot(r) : live.slot();
        String prefix = argument(r, live == null ? null : live.title());
        v.inOrder(call("findByShelfAndSlotAndTitleStartingWith", shelf, slot, prefix),
            m.where(l -> l.shelf().equals(shelf) && l.slot() == slot && startsWith(l.title(), prefix)),
            repo.findByShelfAndSlotAndTitleStartingWith(shelf, slot, prefix));
      });
      query("findByTitleStartingWith", (repo, r, m, v) -> {
        String prefix = argument(r, liveTitle(r, m));
        v.inOrder(call("findByTitleStartingWith", prefix), m.where(l -> startsWith(l.title(), prefix)),
            repo.findByTitleStartingWith(prefix));
      });
      query("findByTitleBetween", (repo, r, m, v) -> {
        String from = argument(r, liveTitle(r, m));
        String to = argument(r, liveTitle(r, m));
        if (refusedBetween(v, "findByTitleBetween", from, to, () -> repo.findByTitleBetween(from, to))) {
          return;
        }
        v.inOrder(call("findByTitleBetween", from, to), m.where(l -> between(l.title(), from, to)),
            repo.findByTitleBetween(from, to));
      });
      query("findByTitleBefore(PageRequest)", (repo, r, m, v) -> {
        String title = argument(r, liveTitle(r, m));
        List<Label> expected = m.where(l -> before(l.title(), title));
        String call = call("findByTitleBefore", title, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByTitleBefore(title, p)));
      });
      query("findByTitleStartingWithAndSubtitleGreaterThanEqual", (repo, r, m, v) -> {
        Label live = m.any(r);
        String prefix = argument(r, live == null ? null : live.title());
        String subtitle = argument(r, live == null ? null : live.subtitle());
        v.inOrder(call("findByTitleStartingWithAndSubtitleGreaterThanEqual", prefix, subtitle),
            m.where(l -> startsWith(l.title(), prefix) && atLeast(l.subtitle(), subtitle)),
            repo.findByTitleStartingWithAndSubtitleGreaterThanEqual(prefix, subtitle));
      });
      query("countByTitleGreaterThan", (repo, r, m, v) -> {
        String title = argument(r, liveTitle(r, m));
        v.same(call("countByTitleGreaterThan", title), m.where(l -> after(l.title(), title)).size(),
            repo.countByTitleGreaterThan(title));
      });
      deletion("deleteByShelfAndTitleStartingWith", (repo, r) -> {
        String shelf = pick(r, SHELVES);
        String prefix = text(r);
        Predicate<Label> deletes = l -> l.shelf().equals(shelf) && startsWith(l.title(), prefix);
        return deleting(call("deleteByShelfAndTitleStartingWith", shelf, prefix), deletes,
            x -> repo.deleteByShelfAndTitleStartingWith(shelf, prefix));
      });
    }

    private static String liveTitle(Random r, Model<Label> m) {
      Label live = m.any(r);
      return live == null ? null : live.title();
    }

    @Override
    Class<Labels> repository() {
      return Labels.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Label create(Random r, Label keyOf) {
      return new Label(keyOf == null ? pick(r, SHELVES) : keyOf.shelf(), keyOf == null ? slot(r) : keyOf.slot(),
          orNull(r, 6, text(r)), orNull(r, 4, text(r)), orNull(r, 3, r.nextInt(5)));
    }

    private static int slot(Random r) {
      return r.nextInt(11) - 5;
    }
  }

  // ---- a salted table whose queries read views ----

  @Table(name = "tickets", salt = @Salt(buckets = 3))
  @Index(name = "queue", key = {"queue", "prio"})
  @Index(name = "owner", key = {"owner"}, include = {"prio"})
  record Ticket(
      @RowKey String id,
      @Column(name = "q") String queue,
      @Column(name = "p") Integer prio,
      @Column(name = "o") String owner,
      @Column(name = "t") String title) {}

  interface Tickets extends HBaseRepository<Ticket> {
    List<Ticket> findByQueueAndTitleStartingWith(String queue, String prefix);

    List<Ticket> findByQueueAndTitleBetween(String queue, String from, String to);

    Stream<Ticket> findByQueueAndPrioAndTitleGreaterThan(String queue, Integer prio, String title);

    List<Ticket> findByQueueAndPrioGreaterThanAndTitleLessThanEqual(String queue, Integer prio, String title);

    Page<Ticket> findByQueueAndTitleGreaterThanEqual(String queue, String title, PageRequest page);

    List<Ticket> findTop3ByQueueAndTitleStartingWithOrderByPrioDesc(String queue, String prefix);

    List<Ticket> findByQueueInAndTitleLessThan(List<String> queues, String title);

    long countByQueueAndTitleStartingWith(String queue, String prefix);

    boolean existsByQueueAndTitleBetween(String queue, String from, String to);

    List<Ticket> findByOwnerAndTitleStartingWith(String owner, String prefix);

    List<Ticket> findByOwnerAndTitleGreaterThan(String owner, String title);

    long countByOwnerAndTitleLessThan(String owner, String title);

    List<Ticket> findByIdAndTitleStartingWith(String id, String prefix);

    long deleteByQueueAndTitleStartingWith(String queue, String prefix);
  }

  static final List<String> IDS = Stream.concat(
      IntStream.range(0, 24).mapToObj(i -> "k" + i), Stream.of("\u00e9", "\ud83d\ude00", ""))
      .toList();
  static final List<String> QUEUES = List.of("q", "q\0", "", "\uffff", "\ud83d\ude00");
  static final List<String> OWNERS = List.of("ann", "bob", "\u0800");

  static final class TicketsShape extends Shape<Ticket, Tickets> {

    TicketsShape() {
      super(Ticket.class);
      query("findByQueueAndTitleStartingWith", (repo, r, m, v) -> {
        String q = pick(r, QUEUES);
        String prefix = argument(r, liveTitle(r, m));
        v.inOrder(call("findByQueueAndTitleStartingWith", q, prefix),
            m.where("queue", t -> q.equals(t.queue()) && startsWith(t.title(), prefix)),
            repo.findByQueueAndTitleStartingWith(q, prefix));
      });
      query("findByQueueAndTitleBetween", (repo, r, m, v) -> {
        String q = pick(r, QUEUES);
        String from = argument(r, liveTitle(r, m));
        String to = argument(r, liveTitle(r, m));
        if (refusedBetween(v, "findByQueueAndTitleBetween", from, to, () -> repo.findByQueueAndTitleBetween(q, from, to))) {
          return;
        }
        v.inOrder(call("findByQueueAndTitleBetween", q, from, to),
            m.where("queue", t -> q.equals(t.queue()) && between(t.title(), from, to)),
            repo.findByQueueAndTitleBetween(q, from, to));
      });
      query("findByQueueAndPrioAndTitleGreaterThan", (repo, r, m, v) -> {
        String q = pick(r, QUEUES);
        int prio = prio(r);
        String title = argument(r, liveTitle(r, m));
        v.inOrder(call("findByQueueAndPrioAndTitleGreaterThan", q, prio, title),
            m.where("queue", t -> q.equals(t.queue()) && t.prio() != null && t.prio() == prio && after(t.title(), title)),
            Verdict.list(repo.findByQueueAndPrioAndTitleGreaterThan(q, prio, title)));
      });
      query("findByQueueAndPrioGreaterThanAndTitleLessThanEqual", (repo, r, m, v) -> {
        String q = pick(r, QUEUES);
        int prio = prio(r);
        String title = argument(r, liveTitle(r, m));
        v.inOrder(call("findByQueueAndPrioGreaterThanAndTitleLessThanEqual", q, prio, title),
            m.where("queue", t -> q.equals(t.queue()) && t.prio() != null && t.prio() > prio && atMost(t.title(), title)),
            repo.findByQueueAndPrioGreaterThanAndTitleLessThanEqual(q, prio, title));
      });
      query("findByQueueAndTitleGreaterThanEqual(PageRequest)", (repo, r, m, v) -> {
        String q = pick(r, QUEUES);
        String title = argument(r, liveTitle(r, m));
        List<Ticket> expected = m.where("queue", t -> q.equals(t.queue()) && atLeast(t.title(), title));
        String call = call("findByQueueAndTitleGreaterThanEqual", q, title, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByQueueAndTitleGreaterThanEqual(q, title, p)));
      });
      query("findTop3ByQueueAndTitleStartingWithOrderByPrioDesc", (repo, r, m, v) -> {
        String q = pick(r, QUEUES);
        String prefix = argument(r, liveTitle(r, m));
        v.sorted(call("findTop3ByQueueAndTitleStartingWithOrderByPrioDesc", q, prefix),
            m.where(t -> q.equals(t.queue()) && startsWith(t.title(), prefix)),
            Comparator.comparing(Ticket::prio, Comparator.nullsLast(Comparator.<Integer>reverseOrder())), 3,
            repo.findTop3ByQueueAndTitleStartingWithOrderByPrioDesc(q, prefix));
      });
      query("findByQueueInAndTitleLessThan", (repo, r, m, v) -> {
        List<String> qs = List.of(pick(r, QUEUES), pick(r, QUEUES));
        String title = argument(r, liveTitle(r, m));
        v.anyOrder(call("findByQueueInAndTitleLessThan", qs, title),
            m.where(t -> t.queue() != null && qs.contains(t.queue()) && before(t.title(), title)),
            repo.findByQueueInAndTitleLessThan(qs, title));
      });
      query("countByQueueAndTitleStartingWith", (repo, r, m, v) -> {
        String q = pick(r, QUEUES);
        String prefix = argument(r, liveTitle(r, m));
        v.same(call("countByQueueAndTitleStartingWith", q, prefix),
            m.where(t -> q.equals(t.queue()) && startsWith(t.title(), prefix)).size(),
            repo.countByQueueAndTitleStartingWith(q, prefix));
      });
      query("existsByQueueAndTitleBetween", (repo, r, m, v) -> {
        String q = pick(r, QUEUES);
        String from = argument(r, liveTitle(r, m));
        String to = argument(r, liveTitle(r, m));
        if (refusedBetween(v, "existsByQueueAndTitleBetween", from, to, () -> repo.existsByQueueAndTitleBetween(q, from, to))) {
          return;
        }
        v.same(call("existsByQueueAndTitleBetween", q, from, to),
            !m.where(t -> q.equals(t.queue()) && between(t.title(), from, to)).isEmpty(),
            repo.existsByQueueAndTitleBetween(q, from, to));
      });
      query("findByOwnerAndTitleStartingWith", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        String prefix = argument(r, liveTitle(r, m));
        v.inOrder(call("findByOwnerAndTitleStartingWith", owner, prefix),
            m.where("owner", t -> owner.equals(t.owner()) && startsWith(t.title(), prefix)),
            repo.findByOwnerAndTitleStartingWith(owner, prefix));
      });
      query("findByOwnerAndTitleGreaterThan", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        String title = argument(r, liveTitle(r, m));
        v.inOrder(call("findByOwnerAndTitleGreaterThan", owner, title),
            m.where("owner", t -> owner.equals(t.owner()) && after(t.title(), title)),
            repo.findByOwnerAndTitleGreaterThan(owner, title));
      });
      query("countByOwnerAndTitleLessThan", (repo, r, m, v) -> {
        String owner = pick(r, OWNERS);
        String title = argument(r, liveTitle(r, m));
        v.same(call("countByOwnerAndTitleLessThan", owner, title),
            m.where(t -> owner.equals(t.owner()) && before(t.title(), title)).size(),
            repo.countByOwnerAndTitleLessThan(owner, title));
      });
      query("findByIdAndTitleStartingWith", (repo, r, m, v) -> {
        Ticket live = m.any(r);
        String id = live == null ? pick(r, IDS) : live.id();
        String prefix = argument(r, live == null ? null : live.title());
        v.inOrder(call("findByIdAndTitleStartingWith", id, prefix),
            m.where(t -> t.id().equals(id) && startsWith(t.title(), prefix)), repo.findByIdAndTitleStartingWith(id, prefix));
      });
      deletion("deleteByQueueAndTitleStartingWith", (repo, r) -> {
        String q = pick(r, QUEUES);
        String prefix = text(r);
        return deleting(call("deleteByQueueAndTitleStartingWith", q, prefix),
            t -> q.equals(t.queue()) && startsWith(t.title(), prefix),
            x -> repo.deleteByQueueAndTitleStartingWith(q, prefix));
      });
    }

    private static String liveTitle(Random r, Model<Ticket> m) {
      Ticket live = m.any(r);
      return live == null ? null : live.title();
    }

    private static int prio(Random r) {
      return r.nextInt(5) - 2;
    }

    @Override
    Class<Tickets> repository() {
      return Tickets.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    Ticket create(Random r, Ticket keyOf) {
      return new Ticket(keyOf == null ? pick(r, IDS) : keyOf.id(), orNull(r, 6, pick(r, QUEUES)), orNull(r, 5, prio(r)),
          orNull(r, 5, pick(r, OWNERS)), orNull(r, 6, text(r)));
    }
  }
}
