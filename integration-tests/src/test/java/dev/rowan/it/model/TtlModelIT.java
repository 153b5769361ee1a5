package dev.rowan.it.model;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.ViewAudit;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The model test with a family TTL: every write form (save, save with nulls, insert, partial
 * update, counter, delete, delete and save again, batches) on entities with a narrow, a full-copy
 * and a unique view, compared with a model where an entity expires whole a TTL after its last
 * write (docs/row-keys.md, "Time to live"), in its table and every view. HBase's TTL clock is the
 * region server's wall clock, so the run sleeps: each round writes, writes again part of the
 * entities after a pause, and reads without a pause (every query method, again and again) until
 * the first writes' TTL has passed and then every TTL. A read near an expiry may see the entity
 * or not ({@link History}). {@code -Drowan.seed=N} replays the operations, {@code
 * -Drowan.model.ttl.rounds=N} sets the rounds (1 by default, 4 to 7 seconds each). The writes'
 * outcomes must fit the states their keys could have had: an insert is refused only while the key
 * may be live, a partial update finds the entity only while it may be live.
 */
@HBaseTest
class TtlModelIT {

  static final int TTL_SECONDS = 2;
  /** How late after its TTL an entity may still be read: the server's clock against the client's. */
  static final long LAG_MILLIS = 300;

  @Table(name = "gadgets")
  @Family(name = "d", ttlSeconds = TTL_SECONDS)
  @Index(name = "kind", key = {"kind", "size"}, include = {"kind"})
  @Index(name = "color", key = {"color"})
  @Index(name = "ref", key = {"ref"}, unique = true)
  record Gadget(
      @RowKey String id,
      @Column(name = "k") String kind,
      @Column(name = "s") Integer size,
      @Column(name = "c") String color,
      @Column(name = "r") String ref,
      @Column(name = "n") String note,
      @Column(name = "h") Long hits) {}

  interface Gadgets extends HBaseRepository<Gadget> {
    List<Gadget> findByKind(String kind);

    List<Gadget> findByKindAndSizeGreaterThan(String kind, Integer size);

    List<Gadget> findTop2ByKindOrderBySizeDesc(String kind);

    long countByKind(String kind);

    List<Gadget> findByColor(String color);

    Page<Gadget> findByColorStartingWith(String prefix, PageRequest page);

    Stream<Gadget> streamByColor(String color);

    boolean existsByRef(String ref);

    java.util.Optional<Gadget> findByRef(String ref);

    @AllowScan
    List<Gadget> findByNote(String note);

    boolean updateNoteById(String note, String id);

    boolean updateColorAndKindById(String color, String kind, String id);

    boolean updateRefById(String ref, String id);

    long addToHitsById(long delta, String id);
  }

