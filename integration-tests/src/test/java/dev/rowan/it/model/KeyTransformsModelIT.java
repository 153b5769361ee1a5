package dev.rowan.it.model;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Page;
import dev.rowan.core.PageRequest;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.HashPrefix;
import dev.rowan.mapping.annotation.Reversed;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * Tall, no views: a composite key with every transform, {@code @HashPrefix} first, then
 * {@code @FixedLength} int, {@code @Reversed} string, {@code @Descending} string,
 * {@code @FixedLength @Descending} long, {@code @FixedLength} enum and byte array.
 */
class KeyTransformsModelIT extends ModelScenario {

  enum Tier { GOLD, SILVER, BRONZE }

  @Table(name = "codes")
  record Code(
      @RowKey(order = 0) @HashPrefix(length = 2) String region,
      @RowKey(order = 1) @FixedLength(2) int month,
      @RowKey(order = 2) @Reversed String phone,
      @RowKey(order = 3) @Descending String name,
      @RowKey(order = 4) @FixedLength(6) @Descending long countdown,
      @RowKey(order = 5) @FixedLength(6) Tier tier,
      @RowKey(order = 6) @FixedLength(2) byte[] tag,
      @Column(name = "n") String note) {}

  interface Codes extends HBaseRepository<Code> {
    List<Code> findByRegion(String region);

    List<Code> findByRegionAndMonthBetween(String region, int from, int to);

    Page<Code> findByRegionAndMonthGreaterThan(String region, int month, PageRequest page);

    List<Code> findByRegionAndMonthAndPhone(String region, int month, String phone);

    List<Code> findByRegionAndMonthAndPhoneIn(String region, int month, List<String> phones);

    List<Code> findByRegionAndMonthAndPhoneAndNameLessThan(String region, int month, String phone, String name);

    List<Code> findByRegionAndMonthAndPhoneAndNameGreaterThanEqual(String region, int month, String phone, String name);

    Stream<Code> findByRegionAndMonthAndPhoneAndNameStartingWith(String region, int month, String phone, String prefix);

    List<Code> findByRegionAndMonthAndPhoneOrderByNameAsc(String region, int month, String phone);

    List<Code> findTop2ByRegionAndMonthAndPhoneAndNameOrderByCountdownAsc(String region, int month, String phone,
        String name);

    List<Code> findByRegionAndMonthAndPhoneAndNameAndCountdownGreaterThanEqual(String region, int month, String phone,
        String name, long countdown);

    List<Code> findByRegionAndMonthAndPhoneAndNameAndCountdownAndTier(String region, int month, String phone, String name,
        long countdown, Tier tier);

    List<Code> findByRegionAndMonthOrderByPhoneDesc(String region, int month);

    long countByRegionAndMonth(String region, int month);

    boolean existsByRegionAndMonthAndPhone(String region, int month, String phone);

    long deleteByRegionAndMonthAndPhone(String region, int month, String phone);
  }

  static final List<String> REGIONS = List.of("eu", "us");
  static final List<Integer> MONTHS = List.of(1, 2, 12);
  static final List<String> PHONES = List.of("13800", "00831");
  static final List<String> NAMES = List.of("a", "ab", "b", "\u00e9", "\ud83d\ude00", "\uffff");
  static final List<Long> COUNTDOWNS = List.of(0L, 42L, 999_999L);
  static final List<byte[]> TAGS = List.of(new byte[] {0, 0}, new byte[] {0, (byte) 0xff}, new byte[] {(byte) 0xff, 0});

  @Override
  Shape<?, ?> shape() {
    return new CodesShape();
  }

  static final class CodesShape extends Shape<Code, Codes> {

