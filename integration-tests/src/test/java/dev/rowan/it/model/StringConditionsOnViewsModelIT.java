package dev.rowan.it.model;

import static dev.rowan.it.model.StringConditions.after;
import static dev.rowan.it.model.StringConditions.argument;
import static dev.rowan.it.model.StringConditions.atLeast;
import static dev.rowan.it.model.StringConditions.atMost;
import static dev.rowan.it.model.StringConditions.before;
import static dev.rowan.it.model.StringConditions.between;
import static dev.rowan.it.model.StringConditions.refusedBetween;
import static dev.rowan.it.model.StringConditions.startsWith;
import static dev.rowan.it.model.StringConditions.text;

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
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * The string conditions of {@link StringConditionsModelIT} on a salted table without
 * {@code @Version} whose queries read a view: one view carries the string in a cell of its own
 * ({@code Index.Format.COLUMNS}), so the condition is filtered on the region servers (and the
 * filter lets rows that are not settled through, for the reader to check), the other, packed, does
 * not carry it, so it is checked in the client after the main-table read.
 * Also with every settle in the background, where queries meet unsettled view rows all the time.
 */
@HBaseTest
class StringConditionsOnViewsModelIT {

  @Test
  void stringConditionsLeftToAViewReadAnswerLikeTheModel(Rowan rowan) {
    StringConditionsModelIT.run(rowan, "StringConditionsOnViewsModelIT", new TicketsShape(),
        List.of("findByQueueAndTitleStartingWith", "findByQueueAndTitleBetween", "findByQueueInAndTitleLessThan",
            "findTop3ByQueueAndTitleStartingWithOrderByPrioDesc"),
        List.of("findByOwnerAndTitleStartingWith", "findByOwnerAndTitleGreaterThan"));
  }

  @Test
  void stringConditionsLeftToAViewReadAnswerLikeTheModelWhileViewRowsSettleInTheBackground(Connection connection,
      TestNamespace namespace) {
    // Queries meet view rows not yet settled: the filter lets them through, the reader checks them.
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).settleInBackground(true).build()) {
      ModelRun.runSettlingInBackground(rowan, "StringConditionsOnViewsModelIT (settled in the background)",
          new TicketsShape());
    }
  }

  @Table(name = "tickets", salt = @Salt(buckets = 3))
  // a cell per column, so that the region servers filter on the title; the owner view is packed
  @Index(name = "queue", key = {"queue", "prio"}, format = Index.Format.COLUMNS)
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