  static final List<String> IDS = List.of("g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "g8", "g9", "g10", "g11");
  static final List<String> KINDS = List.of("lamp", "fan", "clock");
  static final List<String> COLORS = List.of("red", "rose", "blue");
  static final List<String> REFS = List.of("r1", "r2", "r3", "r4", "r5", "r6");
  static final List<String> NOTES = List.of("x", "y");

  static final class GadgetsShape extends Shape<Gadget, Gadgets> {

    GadgetsShape() {
      super(Gadget.class);
      query("scanAll", (repo, r, m, v) -> v.inOrder("scanAll()", m.where(g -> true), Verdict.list(repo.scanAll())));
      query("findByKind (narrow view)", (repo, r, m, v) -> {
        String kind = pick(r, KINDS);
        v.inOrder(call("findByKind", kind), m.where("kind", g -> kind.equals(g.kind())), repo.findByKind(kind));
      });
      query("findByKindAndSizeGreaterThan (narrow view)", (repo, r, m, v) -> {
        String kind = pick(r, KINDS);
        int size = r.nextInt(5);
        v.inOrder(call("findByKindAndSizeGreaterThan", kind, size),
            m.where("kind", g -> kind.equals(g.kind()) && g.size() != null && g.size() > size),
            repo.findByKindAndSizeGreaterThan(kind, size));
      });
      query("findTop2ByKindOrderBySizeDesc", (repo, r, m, v) -> {
        String kind = pick(r, KINDS);
        v.inOrder(call("findTop2ByKindOrderBySizeDesc", kind),
            reversed(m.where("kind", g -> kind.equals(g.kind()))).stream().limit(2).toList(),
            repo.findTop2ByKindOrderBySizeDesc(kind));
      });
      query("countByKind", (repo, r, m, v) -> {
        String kind = pick(r, KINDS);
        v.same(call("countByKind", kind), m.where(g -> kind.equals(g.kind())).size(), repo.countByKind(kind));
      });
      query("findByColor (full copy)", (repo, r, m, v) -> {
        String color = pick(r, COLORS);
        v.inOrder(call("findByColor", color), m.where("color", g -> color.equals(g.color())), repo.findByColor(color));
      });
      query("streamByColor", (repo, r, m, v) -> {
        String color = pick(r, COLORS);
        v.inOrder(call("streamByColor", color), m.where("color", g -> color.equals(g.color())),
            Verdict.list(repo.streamByColor(color)));
      });
      query("findByColorStartingWith (pages)", (repo, r, m, v) -> {
        String prefix = pick(r, "r", "b", "");
        List<Gadget> expected = m.where("color", g -> g.color() != null && g.color().startsWith(prefix));
        String call = call("findByColorStartingWith", prefix, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByColorStartingWith(prefix, p)));
      });
      query("existsByRef (unique view)", (repo, r, m, v) -> {
        String ref = pick(r, REFS);
        v.same(call("existsByRef", ref), !m.where(g -> ref.equals(g.ref())).isEmpty(), repo.existsByRef(ref));
      });
      query("findByRef (unique view)", (repo, r, m, v) -> {
        String ref = pick(r, REFS);
        v.inOrder(call("findByRef", ref), m.where(g -> ref.equals(g.ref())), repo.findByRef(ref).stream().toList());
      });
      query("findByNote (scan)", (repo, r, m, v) -> {
        String note = pick(r, NOTES);
        v.inOrder(call("findByNote", note), m.where(g -> note.equals(g.note())), repo.findByNote(note));
      });
      query("findById", (repo, r, m, v) -> {
        String id = pick(r, IDS);
        v.inOrder(call("findByKey", id), m.where(g -> g.id().equals(id)), repo.findByKey(id).stream().toList());
      });
    }

    @Override
    Class<Gadgets> repository() {
      return Gadgets.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    Gadget create(Random r, Gadget keyOf) {
      String kind = orNull(r, 5, pick(r, KINDS));
      return new Gadget(keyOf == null ? pick(r, IDS) : keyOf.id(), kind, kind == null ? null : orNull(r, 5, r.nextInt(5)),
          orNull(r, 5, pick(r, COLORS)), orNull(r, 3, pick(r, REFS)), orNull(r, 3, pick(r, NOTES)),
          orNull(r, 3, (long) r.nextInt(10)));
    }
  }

  @Test
  void entitiesExpireWholeATimeToLiveAfterTheirLastWriteWhateverItWas(Rowan rowan) throws IOException {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    int rounds = Integer.getInteger("rowan.model.ttl.rounds", 1);
    String name = getClass().getSimpleName();
    System.out.println(name + " seed " + seed + " (" + rounds + " rounds of writes and reads past a TTL of "
        + TTL_SECONDS + " s)");
    GadgetsShape shape = new GadgetsShape();
    shape.createTables(rowan);
    Gadgets repository = rowan.repository(Gadgets.class);
    Random random = new Random(seed);
    History<Gadget> history = new History<>(shape.entities, TTL_SECONDS * 1000L, LAG_MILLIS);
    List<java.lang.reflect.Method> writeMethods = java.util.Arrays.stream(Gadgets.class.getMethods())
        .filter(m -> m.getName().matches("(update|add)\\p{Lu}.*"))
        .sorted(java.util.Comparator.comparing(java.lang.reflect.Method::getName)).toList();
    Map<String, Integer> counts = new TreeMap<>();
    ModelWriter<Gadget, Gadgets> writer = new ModelWriter<>(shape, repository, history, writeMethods, new HashMap<>(),
        counts, random, key -> true);
    String[] step = {"start"};
    ReadModel<Gadget> model = new ReadModel<>(shape.entities, history);
    ReadVerdict<Gadget> verdict = new ReadVerdict<>(shape.entities, history, model,
        () -> "shape " + name + ", seed " + seed + ", " + step[0]);
    Reads reads = new Reads(shape, repository, random, model, verdict, step);
    for (int round = 0; round < rounds; round++) {
      step[0] = "round " + round + ", first writes";
      for (int i = 0; i < 25; i++) {
        writer.step();
      }
      long firstWrites = System.currentTimeMillis();
      reads.once();
      step[0] = "round " + round + ", reads before the second writes";
      // the second writes come before the first ones' TTL, or after it (inserts of expired keys,
      // updates and counters that find no entity, unique keys an expired entity held)
      reads.until(firstWrites + Shape.pick(random, 0L, 500L, 1500L, TTL_SECONDS * 1000L + LAG_MILLIS));
      step[0] = "round " + round + ", second writes";
      for (int i = 0; i < 10; i++) {
        writer.step();
      }
      long secondWrites = System.currentTimeMillis();
      step[0] = "round " + round + ", reads while the first writes expire";
      reads.until(firstWrites + TTL_SECONDS * 1000L + LAG_MILLIS);
      step[0] = "round " + round + ", reads while the second writes expire";
      reads.until(secondWrites + TTL_SECONDS * 1000L + LAG_MILLIS);
      step[0] = "round " + round + ", every entity expired";
      reads.once();
    }
    ViewAudit.assertViewsMatchRebuild(rowan, Gadget.class);
    System.out.println(name + " seed " + seed + ": " + writer.writes + " writes " + counts + "; reads judged "
        + verdict.judged + " (pages " + verdict.pagesRead + ", with an entity that may have expired or been written "
        + "during the read " + verdict.eitherWay + ")");
  }

  /** The shape's query checks, run by the test's thread. */
  private record Reads(GadgetsShape shape, Gadgets repository, Random random, ReadModel<Gadget> model,
      ReadVerdict<Gadget> verdict, String[] step) {

    /** Every query check once. */
    void once() {
      for (Shape.Query<Gadget, Gadgets> query : shape.queries) {
        check(query);
      }
    }

    /** Query checks at random until the wall clock reaches {@code millis} (at least one). */
    void until(long millis) {
      do {
        check(Shape.pick(random, shape.queries));
      } while (System.currentTimeMillis() < millis);
    }

    private void check(Shape.Query<Gadget, Gadgets> query) {
      String before = step[0];
      step[0] = before + ": " + query.method();
      verdict.begin();
      query.check().run(repository, random, model, verdict);
      step[0] = before;
    }
  }
}