    CodesShape() {
      super(Code.class);
      query("findByRegion", (repo, r, m, v) -> {
        String region = pick(r, REGIONS);
        v.inOrder(call("findByRegion", region), m.where(c -> c.region().equals(region)), repo.findByRegion(region));
      });
      query("findByRegionAndMonthBetween", (repo, r, m, v) -> {
        String region = pick(r, REGIONS);
        int from = pick(r, MONTHS);
        int to = from + r.nextInt(12);
        v.inOrder(call("findByRegionAndMonthBetween", region, from, to),
            m.where(c -> c.region().equals(region) && c.month() >= from && c.month() <= to),
            repo.findByRegionAndMonthBetween(region, from, to));
      });
      query("findByRegionAndMonthGreaterThan(PageRequest)", (repo, r, m, v) -> {
        String region = pick(r, REGIONS);
        int month = pick(r, MONTHS) - 1;
        List<Code> expected = m.where(c -> c.region().equals(region) && c.month() > month);
        String call = call("findByRegionAndMonthGreaterThan", region, month, "pages");
        v.inOrder(call, expected, v.pages(call, r, expected.size(), p -> repo.findByRegionAndMonthGreaterThan(region, month, p)));
      });
      query("findByRegionAndMonthAndPhone", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.inOrder(call("findByRegionAndMonthAndPhone", c0.region(), c0.month(), c0.phone()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())),
            repo.findByRegionAndMonthAndPhone(c0.region(), c0.month(), c0.phone()));
      });
      query("findByRegionAndMonthAndPhoneIn", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        List<String> phones = List.of(pick(r, PHONES), pick(r, PHONES));
        v.anyOrder(call("findByRegionAndMonthAndPhoneIn", c0.region(), c0.month(), phones),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && phones.contains(c.phone())),
            repo.findByRegionAndMonthAndPhoneIn(c0.region(), c0.month(), phones));
      });
      query("findByRegionAndMonthAndPhoneAndNameLessThan", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.inOrder(call("findByRegionAndMonthAndPhoneAndNameLessThan", c0.region(), c0.month(), c0.phone(), c0.name()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())
                && Entities.compare(c.name(), c0.name()) < 0),
            repo.findByRegionAndMonthAndPhoneAndNameLessThan(c0.region(), c0.month(), c0.phone(), c0.name()));
      }, 8);
      query("findByRegionAndMonthAndPhoneAndNameGreaterThanEqual", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.inOrder(call("findByRegionAndMonthAndPhoneAndNameGreaterThanEqual", c0.region(), c0.month(), c0.phone(), c0.name()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())
                && Entities.compare(c.name(), c0.name()) >= 0),
            repo.findByRegionAndMonthAndPhoneAndNameGreaterThanEqual(c0.region(), c0.month(), c0.phone(), c0.name()));
      }, 8);
      query("findByRegionAndMonthAndPhoneAndNameStartingWith", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        String prefix = pick(r, "a", "", "\ud83d\ude00", "b");
        v.inOrder(call("findByRegionAndMonthAndPhoneAndNameStartingWith", c0.region(), c0.month(), c0.phone(), prefix),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())
                && c.name().startsWith(prefix)),
            Verdict.list(repo.findByRegionAndMonthAndPhoneAndNameStartingWith(c0.region(), c0.month(), c0.phone(), prefix)));
      });
      query("findByRegionAndMonthAndPhoneOrderByNameAsc", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.sorted(call("findByRegionAndMonthAndPhoneOrderByNameAsc", c0.region(), c0.month(), c0.phone()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())),
            (a, b) -> Entities.compare(a.name(), b.name()), Integer.MAX_VALUE,
            repo.findByRegionAndMonthAndPhoneOrderByNameAsc(c0.region(), c0.month(), c0.phone()));
      });
      query("findTop2ByRegionAndMonthAndPhoneAndNameOrderByCountdownAsc", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.sorted(call("findTop2ByRegionAndMonthAndPhoneAndNameOrderByCountdownAsc", c0.region(), c0.month(), c0.phone(), c0.name()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())
                && c.name().equals(c0.name())),
            Comparator.comparingLong(Code::countdown), 2,
            repo.findTop2ByRegionAndMonthAndPhoneAndNameOrderByCountdownAsc(c0.region(), c0.month(), c0.phone(), c0.name()));
      });
      query("findByRegionAndMonthAndPhoneAndNameAndCountdownGreaterThanEqual", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.inOrder(call("findByRegionAndMonthAndPhoneAndNameAndCountdownGreaterThanEqual", c0.region(), c0.month(), c0.phone(),
                c0.name(), c0.countdown()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())
                && c.name().equals(c0.name()) && c.countdown() >= c0.countdown()),
            repo.findByRegionAndMonthAndPhoneAndNameAndCountdownGreaterThanEqual(c0.region(), c0.month(), c0.phone(),
                c0.name(), c0.countdown()));
      });
      query("findByRegionAndMonthAndPhoneAndNameAndCountdownAndTier", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.inOrder(call("findByRegionAndMonthAndPhoneAndNameAndCountdownAndTier", c0.region(), c0.month(), c0.phone(),
                c0.name(), c0.countdown(), c0.tier()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())
                && c.name().equals(c0.name()) && c.countdown() == c0.countdown() && c.tier() == c0.tier()),
            repo.findByRegionAndMonthAndPhoneAndNameAndCountdownAndTier(c0.region(), c0.month(), c0.phone(), c0.name(),
                c0.countdown(), c0.tier()));
      });
      query("findByRegionAndMonthOrderByPhoneDesc", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.sorted(call("findByRegionAndMonthOrderByPhoneDesc", c0.region(), c0.month()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month()),
            (a, b) -> Entities.compare(b.phone(), a.phone()), Integer.MAX_VALUE,
            repo.findByRegionAndMonthOrderByPhoneDesc(c0.region(), c0.month()));
      });
      query("countByRegionAndMonth", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.same(call("countByRegionAndMonth", c0.region(), c0.month()),
            m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month()).size(),
            repo.countByRegionAndMonth(c0.region(), c0.month()));
      });
      query("existsByRegionAndMonthAndPhone", (repo, r, m, v) -> {
        Code c0 = create(r, null);
        v.same(call("existsByRegionAndMonthAndPhone", c0.region(), c0.month(), c0.phone()),
            !m.where(c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone())).isEmpty(),
            repo.existsByRegionAndMonthAndPhone(c0.region(), c0.month(), c0.phone()));
      });
      deletion("deleteByRegionAndMonthAndPhone", (repo, r) -> {
        Code c0 = create(r, null);
        return deleting(call("deleteByRegionAndMonthAndPhone", c0.region(), c0.month(), c0.phone()),
            c -> c.region().equals(c0.region()) && c.month() == c0.month() && c.phone().equals(c0.phone()),
            x -> repo.deleteByRegionAndMonthAndPhone(c0.region(), c0.month(), c0.phone()));
      });
    }

    @Override
    Code invalid(Random r, Code k) {
      // 100 does not fit @FixedLength(2); a 3-byte tag does not fit @FixedLength(2).
      Code valid = create(r, k);
      return r.nextBoolean()
          ? new Code(valid.region(), 100, valid.phone(), valid.name(), valid.countdown(), valid.tier(), valid.tag(), null)
          : new Code(valid.region(), valid.month(), valid.phone(), valid.name(), valid.countdown(), valid.tier(),
              new byte[] {1, 2, 3}, null);
    }

    @Override
    Class<Codes> repository() {
      return Codes.class;
    }

    @Override
    boolean hasViews() {
      return false;
    }

    @Override
    Code create(Random r, Code k) {
      return k != null ? new Code(k.region(), k.month(), k.phone(), k.name(), k.countdown(), k.tier(), k.tag(),
          orNull(r, 3, "n" + r.nextInt(3)))
          : new Code(pick(r, REGIONS), pick(r, MONTHS), pick(r, PHONES), pick(r, NAMES), pick(r, COUNTDOWNS),
              pick(r, Tier.values()), pick(r, TAGS), orNull(r, 3, "n" + r.nextInt(3)));
    }
  }
}
