package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Skip scans (docs/queries.md) where features meet: a salted main table keyed
 * [month][serviceType][cpId][at] read by a cp over all service types, with ranges, pages, limits,
 * counts, deletes and filters on columns; and views keyed by a nullable enum column then a number
 * (which a query by the number must not skip over: the view holds no entity without a tier) and by
 * a boolean then the same number, which it reads over both values.
 */
class SkipScanModelIT extends ModelScenario {

  enum ServiceType { HTTP, FTP, SMTP }

  enum Tier { GOLD, SILVER }

  @Table(name = "traffic", salt = @Salt(buckets = 3))
  @Index(name = "tier", key = {"tier", "bytes"})
  @Index(name = "flag", key = {"flagged", "bytes"})
  record Traffic(
      @RowKey(order = 0) int month,
      @RowKey(order = 1) ServiceType serviceType,
      @RowKey(order = 2) String cpId,
      @RowKey(order = 3) long at,
      @Column(name = "b") long bytes,
      @Column(name = "t") Tier tier,
      @Column(name = "n") String note,
      @Column(name = "f") boolean flagged) {}

  interface TrafficQueries extends HBaseRepository<Traffic> {
    List<Traffic> findByMonthAndCpId(int month, String cpId);

    List<Traffic> findByMonthAndCpIdAndAtBetween(int month, String cpId, long from, long to);

    Page<Traffic> findByMonthAndCpIdAndAtGreaterThan(int month, String cpId, long at, PageRequest page);

    List<Traffic> findTop2ByMonthAndCpId(int month, String cpId);

    long countByMonthAndCpId(int month, String cpId);

    boolean existsByMonthAndCpId(int month, String cpId);

    List<Traffic> findByMonthAndCpIdAndNoteIsNull(int month, String cpId);

    List<Traffic> findByMonthAndCpIdAndBytesGreaterThan(int month, String cpId, Long bytes);

    List<Traffic> findByBytes(Long bytes);

    List<Traffic> findByTierAndBytes(Tier tier, Long bytes);

    List<Traffic> findByBytesBetween(Long from, Long to);

    long deleteByMonthAndCpId(int month, String cpId);
  }

  static final List<String> CPS = List.of("cp1", "cp2", "cp10", "");

  @Override
  Shape<?, ?> shape() {
    return new TrafficShape();
  }

  static final class TrafficShape extends Shape<Traffic, TrafficQueries> {

    /** Key order: salt aside, an enum key part by its name. */
    private static final Comparator<Traffic> KEY_ORDER = Comparator.comparingInt(Traffic::month)
        .thenComparing((Traffic t) -> t.serviceType().name()).thenComparing(Traffic::cpId)
        .thenComparingLong(Traffic::at);

