package dev.rowan.it.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Batches of mostly new entities, so that saves guess their entities new and skip the read
 * (docs/view-consistency.md, step 1), on a salted entity with a full-copy and a narrow view and
 * no {@code @Version}: the live keys in a guessing batch are wrong guesses, written again after
 * their commit fails, and deletes in between give keys that were live, then absent, then new
 * again. Every answer is compared with the model and every view with its rebuild; the run must
 * have written wrong guesses again, or it did not test them.
 */
@HBaseTest
class GuessedInsertsModelIT {

  @Table(name = "events", salt = @Salt(buckets = 4))
  @Index(name = "grp", key = {"group", "rank"})
  @Index(name = "tag", key = {"tag"}, include = {"rank"})
  record Event(
      @RowKey String id,
      @Column(name = "g") String group,
      @Column(name = "r") Integer rank,
      @Column(name = "t") String tag,
      @Column(name = "n") String note) {}

  interface Events extends HBaseRepository<Event> {
    List<Event> findByGroup(String group);

    List<Event> findByGroupAndRankBetween(String group, Integer from, Integer to);

    List<Event> findByGrpGreaterThan(String group, Integer rank);

    Stream<Event> streamByGroupAndRankLessThan(String group, Integer rank);

    List<Event> findTop2ByGroupOrderByRankDesc(String group);

    Page<Event> findByGroupAndRankGreaterThanEqual(String group, Integer rank, PageRequest page);

    long countByGroup(String group);

    boolean existsByGroupAndRank(String group, Integer rank);

    List<Event> findByTag(String tag);

    List<Event> findByTagIn(List<String> tags);

    long countByTag(String tag);

    Optional<Event> findById(String id);

    List<Event> findByIdIn(List<String> ids);

    long deleteByGroup(String group);

    long deleteByTag(String tag);

    long deleteByGroupAndRankLessThan(String group, Integer rank);
  }

  /** Enough keys that most saves of a batch find theirs free, few enough that they come back. */
  static final List<String> IDS = ids();
  static final List<String> GROUPS = List.of("a", "ab", "b", "", "\ud83d\ude00");
  static final List<String> TAGS = List.of("t", "t\0", "\u00e9", "x");

