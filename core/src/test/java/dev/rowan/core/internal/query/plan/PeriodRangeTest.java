package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.rowan.core.internal.query.parse.MethodNameParser;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.parse.SortKey;
import dev.rowan.core.internal.query.parse.Vocabulary;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.PeriodModel;
import dev.rowan.mapping.annotation.Column;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.annotation.TablePerPeriod;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PeriodRangeTest {

  @Table(name = "events")
  @TablePerPeriod(property = "at", every = ChronoUnit.MONTHS)
  record Event(@RowKey(order = 0) String device, @RowKey(order = 1) Instant at, @Column String type) {}

  private static final PeriodModel PERIODS = EntityModel.of(Event.class).periods();
  private static final Vocabulary WORDS = new Vocabulary("Event", List.of("device", "at", "type"), Map.of());
  /** January to June 2025, but March: its tables were never made. */
  private static final List<LocalDate> EXISTING = List.of(month(1), month(2), month(4), month(5), month(6));

  @Test
  void aBetweenReadsTheExistingPeriodsItOverlaps() {
    assertEquals(List.of(month(2), month(4)),
        periods("findByDeviceAndAtBetween", "d", at("2025-02-27T10:00:00Z"), at("2025-04-01T00:00:00Z")));
  }

  @Test
  void oneSidedBoundsReadToTheLastOrFromTheFirstPeriod() {
    assertEquals(List.of(month(5), month(6)), periods("findByAtAfter", at("2025-05-31T23:59:59Z")));
    assertEquals(List.of(month(1), month(2)), periods("findByAtLessThanEqual", at("2025-02-01T00:00:00Z")));
  }

  @Test
  void anEqualityOrAnInNamesItsPeriodsOnly() {
    assertEquals(List.of(month(4)), periods("findByDeviceAndAt", "d", at("2025-04-09T00:00:00Z")));
    assertEquals(List.of(month(1), month(6)), periods("findByAtIn",
        List.of(at("2025-06-03T00:00:00Z"), at("2025-01-03T00:00:00Z"), at("2025-03-03T00:00:00Z"))));
    assertEquals(List.of(month(6)), periods("findByAtInAndAtAfter",
        List.of(at("2025-06-03T00:00:00Z"), at("2025-01-03T00:00:00Z")), at("2025-02-01T00:00:00Z")));
  }

  @Test
  void orGroupsReadTheUnionOfTheirPeriods() {
    assertEquals(List.of(month(1), month(5), month(6)), periods("findByAtBeforeOrTypeAndAtAfter",
        at("2025-01-20T00:00:00Z"), "boot", at("2025-05-02T00:00:00Z")));
  }

  @Test
  void aGroupThatDoesNotBoundThePeriodPropertyIsNamed() {
    assertEquals("[type Equals]", PeriodRange.unboundedGroup(parse("findByAtBeforeOrType", 2), PERIODS));
    assertEquals("[device Equals, at Not]", PeriodRange.unboundedGroup(parse("findByDeviceAndAtNot", 2), PERIODS));
    assertNull(PeriodRange.unboundedGroup(parse("findByTypeAndAtGreaterThanEqual", 2), PERIODS));
    assertEquals(List.of(month(1), month(2), month(4), month(5), month(6)),
        periods("findByAtBeforeOrType", at("2025-01-20T00:00:00Z"), "boot"), "an unbounded group reads every period");
  }

  @Test
  void aPageWhosePeriodWasDroppedResumesInTheNextPeriodReadAndAForeignPeriodIsNotResumed() {
    Object[] args = {at("2025-01-01T00:00:00Z"), at("2025-06-30T00:00:00Z")};
    ParsedQuery query = parse("findByAtBetween", 2);
    List<LocalDate> oldestFirst = List.of(month(4), month(5), month(6));
    List<LocalDate> newestFirst = List.of(month(6), month(5), month(4));
    assertEquals(1, PeriodRange.resume(query, args, PERIODS, oldestFirst, month(5), false), "the period is still read");
    assertEquals(0, PeriodRange.resume(query, args, PERIODS, oldestFirst, month(2), false), "February was dropped");
    assertEquals(3, PeriodRange.resume(query, args, PERIODS, newestFirst, month(2), true), "none is read after it");
    assertEquals(1, PeriodRange.resume(query, args, PERIODS, List.of(month(6), month(4)), month(5), true),
        "newest first, May was dropped: April is next");
    assertEquals(-1, PeriodRange.resume(query, args, PERIODS, oldestFirst, month(8), false), "out of the call's bounds");
    assertEquals(-1, PeriodRange.resume(query, args, PERIODS, oldestFirst, LocalDate.of(2025, 2, 3), false),
        "no month starts on the 3rd");
  }

  @Test
  void ordersMustStartWithThePeriodProperty() {
    assertNull(PeriodChecks.orderProblem(List.of(), PERIODS));
    assertNull(PeriodChecks.orderProblem(List.of(new SortKey("at", true), new SortKey("type", false)), PERIODS));
    assertEquals("orders by type, but Event.at names the period table of each entity, and the periods are read one"
        + " after another: order by at first (OrderByAtAsc or Desc, then type)",
        PeriodChecks.orderProblem(List.of(new SortKey("type", false)), PERIODS));
  }

  private static List<LocalDate> periods(String method, Object... args) {
    return PeriodRange.periods(parse(method, args.length), args, PERIODS, EXISTING);
  }

  private static ParsedQuery parse(String method, int parameters) {
    return MethodNameParser.parse(method, parameters, WORDS);
  }

  private static Instant at(String text) {
    return Instant.parse(text);
  }

  private static LocalDate month(int month) {
    return LocalDate.of(2025, month, 1);
  }
}
