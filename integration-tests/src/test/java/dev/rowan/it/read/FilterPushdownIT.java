package dev.rowan.it.read;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.AllowScan;
import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.it.read.CountsFromKeysIT.Reads;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.Family;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Salt;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * Conditions on a column that is not part of the key go to the region servers as filters, so the
 * rows that cannot match never cross the wire (counted on the client's connection); the answer
 * is the same as the client's own check would give. Each pushed condition is checked on its own:
 * with its filter removed, its call reads every row of the site and names itself.
 */
@HBaseTest
class FilterPushdownIT {

  /**
   * The contract's order ({@code dev.rowan.it.Order}) with its seller view of a cell per column, whose cells
   * the region servers can filter (a packed view's conditions are checked in the client).
   */
  @Table(name = "orders", salt = @Salt(buckets = 4))
  @Family(name = "d")
  @Index(name = "seller", key = {"sellerId", "createdAt"}, format = Index.Format.COLUMNS)
  record Order(
      @RowKey String orderNo,
      @Column(name = "s") String sellerId,
      @Column(name = "b") String buyerId,
      @Column(name = "c") Instant createdAt,
      @Column(name = "a") BigDecimal amount,
      @Column(name = "n") String note) {}

  /** Queries with a range and a prefix on the note, a carried column that no key holds. */
  interface NoteQueries extends HBaseRepository<Order> {
    List<Order> findBySellerIdAndNoteGreaterThanEqual(String sellerId, String from);

    List<Order> findBySellerIdAndNoteStartingWith(String sellerId, String prefix);

    List<Order> findBySellerIdAndNoteBetween(String sellerId, String from, String to);
  }

  @Test
  void rangesAndPrefixesOnAStringColumnSendOnlyMatchingRows(Connection connection, TestNamespace namespace)
      throws Exception {
    Reads reads = new Reads();
    // a short write lease, waited out after the writes: a read's second look reads the keys of the rows
    // written within the lease (docs/view-consistency.md), and this test counts what the filters let through
    try (Rowan rowan = Rowan.builder(CountsFromKeysIT.watched(connection, reads)).namespace(namespace.name())
        .writeLease(java.time.Duration.ofSeconds(1)).build()) {
      rowan.schema().create(Order.class);
      NoteQueries orders = rowan.repository(NoteQueries.class);
      List<Order> all = new ArrayList<>();
      Instant start = Instant.parse("2026-11-24T10:00:00Z");
      for (int i = 0; i < 200; i++) {
        all.add(new Order("o-" + i, "s-1", "b-" + (i % 7), start.plusSeconds(i), new BigDecimal("1.00"),
            String.format("n%03d", i)));
      }
      orders.saveAll(all);
      Thread.sleep(1_100);

      reads.clear();
      List<Order> from = orders.findBySellerIdAndNoteGreaterThanEqual("s-1", "n190");
      assertEquals(notes(all, n -> n.compareTo("n190") >= 0), sorted(from));
      assertEquals(10, reads.rows, "only the 10 matching rows of the seller's 200 crossed the wire");

      reads.clear();
      List<Order> prefixed = orders.findBySellerIdAndNoteStartingWith("s-1", "n05");
      assertEquals(notes(all, n -> n.startsWith("n05")), sorted(prefixed));
      assertEquals(10, reads.rows);

      reads.clear();
      List<Order> between = orders.findBySellerIdAndNoteBetween("s-1", "n010", "n014");
      assertEquals(notes(all, n -> n.compareTo("n010") >= 0 && n.compareTo("n014") <= 0), sorted(between));
      assertEquals(5, reads.rows);
    }
  }

  /** Queries through the site view with each newly pushed condition on a column no key holds. */
  interface GaugeQueries extends HBaseRepository<Gauge> {
    List<Gauge> findBySiteAndDeltaLessThan(String site, long delta);

    List<Gauge> findBySiteAndDeltaGreaterThanEqual(String site, long delta);

    List<Gauge> findBySiteAndDeltaBetween(String site, long from, long to);

    List<Gauge> findBySiteAndLevelLessThanEqual(String site, int level);

    List<Gauge> findBySiteAndSmallGreaterThan(String site, short small);

    List<Gauge> findBySiteAndTinyBetween(String site, byte from, byte to);

    List<Gauge> findBySiteAndSeenAtBefore(String site, Instant before);

    List<Gauge> findBySiteAndSeenAtAfter(String site, Instant after);

    List<Gauge> findBySiteAndDayLessThan(String site, LocalDate day);

    List<Gauge> findBySiteAndTimeGreaterThanEqual(String site, LocalDateTime time);

    @AllowScan
    List<Gauge> findByLabelIsNull();

    List<Gauge> findBySiteAndAmountIsNotNull(String site);

    List<Gauge> findBySiteAndKindNot(String site, Gauge.Kind kind);

    List<Gauge> findBySiteAndKindNotIn(String site, List<Gauge.Kind> kinds);

    List<Gauge> findBySiteAndLabelEndingWith(String site, String suffix);

    List<Gauge> findBySiteAndLabelContaining(String site, String part);

    List<Gauge> findBySiteAndLabelNotContaining(String site, String part);
  }

  /**
   * A call, and the entities it must return: those of site s-1 that match, or of the whole table
   * for a call on the main table. As many rows may cross the wire for it.
   */
  private record Call(String name, java.util.function.Supplier<List<Gauge>> call,
      java.util.function.Predicate<Gauge> expected, boolean wholeTable) {
    Call(String name, java.util.function.Supplier<List<Gauge>> call, java.util.function.Predicate<Gauge> expected) {
      this(name, call, expected, false);
    }
  }

  @Test
  void rangesOnSignedNumbersAndTimesNullTestsNegationsAndStringPatternsSendOnlyMatchingRows(Connection connection,
      TestNamespace namespace) throws Exception {
    Reads reads = new Reads();
    try (Rowan rowan = Rowan.builder(CountsFromKeysIT.watched(connection, reads)).namespace(namespace.name())
        .build()) {
      rowan.schema().create(Gauge.class);
      GaugeQueries gauges = rowan.repository(GaugeQueries.class);
      List<Gauge> all = new ArrayList<>();
      for (int i = 0; i < 220; i++) {
        int v = i - 100; // -100 to 99 at site s-1, then 100 to 119 at s-2
        all.add(new Gauge(String.format("g-%03d", i), i < 200 ? "s-1" : "s-2", (long) v, v * 1_000_000, (short) v,
            (byte) v, 'c', Instant.EPOCH.plusSeconds(v).plusNanos(i), LocalDate.EPOCH.plusDays(v),
            LocalDateTime.ofEpochSecond(v, 0, ZoneOffset.UTC), i % 20 == 0 ? null : String.format("x-%03d", i),
            i % 20 == 0 ? BigDecimal.ONE : null, null,
            i < 10 ? Gauge.Kind.COLD : i % 2 == 0 ? Gauge.Kind.HOT : Gauge.Kind.WARM));
      }
      gauges.saveAll(all);
      List<Call> calls = List.of(
          new Call("delta < -90", () -> gauges.findBySiteAndDeltaLessThan("s-1", -90), g -> g.delta() < -90),
          new Call("delta >= 90", () -> gauges.findBySiteAndDeltaGreaterThanEqual("s-1", 90), g -> g.delta() >= 90),
          new Call("delta between -5 and 4 (across the sign: two byte ranges)",
              () -> gauges.findBySiteAndDeltaBetween("s-1", -5, 4), g -> g.delta() >= -5 && g.delta() <= 4),
          new Call("level <= -91,000,000", () -> gauges.findBySiteAndLevelLessThanEqual("s-1", -91_000_000),
              g -> g.level() <= -91_000_000),
          new Call("small > 89", () -> gauges.findBySiteAndSmallGreaterThan("s-1", (short) 89), g -> g.small() > 89),
          new Call("tiny between -100 and -91", () -> gauges.findBySiteAndTinyBetween("s-1", (byte) -100, (byte) -91),
              g -> g.tiny() >= -100 && g.tiny() <= -91),
          new Call("seenAt before 1969-12-31T23:58:30Z",
              () -> gauges.findBySiteAndSeenAtBefore("s-1", Instant.EPOCH.minusSeconds(90)),
              g -> g.seenAt().isBefore(Instant.EPOCH.minusSeconds(90))),
          new Call("seenAt after 89.0000005 s", () -> gauges.findBySiteAndSeenAtAfter("s-1",
              Instant.EPOCH.plusSeconds(89).plusNanos(500)), g -> g.seenAt().isAfter(Instant.EPOCH.plusSeconds(89)
                  .plusNanos(500))),
          new Call("day < epoch - 90", () -> gauges.findBySiteAndDayLessThan("s-1", LocalDate.EPOCH.minusDays(90)),
              g -> g.day().isBefore(LocalDate.EPOCH.minusDays(90))),
          new Call("time >= epoch + 90 s", () -> gauges.findBySiteAndTimeGreaterThanEqual("s-1",
              LocalDateTime.ofEpochSecond(90, 0, ZoneOffset.UTC)),
              g -> !g.time().isBefore(LocalDateTime.ofEpochSecond(90, 0, ZoneOffset.UTC))),
          // on the main table only: a view row keeps the cell of a column that became null
          new Call("label is null, on the main table", gauges::findByLabelIsNull, g -> g.label() == null, true),
          new Call("amount is not null", () -> gauges.findBySiteAndAmountIsNotNull("s-1"), g -> g.amount() != null),
          new Call("kind <> HOT", () -> gauges.findBySiteAndKindNot("s-1", Gauge.Kind.HOT),
              g -> g.kind() != Gauge.Kind.HOT),
          new Call("kind not in (HOT, WARM)",
              () -> gauges.findBySiteAndKindNotIn("s-1", List.of(Gauge.Kind.HOT, Gauge.Kind.WARM)),
              g -> g.kind() == Gauge.Kind.COLD),
          new Call("label ending with 7", () -> gauges.findBySiteAndLabelEndingWith("s-1", "7"),
              g -> g.label() != null && g.label().endsWith("7")),
          new Call("label containing -05", () -> gauges.findBySiteAndLabelContaining("s-1", "-05"),
              g -> g.label() != null && g.label().contains("-05")),
          new Call("label containing X-05: case-sensitive", () -> gauges.findBySiteAndLabelContaining("s-1", "X-05"),
              g -> false),
          new Call("label not containing x-1", () -> gauges.findBySiteAndLabelNotContaining("s-1", "x-1"),
              g -> g.label() != null && !g.label().contains("x-1")));
      // every call is checked, so that a condition that is not pushed is named whatever the others do
      assertAll(calls.stream().map(call -> () -> {
        List<Gauge> expected = all.stream().filter(g -> call.wholeTable() || g.site().equals("s-1"))
            .filter(call.expected())
            .sorted(Comparator.comparing(Gauge::id)).toList();
        reads.clear();
        List<Gauge> found = call.call().get().stream().sorted(Comparator.comparing(Gauge::id)).toList();
        assertEquals(expected, found, call.name());
        assertTrue(expected.size() < 200, call.name() + " leaves rows out");
        assertEquals(expected.size(), reads.rows, call.name() + ": only the " + expected.size()
            + " matching rows of the " + (call.wholeTable() ? "table's 220" : "site's 200") + " crossed the wire");
      }));
    }
  }

  private static List<Order> notes(List<Order> all, java.util.function.Predicate<String> note) {
    return sorted(all.stream().filter(o -> note.test(o.note())).toList());
  }

  private static List<Order> sorted(List<Order> orders) {
    return orders.stream().sorted(Comparator.comparing(Order::orderNo)).toList();
  }
}