  private static List<String> ids() {
    List<String> ids = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      ids.add(i % 50 == 0 ? "e" + i + "\u00e9" : "e" + i);
    }
    return List.copyOf(ids);
  }

  @Test
  void batchesOfMostlyNewEntitiesAnswerLikeTheModelWhetherTheirGuessesAreRightOrWrong(Connection connection,
      TestNamespace namespace) {
    GuessWatch watch = new GuessWatch();
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).protocolHook(watch).build()) {
      ModelRun.run(rowan, getClass().getSimpleName(), new EventsShape());
    }
    System.out.println(getClass().getSimpleName() + ": " + watch.writtenAgain()
        + " entities guessed new wrongly and written again");
    assertTrue(watch.writtenAgain() > 0, "no batch guessed an entity new that was not: the run did not test a wrong"
        + " guess (NewEntityGuess)");
  }

  static final class EventsShape extends Shape<Event, Events> {

    EventsShape() {
      super(Event.class);
      query("findByGroup", (repo, r, m, v) -> {
        String g = pick(r, GROUPS);
        v.inOrder(call("findByGroup", g), m.where("grp", e -> g.equals(e.group())), repo.findByGroup(g));
      });
      query("findByGroupAndRankBetween", (repo, r, m, v) -> {
        String g = pick(r, GROUPS);
        int from = r.nextInt(9) - 4;
        int to = from + r.nextInt(4);
        v.inOrder(call("findByGroupAndRankBetween", g, from, to),
            m.where("grp", e -> g.equals(e.group()) && e.rank() != null && e.rank() >= from && e.rank() <= to),
            repo.findByGroupAndRankBetween(g, from, to));
      });
      query("findByGrpGreaterThan", (repo, r, m, v) -> {
        String g = pick(r, GROUPS);
        int rank = r.nextInt(9) - 4;
        v.inOrder(call("findByGrpGreaterThan", g, rank),
            m.where("grp", e -> g.equals(e.group()) && e.rank() != null && e.rank() > rank),
            repo.findByGrpGreaterThan(g, rank));
      });
      query("streamByGroupAndRankLessThan", (repo, r, m, v) -> {
        String g = pick(r, GROUPS);
        int rank = r.nextInt(9) - 4;
        v.inOrder(call("streamByGroupAndRankLessThan", g, rank),
            m.where("grp", e -> g.equals(e.group()) && e.rank() != null && e.rank() < rank),
            Verdict.list(repo.streamByGroupAndRankLessThan(g, rank)));
      });
      query("findTop2ByGroupOrderByRankDesc", (repo, r, m, v) -> {
        String g = pick(r, GROUPS);
        v.sorted(call("findTop2ByGroupOrderByRankDesc", g), m.where(e -> g.equals(e.group())),
            Comparator.comparing(Event::rank, Comparator.nullsLast(Comparator.<Integer>reverseOrder())), 2,
            repo.findTop2ByGroupOrderByRankDesc(g));
      });
      query("findByGroupAndRankGreaterThanEqual(PageRequest)", (repo, r, m, v) -> {
        String g = pick(r, GROUPS);
        int rank = r.nextInt(9) - 4;
        List<Event> expected = m.where("grp", e -> g.equals(e.group()) && e.rank() != null && e.rank() >= rank);
        String call = call("findByGroupAndRankGreaterThanEqual", g, rank, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByGroupAndRankGreaterThanEqual(g, rank, p)));
      });
      query("countByGroup", (repo, r, m, v) -> {
        String g = pick(r, GROUPS);
        v.same(call("countByGroup", g), m.where(e -> g.equals(e.group())).size(), repo.countByGroup(g));
      });
      query("existsByGroupAndRank", (repo, r, m, v) -> {
        String g = pick(r, GROUPS);
        int rank = r.nextInt(9) - 4;
        v.same(call("existsByGroupAndRank", g, rank),
            !m.where(e -> g.equals(e.group()) && e.rank() != null && e.rank() == rank).isEmpty(),
            repo.existsByGroupAndRank(g, rank));
      });
      query("findByTag", (repo, r, m, v) -> {
        String t = pick(r, TAGS);
        v.inOrder(call("findByTag", t), m.where("tag", e -> t.equals(e.tag())), repo.findByTag(t));
      });
      query("findByTagIn", (repo, r, m, v) -> {
        List<String> ts = List.of(pick(r, TAGS), pick(r, TAGS));
        v.anyOrder(call("findByTagIn", ts), m.where(e -> e.tag() != null && ts.contains(e.tag())), repo.findByTagIn(ts));
      });
      query("countByTag", (repo, r, m, v) -> {
        String t = pick(r, TAGS);
        v.same(call("countByTag", t), m.where(e -> t.equals(e.tag())).size(), repo.countByTag(t));
      });
      query("findById", (repo, r, m, v) -> {
        String id = pick(r, IDS);
        v.inOrder(call("findById", id), m.where(e -> e.id().equals(id)), repo.findById(id).stream().toList());
      });
      query("findByIdIn", (repo, r, m, v) -> {
        Event live = m.any(r);
        List<String> ids = List.of(pick(r, IDS), pick(r, IDS), live == null ? pick(r, IDS) : live.id());
        v.anyOrder(call("findByIdIn", ids), m.where(e -> ids.contains(e.id())), repo.findByIdIn(ids));
      });
      deletion("deleteByGroup", (repo, r) -> {
        String g = pick(r, GROUPS);
        return deleting(call("deleteByGroup", g), e -> g.equals(e.group()), x -> repo.deleteByGroup(g));
      });
      deletion("deleteByTag", (repo, r) -> {
        String t = pick(r, TAGS);
        return deleting(call("deleteByTag", t), e -> t.equals(e.tag()), x -> repo.deleteByTag(t));
      });
      deletion("deleteByGroupAndRankLessThan", (repo, r) -> {
        String g = pick(r, GROUPS);
        int rank = r.nextInt(9) - 4;
        return deleting(call("deleteByGroupAndRankLessThan", g, rank),
            e -> g.equals(e.group()) && e.rank() != null && e.rank() < rank,
            x -> repo.deleteByGroupAndRankLessThan(g, rank));
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
    boolean mostlyInserts() {
      return true;
    }

    @Override
    Event create(Random r, Event keyOf) {
      return new Event(keyOf == null ? pick(r, IDS) : keyOf.id(), orNull(r, 6, pick(r, GROUPS)),
          orNull(r, 6, r.nextInt(9) - 4), orNull(r, 4, pick(r, TAGS)), orNull(r, 3, "n" + r.nextInt(3)));
    }
  }
}
