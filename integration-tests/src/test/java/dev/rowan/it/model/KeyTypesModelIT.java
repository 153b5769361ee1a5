package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Random;
import java.util.UUID;

/**
 * Tall, salted in 4 buckets on a leading enum part; key parts of type enum, boxed int,
 * {@code BigDecimal} and {@code @Descending Instant}; a narrow view on (UUID, BigDecimal) and a
 * full one on (byte[], {@code @Descending LocalDate}).
 */
class KeyTypesModelIT extends ModelScenario {

  enum Kind { TEMP, HUMIDITY, CO2 }

  @Table(name = "measures", salt = @Salt(buckets = 4, on = "kind"))
  @Index(name = "byRef", key = {"ref", "level"}, include = {"v"})
  @Index(name = "byTag", key = {"tag", "day"})
  record Measure(
      @RowKey(order = 0) Kind kind,
      @RowKey(order = 1) Integer bucket,
      @RowKey(order = 2) BigDecimal level,
      @RowKey(order = 3) @Descending Instant at,
      @Column(name = "r") UUID ref,
      @Column(name = "t") byte[] tag,
      @Descending @Column(name = "d") LocalDate day,
      @Column(name = "v") Long v) {}

  interface Measures extends HBaseRepository<Measure> {
    long addToVByKindAndBucketAndLevelAndAt(long delta, Kind kind, Integer bucket, BigDecimal level, Instant at);

    boolean updateTagAndDayByKindAndBucketAndLevelAndAt(byte[] tag, LocalDate day, Kind kind, Integer bucket,
        BigDecimal level, Instant at);

    List<Measure> findByKind(Kind kind);

    List<Measure> findByKindAndBucketBetween(Kind kind, Integer from, Integer to);

    List<Measure> findByKindAndBucketAndLevelLessThanEqual(Kind kind, Integer bucket, BigDecimal level);

    List<Measure> findByKindAndBucketAndLevelAndAtAfter(Kind kind, Integer bucket, BigDecimal level, Instant after);

    List<Measure> findByKindAndBucketAndLevelAndAtBetween(Kind kind, Integer bucket, BigDecimal level, Instant from,
        Instant to);

    List<Measure> findTop2ByKindAndBucketAndLevelOrderByAtDesc(Kind kind, Integer bucket, BigDecimal level);

    List<Measure> findByKindAndBucketAndLevelOrderByAtAsc(Kind kind, Integer bucket, BigDecimal level);

    Page<Measure> findByKindAndBucketOrderByLevelDesc(Kind kind, Integer bucket, PageRequest page);

    List<Measure> findByKindInAndBucket(List<Kind> kinds, Integer bucket);

    Page<Measure> findByKindAndBucketGreaterThanEqual(Kind kind, Integer bucket, PageRequest page);

    List<Measure> findByRef(UUID ref);

    List<Measure> findByRefAndLevelGreaterThan(UUID ref, BigDecimal level);

    List<Measure> findByTagAndDayBetween(byte[] tag, LocalDate from, LocalDate to);

    Page<Measure> findByTag(byte[] tag, PageRequest page);

    long countByTag(byte[] tag);

    long deleteByRef(UUID ref);
  }

  static final List<Integer> BUCKETS = List.of(-2, -1, 0, 1, Integer.MAX_VALUE);
  static final List<BigDecimal> LEVELS = List.of(new BigDecimal("-12.5"), BigDecimal.ONE.negate(), BigDecimal.ZERO,
      new BigDecimal("0.5"), BigDecimal.ONE, new BigDecimal("12.5"), new BigDecimal("1E+2"));
  static final List<UUID> REFS = List.of(new UUID(0, 0), new UUID(-1, -1), new UUID(1, -1));
  static final List<byte[]> TAGS = List.of(new byte[0], new byte[] {0}, new byte[] {0, 1}, new byte[] {(byte) 0xff});
  static final Instant T0 = Instant.parse("1969-12-31T23:59:59.999999999Z");

