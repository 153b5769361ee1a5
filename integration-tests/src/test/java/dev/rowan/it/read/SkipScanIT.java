package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/**
 * Seed 002, section 5.1: a table keyed [month][serviceType][cpId][at], where "cp001 over all
 * protocols" binds a later part but not the service type. Rowan reads it as one range per service
 * type (a skip scan, docs/queries.md) instead of refusing it, and answers both questions, the cp
 * over all protocols and the protocol over all cps, like a filter of every record.
 */
@HBaseTest
class SkipScanIT {

  enum ServiceType { HTTP, HTTPS, FTP, RTSP, SMTP }

  @Table(name = "traffic", salt = @Salt(buckets = 3))
  record Traffic(@RowKey(order = 0) int month, @RowKey(order = 1) ServiceType serviceType,
      @RowKey(order = 2) String cpId, @RowKey(order = 3) long at, long bytes) {}

  interface TrafficQueries extends HBaseRepository<Traffic> {
    List<Traffic> findByMonthAndCpId(int month, String cpId);

    List<Traffic> findByMonthAndServiceType(int month, ServiceType serviceType);

    List<Traffic> findByMonthAndCpIdAndAtBetween(int month, String cpId, long from, long to);

    long countByMonthAndCpId(int month, String cpId);
  }

  /** Key order: an enum key part is stored by its name. */
  private static final Comparator<Traffic> KEY_ORDER = Comparator.comparing((Traffic t) -> t.serviceType().name())
      .thenComparing(Traffic::cpId).thenComparingLong(Traffic::at);

  private static List<Traffic> select(List<Traffic> all, Predicate<Traffic> matches) {
    return all.stream().filter(matches).sorted(KEY_ORDER).toList();
  }

  @Test
  void aCpOverAllProtocolsAndAProtocolOverAllCpsAnswerLikeAFilterOfEveryRecord(Rowan rowan) {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("SkipScanIT seed " + seed);
    Random random = new Random(seed);
    rowan.schema().create(Traffic.class);
    TrafficQueries traffic = rowan.repository(TrafficQueries.class);
    List<Traffic> all = new ArrayList<>();
    ServiceType[] types = ServiceType.values();
    for (int i = 0; i < 600; i++) {
      all.add(new Traffic(202610 + random.nextInt(3), types[random.nextInt(types.length)],
          "cp" + String.format("%03d", random.nextInt(15)), random.nextInt(10_000), random.nextInt(1 << 20)));
    }
    traffic.saveAll(all);
    List<Traffic> stored = new ArrayList<>(all.stream()
        .collect(java.util.stream.Collectors.toMap(t -> t.month() + "/" + t.serviceType() + "/" + t.cpId() + "/"
            + t.at(), t -> t, (first, later) -> later, java.util.LinkedHashMap::new)).values());
    String plan = traffic.explain("findByMonthAndCpId");
    assertTrue(plan.contains("a skip scan over [serviceType] (one range per value)"), plan);
    for (int call = 0; call < 60; call++) {
      int month = 202610 + random.nextInt(4);
      String cp = "cp" + String.format("%03d", random.nextInt(16));
      ServiceType type = types[random.nextInt(types.length)];
      String context = "call " + call + ", seed " + seed;
      assertEquals(select(stored, t -> t.month() == month && t.cpId().equals(cp)),
          traffic.findByMonthAndCpId(month, cp), context + ": " + cp + " over all protocols");
      assertEquals(select(stored, t -> t.month() == month && t.serviceType() == type),
          traffic.findByMonthAndServiceType(month, type), context + ": " + type + " over all cps");
      long from = random.nextInt(10_000);
      long to = from + random.nextInt(3_000);
      assertEquals(select(stored, t -> t.month() == month && t.cpId().equals(cp) && t.at() >= from && t.at() <= to),
          traffic.findByMonthAndCpIdAndAtBetween(month, cp, from, to), context);
      assertEquals(stored.stream().filter(t -> t.month() == month && t.cpId().equals(cp)).count(),
          traffic.countByMonthAndCpId(month, cp), context);
    }
  }
}
