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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Ranges and {@code StartingWith} on a string column that no key of the read holds, which go to
 * the region servers as filters (core's {@code ResidualFilters}), against the model, with the
 * random strings of {@link StringConditions}, on a table without views: read by its key (the
 * filter beside a key range, reversed, paged, counted) and by full scans. The plans are checked to
 * filter on the region servers, so that the run covered the filters.
 * {@link StringConditionsOnViewsModelIT} does the same through views.
 */
@HBaseTest
class StringConditionsModelIT {

  @Test
  void stringConditionsOnATableWithoutViewsAnswerLikeTheModel(Rowan rowan) {
    run(rowan, "StringConditionsModelIT (no views)", new LabelsShape(),
        List.of("findByShelfAndTitleGreaterThan", "findByShelfAndTitleStartingWith", "findByTitleBetween",
            "findByTitleStartingWithAndSubtitleGreaterThanEqual", "deleteByShelfAndTitleStartingWith"),
        List.of());
  }

  /**
   * Runs the model on {@code shape}, then checks that the plans of {@code pushed} filter on the
   * region servers and those of {@code inClient} do not (their view does not carry the string), so
   * that the run covered both.
   */
  static void run(Rowan rowan, String name, Shape<?, ?> shape, List<String> pushed, List<String> inClient) {
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
}