    TrafficShape() {
      super(Traffic.class);
      query("findByMonthAndCpId (skip scan)", (repo, r, m, v) -> {
        int month = month(r);
        String cp = pick(r, CPS);
        v.inOrder(call("findByMonthAndCpId", month, cp), sorted(m.where(t -> t.month() == month && t.cpId().equals(cp))),
            repo.findByMonthAndCpId(month, cp));
      });
      query("findByMonthAndCpIdAndAtBetween (skip scan and a range)", (repo, r, m, v) -> {
        int month = month(r);
        String cp = pick(r, CPS);
        long from = r.nextInt(20) - 5;
        long to = from + r.nextInt(10);
        v.inOrder(call("findByMonthAndCpIdAndAtBetween", month, cp, from, to),
            sorted(m.where(t -> t.month() == month && t.cpId().equals(cp) && t.at() >= from && t.at() <= to)),
            repo.findByMonthAndCpIdAndAtBetween(month, cp, from, to));
      });
      query("findByMonthAndCpIdAndAtGreaterThan (skip scan, pages)", (repo, r, m, v) -> {
        int month = month(r);
        String cp = pick(r, CPS);
        long at = r.nextInt(20) - 5;
        List<Traffic> expected = sorted(m.where(t -> t.month() == month && t.cpId().equals(cp) && t.at() > at));
        String call = call("findByMonthAndCpIdAndAtGreaterThan", month, cp, at, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(),
            p -> repo.findByMonthAndCpIdAndAtGreaterThan(month, cp, at, p)));
      });
      query("findTop2ByMonthAndCpId (skip scan, limit)", (repo, r, m, v) -> {
        int month = month(r);
        String cp = pick(r, CPS);
        List<Traffic> all = sorted(m.where(t -> t.month() == month && t.cpId().equals(cp)));
        v.inOrder(call("findTop2ByMonthAndCpId", month, cp), all.subList(0, Math.min(2, all.size())),
            repo.findTop2ByMonthAndCpId(month, cp));
      });
      query("countByMonthAndCpId, existsByMonthAndCpId (skip scan)", (repo, r, m, v) -> {
        int month = month(r);
        String cp = pick(r, CPS);
        long count = m.where(t -> t.month() == month && t.cpId().equals(cp)).size();
        v.same(call("countByMonthAndCpId", month, cp), count, repo.countByMonthAndCpId(month, cp));
        v.same(call("existsByMonthAndCpId", month, cp), count > 0, repo.existsByMonthAndCpId(month, cp));
      });
      query("findByMonthAndCpIdAndNoteIsNull (skip scan, filter)", (repo, r, m, v) -> {
        int month = month(r);
        String cp = pick(r, CPS);
        v.inOrder(call("findByMonthAndCpIdAndNoteIsNull", month, cp),
            sorted(m.where(t -> t.month() == month && t.cpId().equals(cp) && t.note() == null)),
            repo.findByMonthAndCpIdAndNoteIsNull(month, cp));
      });
      query("findByMonthAndCpIdAndBytesGreaterThan (skip scan, filter)", (repo, r, m, v) -> {
        int month = month(r);
        String cp = pick(r, CPS);
        long bytes = r.nextInt(5) - 2;
        v.inOrder(call("findByMonthAndCpIdAndBytesGreaterThan", month, cp, bytes),
            sorted(m.where(t -> t.month() == month && t.cpId().equals(cp) && t.bytes() > bytes)),
            repo.findByMonthAndCpIdAndBytesGreaterThan(month, cp, bytes));
      });
      query("findByBytes (the view's flag skipped)", (repo, r, m, v) -> {
        long bytes = r.nextInt(5) - 2;
        v.anyOrder(call("findByBytes", bytes), m.where(t -> t.bytes() == bytes),
            repo.findByBytes(bytes));
      });
      query("findByTierAndBytes", (repo, r, m, v) -> {
        Tier tier = Tier.values()[r.nextInt(2)];
        long bytes = r.nextInt(5) - 2;
        v.anyOrder(call("findByTierAndBytes", tier, bytes),
            m.where(t -> t.tier() == tier && t.bytes() == bytes), repo.findByTierAndBytes(tier, bytes));
      });
      query("findByBytesBetween (the view's flag skipped)", (repo, r, m, v) -> {
        long from = r.nextInt(5) - 2;
        long to = from + r.nextInt(3);
        v.anyOrder(call("findByBytesBetween", from, to),
            m.where(t -> t.bytes() >= from && t.bytes() <= to), repo.findByBytesBetween(from, to));
      });
      deletion("deleteByMonthAndCpId (skip scan)", (repo, r) -> {
        int month = month(r);
        String cp = pick(r, CPS);
        return deleting(call("deleteByMonthAndCpId", month, cp), t -> t.month() == month && t.cpId().equals(cp),
            x -> repo.deleteByMonthAndCpId(month, cp));
      });
    }

    private static int month(Random r) {
      return 202610 + r.nextInt(2);
    }

    private static List<Traffic> sorted(List<Traffic> matching) {
      return matching.stream().sorted(KEY_ORDER).toList();
    }

    @Override
    Class<TrafficQueries> repository() {
      return TrafficQueries.class;
    }

    @Override
    boolean hasViews() {
      return true;
    }

    @Override
    Traffic create(Random r, Traffic k) {
      ServiceType[] types = ServiceType.values();
      return k == null
          ? new Traffic(month(r), types[r.nextInt(types.length)], pick(r, CPS), r.nextInt(20) - 5, bytes(r), tier(r),
              orNull(r, 3, pick(r, "a", "b")), r.nextBoolean())
          : new Traffic(k.month(), k.serviceType(), k.cpId(), k.at(), bytes(r), tier(r), orNull(r, 3, pick(r, "a", "b")),
              r.nextBoolean());
    }

    private static long bytes(Random r) {
      return r.nextInt(4) - 1; // few values, so that queries by them match often
    }

    private static Tier tier(Random r) {
      return orNull(r, 3, Tier.values()[r.nextInt(2)]);
    }
  }
}