  static Instant at(Random r) {
    return T0.plusNanos(r.nextInt(4) * 1_000_000L);
  }

  static LocalDate day(Random r) {
    return LocalDate.of(1969, 12, 31).plusDays(r.nextInt(3));
  }

  @Override
  Shape<?, ?> shape() {
    return new MeasuresShape();
  }

  static final class MeasuresShape extends Shape<Measure, Measures> {

    MeasuresShape() {
      super(Measure.class);
      query("findByKind", (repo, r, m, v) -> {
        Kind kind = pick(r, Kind.values());
        v.inOrder(call("findByKind", kind), m.where(x -> x.kind() == kind), repo.findByKind(kind));
      });
      query("findByKindAndBucketBetween", (repo, r, m, v) -> {
        Kind kind = pick(r, Kind.values());
        int from = pick(r, BUCKETS);
        int to = Math.max(from, pick(r, BUCKETS));
        v.inOrder(call("findByKindAndBucketBetween", kind, from, to),
            m.where(x -> x.kind() == kind && x.bucket() >= from && x.bucket() <= to),
            repo.findByKindAndBucketBetween(kind, from, to));
      });
      query("findByKindAndBucketAndLevelLessThanEqual", (repo, r, m, v) -> {
        Measure p = create(r, null);
        v.inOrder(call("findByKindAndBucketAndLevelLessThanEqual", p.kind(), p.bucket(), p.level()),
            m.where(x -> x.kind() == p.kind() && x.bucket().equals(p.bucket()) && x.level().compareTo(p.level()) <= 0),
            repo.findByKindAndBucketAndLevelLessThanEqual(p.kind(), p.bucket(), p.level()));
      });
      query("findByKindAndBucketAndLevelAndAtAfter", (repo, r, m, v) -> {
        Measure p = create(r, null);
        v.inOrder(call("findByKindAndBucketAndLevelAndAtAfter", p.kind(), p.bucket(), p.level(), p.at()),
            m.where(x -> x.kind() == p.kind() && x.bucket().equals(p.bucket()) && x.level().equals(p.level())
                && x.at().isAfter(p.at())),
            repo.findByKindAndBucketAndLevelAndAtAfter(p.kind(), p.bucket(), p.level(), p.at()));
      });
      query("findByKindAndBucketAndLevelAndAtBetween", (repo, r, m, v) -> {
        Measure p = create(r, null);
        Instant to = p.at().plusMillis(r.nextInt(3));
        v.inOrder(call("findByKindAndBucketAndLevelAndAtBetween", p.kind(), p.bucket(), p.level(), p.at(), to),
            m.where(x -> x.kind() == p.kind() && x.bucket().equals(p.bucket()) && x.level().equals(p.level())
                && !x.at().isBefore(p.at()) && !x.at().isAfter(to)),
            repo.findByKindAndBucketAndLevelAndAtBetween(p.kind(), p.bucket(), p.level(), p.at(), to));
      });
      query("findTop2ByKindAndBucketAndLevelOrderByAtDesc", (repo, r, m, v) -> {
        Measure p = create(r, null);
        v.inOrder(call("findTop2ByKindAndBucketAndLevelOrderByAtDesc", p.kind(), p.bucket(), p.level()),
            m.where(x -> x.kind() == p.kind() && x.bucket().equals(p.bucket()) && x.level().equals(p.level()))
                .stream().limit(2).toList(),
            repo.findTop2ByKindAndBucketAndLevelOrderByAtDesc(p.kind(), p.bucket(), p.level()));
      });
      query("findByKindAndBucketAndLevelOrderByAtAsc", (repo, r, m, v) -> {
        Measure p = create(r, null);
        v.inOrder(call("findByKindAndBucketAndLevelOrderByAtAsc", p.kind(), p.bucket(), p.level()),
            reversed(m.where(x -> x.kind() == p.kind() && x.bucket().equals(p.bucket()) && x.level().equals(p.level()))),
            repo.findByKindAndBucketAndLevelOrderByAtAsc(p.kind(), p.bucket(), p.level()));
      });
      query("findByKindAndBucketOrderByLevelDesc(PageRequest)", (repo, r, m, v) -> {
        Kind kind = pick(r, Kind.values());
        Integer bucket = pick(r, BUCKETS);
        List<Measure> expected = reversed(m.where(x -> x.kind() == kind && x.bucket().equals(bucket)));
        String call = call("findByKindAndBucketOrderByLevelDesc", kind, bucket, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByKindAndBucketOrderByLevelDesc(kind, bucket, p)));
      });
      query("findByKindInAndBucket", (repo, r, m, v) -> {
        List<Kind> kinds = List.of(pick(r, Kind.values()), pick(r, Kind.values()));
        Integer bucket = pick(r, BUCKETS);
        v.anyOrder(call("findByKindInAndBucket", kinds, bucket), m.where(x -> kinds.contains(x.kind()) && x.bucket().equals(bucket)),
            repo.findByKindInAndBucket(kinds, bucket));
      });
      query("findByKindAndBucketGreaterThanEqual(PageRequest)", (repo, r, m, v) -> {
        Kind kind = pick(r, Kind.values());
        Integer bucket = pick(r, BUCKETS);
        List<Measure> expected = m.where(x -> x.kind() == kind && x.bucket() >= bucket);
        String call = call("findByKindAndBucketGreaterThanEqual", kind, bucket, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByKindAndBucketGreaterThanEqual(kind, bucket, p)));
      });
      query("findByRef", (repo, r, m, v) -> {
        UUID ref = pick(r, REFS);
        v.inOrder(call("findByRef", ref), m.where("byRef", x -> ref.equals(x.ref())), repo.findByRef(ref));
      });
      query("findByRefAndLevelGreaterThan", (repo, r, m, v) -> {
        UUID ref = pick(r, REFS);
        BigDecimal level = pick(r, LEVELS);
        v.inOrder(call("findByRefAndLevelGreaterThan", ref, level),
            m.where("byRef", x -> ref.equals(x.ref()) && x.level().compareTo(level) > 0),
            repo.findByRefAndLevelGreaterThan(ref, level));
      });
      query("findByTagAndDayBetween", (repo, r, m, v) -> {
        byte[] tag = pick(r, TAGS);
        LocalDate from = day(r);
        LocalDate to = from.plusDays(r.nextInt(2));
        v.inOrder(call("findByTagAndDayBetween", tag, from, to),
            m.where("byTag", x -> x.tag() != null && java.util.Arrays.equals(tag, x.tag()) && x.day() != null
                && !x.day().isBefore(from) && !x.day().isAfter(to)),
            repo.findByTagAndDayBetween(tag, from, to));
      });
      query("findByTag(PageRequest)", (repo, r, m, v) -> {
        byte[] tag = pick(r, TAGS);
        List<Measure> expected = m.where("byTag", x -> java.util.Arrays.equals(tag, x.tag()));
        String call = call("findByTag", tag, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByTag(tag, p)));
      });
      query("countByTag", (repo, r, m, v) -> {
        byte[] tag = pick(r, TAGS);
        v.same(call("countByTag", tag), m.where(x -> java.util.Arrays.equals(tag, x.tag())).size(), repo.countByTag(tag));
      });
      deletion("deleteByRef", (repo, r) -> {
        UUID ref = pick(r, REFS);
        return deleting(call("deleteByRef", ref), x -> ref.equals(x.ref()), x -> repo.deleteByRef(ref));
      });
    }

    @Override
    Class<Measures> repository() {
      return Measures.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    Measure create(Random r, Measure k) {
      return new Measure(k == null ? pick(r, Kind.values()) : k.kind(), k == null ? pick(r, BUCKETS) : k.bucket(),
          k == null ? pick(r, LEVELS) : k.level(), k == null ? at(r) : k.at(), orNull(r, 4, pick(r, REFS)),
          orNull(r, 4, pick(r, TAGS)), orNull(r, 4, day(r)), orNull(r, 3, (long) r.nextInt(9) - 4));
    }
  }
}
