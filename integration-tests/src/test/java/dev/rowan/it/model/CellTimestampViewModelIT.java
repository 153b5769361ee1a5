package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.CellTimestamp;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;

/**
 * Tall, an {@code Instant} {@code @CellTimestamp}, a full-copy view on kind and a narrow one on
 * n: the cell timestamp must read back as saved through the table and both views.
 */
class CellTimestampViewModelIT extends ModelScenario {

  @Table(name = "samples")
  @Index(name = "kind", key = {"kind"})
  @Index(name = "byN", key = {"n"}, include = {"kind"})
  record Sample(
      @RowKey String id,
      @Column(name = "k") String kind,
      @Column(name = "n") Integer n,
      @CellTimestamp Instant at) {}

  interface Samples extends HBaseRepository<Sample> {
    List<Sample> findByKind(String kind);

    Page<Sample> findByKindStartingWith(String prefix, PageRequest page);

    List<Sample> findByNBetween(Integer from, Integer to);

    long countByKind(String kind);

    long deleteByKind(String kind);
  }

  static final List<String> IDS = List.of("s1", "s2", "s3", "s4", "s5");
  static final List<String> KINDS = List.of("NEW", "OLD", "N");

  @Override
  Shape<?, ?> shape() {
    return new SamplesShape();
  }

  static final class SamplesShape extends Shape<Sample, Samples> {

    SamplesShape() {
      super(Sample.class);
      query("findByKind", (repo, r, m, v) -> {
        String kind = pick(r, KINDS);
        v.inOrder(call("findByKind", kind), m.where("kind", s -> kind.equals(s.kind())), repo.findByKind(kind));
      });
      query("findByKindStartingWith(PageRequest)", (repo, r, m, v) -> {
        String prefix = pick(r, "N", "O", "");
        List<Sample> expected = m.where("kind", s -> s.kind() != null && s.kind().startsWith(prefix));
        String call = call("findByKindStartingWith", prefix, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByKindStartingWith(prefix, p)));
      });
      query("findByNBetween", (repo, r, m, v) -> {
        int from = r.nextInt(4) - 1;
        int to = from + r.nextInt(3);
        v.inOrder(call("findByNBetween", from, to), m.where("byN", s -> s.n() != null && s.n() >= from && s.n() <= to),
            repo.findByNBetween(from, to));
      });
      query("countByKind", (repo, r, m, v) -> {
        String kind = pick(r, KINDS);
        v.same(call("countByKind", kind), m.where(s -> kind.equals(s.kind())).size(), repo.countByKind(kind));
      });
      deletion("deleteByKind", (repo, r) -> {
        String kind = pick(r, KINDS);
        return deleting(call("deleteByKind", kind), s -> kind.equals(s.kind()), x -> repo.deleteByKind(kind));
      });
    }

    @Override
    Set<Object> hits() {
      return Set.of(13);
    }

    @Override
    Class<Samples> repository() {
      return Samples.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    Sample create(Random r, Sample keyOf) {
      return new Sample(keyOf == null ? pick(r, IDS) : keyOf.id(), orNull(r, 4, pick(r, KINDS)), orNull(r, 4, r.nextInt(4)),
          null);
    }
  }
}
