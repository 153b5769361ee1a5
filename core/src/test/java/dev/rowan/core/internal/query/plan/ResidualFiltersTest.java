package dev.rowan.core.internal.query.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.internal.query.check.ConditionCheck;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.plan.QueryPlannerTest.Fixture;
import dev.rowan.core.internal.query.plan.QueryPlannerTest.Order;
import dev.rowan.core.internal.query.plan.QueryPlannerTest.Status;
import dev.rowan.index.RetiredRows;
import dev.rowan.index.RowStatus;
import dev.rowan.index.RowStatus.State;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.annotation.Index;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import java.io.IOException;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.codec.ValueOrder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Random;
import java.util.UUID;
import org.apache.hadoop.hbase.KeyValue;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.Filter.ReturnCode;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.junit.jupiter.api.Test;

/**
 * Which residual conditions go to the region server as filters, and what those filters keep,
 * evaluated on rows built here as a region server would evaluate them: a filter may keep rows
 * that do not match (the client checks every row), but never drop one a reader must see.
 */
class ResidualFiltersTest {

  private static final Fixture ORDERS = Fixture.of(Order.class).getPayload();
  private static final EntityModel<Order> MODEL = EntityModel.of(Order.class);
  private static final Instant AT = Instant.parse("2026-11-24T10:00:00Z");

  @Test
  void anEqualityOnACarriedColumnIsPushedAndARangeOnlyWhereCellsSortAsValues() {
    AccessPlan equality = plan("findBySellerIdAndBuyerId", 2);
    assertEquals("seller", equality.view().name());
    assertEquals(List.of("buyerId"), names(ResidualFilters.pushed(equality, MODEL)));

    AccessPlan strings = plan("findBySellerIdAndNoteGreaterThan", 2);
    assertEquals(List.of("note"), names(ResidualFilters.pushed(strings, MODEL)), "UTF-8 sorts by code point");

    AccessPlan decimals = plan("findByBuyerIdAndAmountGreaterThan", 2);
    assertEquals(List.of(), names(ResidualFilters.pushed(decimals, MODEL)),
        "a decimal's cells encode its scale: checked in the client");
  }

  @Test
  void aStringRangeKeepsExactlyTheVerifiedRowsInItByCodePoint() throws IOException {
    AccessPlan plan = plan("findBySellerIdAndNoteBetween", 3);
    ViewModel seller = plan.view();
    Filter filter = ResidualFilters.of(plan, MODEL, new Object[] {"s-1", "b", "\uFFFF"});
    for (String note : List.of("b", "c", "zz", "\uFFFF")) {
      assertTrue(keeps(filter, viewRow(seller, order(note), State.VERIFIED)), note);
    }
    for (String note : List.of("a", "\uD83D\uDE00", "\uFFFF!")) { // U+1F600 sorts after U+FFFF by code point
      assertFalse(keeps(filter, viewRow(seller, order(note), State.VERIFIED)), note);
    }
    assertTrue(keeps(filter, viewRow(seller, order("a"), State.UNVERIFIED)), "an unverified row always passes");

    Filter greater = ResidualFilters.of(plan("findBySellerIdAndNoteGreaterThan", 2), MODEL, new Object[] {"s-1", "b"});
    assertFalse(keeps(greater, viewRow(seller, order("b"), State.VERIFIED)), "exclusive");
    assertTrue(keeps(greater, viewRow(seller, order("\uD83D\uDE00"), State.VERIFIED)));
  }

  @Test
  void startingWithKeepsTheVerifiedRowsWithThePrefix() throws IOException {
    AccessPlan plan = plan("findBySellerIdAndNoteStartingWith", 2);
    Filter filter = ResidualFilters.of(plan, MODEL, new Object[] {"s-1", "ab"});
    assertTrue(keeps(filter, viewRow(plan.view(), order("ab"), State.VERIFIED)));
    assertTrue(keeps(filter, viewRow(plan.view(), order("abc"), State.VERIFIED)));
    assertFalse(keeps(filter, viewRow(plan.view(), order("a"), State.VERIFIED)));
    assertFalse(keeps(filter, viewRow(plan.view(), order(null), State.VERIFIED)), "a null note matches nothing");
  }

  private static Order order(String note) {
    return new Order("o-1", "s-1", "b-1", AT, BigDecimal.ONE, note, Status.NEW);
  }

  @Test
  void aDecimalColumnIsNotPushedSinceItsCellsEncodeTheScale() {
    AccessPlan plan = plan("findBySellerIdAndAmount", 2);
    assertEquals(List.of(), names(ResidualFilters.pushed(plan, MODEL)), "1.0 and 1.00 are equal but differ in bytes");
  }

  /** An entity whose only view is narrow. */
  @Table(name = "parcels")
  @Index(name = "buyer", key = {"buyerId"}, include = {"weight"}, format = Index.Format.COLUMNS)
  record Parcel(@RowKey String parcelNo, String buyerId, String note, int weight) {}

  @Test
  void aColumnANarrowViewDoesNotCarryIsNotPushedToIt() {
    Fixture parcels = Fixture.of(Parcel.class).getPayload();
    AccessPlan plan = parcels.plan("findByBuyerIdAndNoteAndWeight", 3).groups().get(0);
    assertEquals("buyer", plan.view().name());
    assertEquals(List.of("weight"), names(ResidualFilters.pushed(plan, parcels.model())),
        "the note is checked after the second read; the weight, which the view carries, is pushed");
  }

  /** As Parcel, its view packed (the default format). */
  @Table(name = "parcels")
  @Index(name = "buyer", key = {"buyerId"}, include = {"weight"})
  record PackedParcel(@RowKey String parcelNo, String buyerId, String note, int weight) {}

  @Test
  void nothingIsPushedToAPackedViewWhoseColumnsAreInOneValue() {
    Fixture parcels = Fixture.of(PackedParcel.class).getPayload();
    AccessPlan plan = parcels.plan("findByBuyerIdAndWeight", 2).groups().get(0);
    assertEquals("buyer", plan.view().name());
    assertEquals(List.of(), names(ResidualFilters.pushed(plan, parcels.model())),
        "the weight is checked in the client: no filter of HBase's reads a packed value");
    assertNull(ResidualFilters.of(plan, parcels.model(), new Object[] {"b-1", 5}));
  }

  @Test
  void onAViewTheFilterKeepsMatchingRowsAndEveryRowThatIsNotVerified() throws IOException {
    AccessPlan plan = plan("findBySellerIdAndBuyerId", 2);
    Filter filter = ResidualFilters.of(plan, MODEL, new Object[] {"s-1", "b-1"});
    ViewModel seller = plan.view();
    Order match = new Order("o-1", "s-1", "b-1", AT, BigDecimal.ONE, "n", Status.NEW);
    Order other = new Order("o-2", "s-1", "b-2", AT, BigDecimal.ONE, "n", Status.NEW);

    assertTrue(keeps(filter, viewRow(seller, match, State.VERIFIED)));
    assertFalse(keeps(filter, viewRow(seller, other, State.VERIFIED)), "a verified row of another buyer");
    assertTrue(keeps(filter, viewRow(seller, other, State.UNVERIFIED)),
        "an unverified row is checked against its main row, whose buyer may be b-1");
    List<Cell> retiredOverALateSettle = new ArrayList<>(viewRow(seller, other, State.VERIFIED));
    Put retired = (Put) RetiredRows.retire(seller, seller.rowKey(MODEL.values(other)),
        new RowStatus(State.LIVE, 2000, 8), Durability.USE_DEFAULT).getMutations().get(0);
    retired.getFamilyCellMap().values().forEach(retiredOverALateSettle::addAll);
    retiredOverALateSettle.sort(CellComparator.getInstance());
    assertTrue(keeps(filter, retiredOverALateSettle),
        "a retired row tells the reader where its entity went, whatever status is under it");
  }

  @Test
  void anInListKeepsARowOfAnyOfItsValues() throws IOException {
    AccessPlan plan = plan("findBySellerIdAndBuyerIdIn", 2);
    Filter filter = ResidualFilters.of(plan, MODEL, new Object[] {"s-1", List.of("b-1", "b-3")});
    ViewModel seller = plan.view();

    assertTrue(keeps(filter, viewRow(seller, new Order("o-1", "s-1", "b-3", AT, null, null, null), State.VERIFIED)));
    assertFalse(keeps(filter, viewRow(seller, new Order("o-1", "s-1", "b-2", AT, null, null, null), State.VERIFIED)));
  }

  // ---- Ranges on numbers and times, and the keywords beyond equality, against the client's check

  /** One column of every type, on a tall table without views. */
  @Table(name = "samples")
  record Sample(@RowKey String id, Byte tiny, Short small, Integer number, Long big, Character letter, Instant at,
      LocalDate day, LocalDateTime time, String text, BigDecimal amount, Double ratio, UUID uuid, Status state,
      String tag) {}

  private static final Fixture SAMPLES = Fixture.of(Sample.class).getPayload();

  private static final List<String> RANGES = List.of("LessThan", "LessThanEqual", "GreaterThan", "GreaterThanEqual",
      "Between", "Before", "After");

  @Test
  void rangesOnSignedNumbersAndTimesArePushedAndKeepExactlyTheRowsTheClientKeeps() throws IOException {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ResidualFiltersTest ranges seed: " + seed);
    Random random = new Random(seed);
    for (String property : List.of("tiny", "small", "number", "big", "letter", "at", "day", "time", "text")) {
      for (String keyword : RANGES) {
        int parameters = keyword.equals("Between") ? 3 : 2;
        AccessPlan plan = samplePlan("findByIdAnd" + capitalise(property) + keyword, parameters);
        assertEquals(List.of(property), names(ResidualFilters.pushed(plan, SAMPLES.model())), property + " " + keyword);
        for (int trial = 0; trial < 300; trial++) {
          Object[] args = new Object[parameters];
          args[0] = "s-1";
          args[1] = value(property, random);
          if (parameters == 3) {
            args[2] = value(property, random);
            if (ValueOrder.of(SAMPLES.model().property(property).type()).compare(args[1], args[2]) > 0) {
              Object swap = args[1];
              args[1] = args[2];
              args[2] = swap;
            }
          }
          Object[] values = sample(property, random.nextInt(10) == 0 ? null : value(property, random));
          assertAgrees(plan, args, values, "seed " + seed + ": " + property + " " + keyword + " " + Arrays.toString(args)
              + " on " + values[SAMPLES.model().property(property).index()]);
        }
      }
    }
  }

  @Test
  void floatsDecimalsUuidsAndEnumsKeepTheirRangesInTheClient() {
    for (String property : List.of("ratio", "amount", "uuid", "state")) {
      for (String keyword : RANGES) {
        AccessPlan plan = samplePlan("findByIdAnd" + capitalise(property) + keyword, keyword.equals("Between") ? 3 : 2);
        assertEquals(List.of(), names(ResidualFilters.pushed(plan, SAMPLES.model())), property + " " + keyword);
      }
    }
  }

  @Test
  void nullTestsAndNegationsArePushedOnEveryTypeAndKeepExactlyTheRowsTheClientKeeps() throws IOException {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ResidualFiltersTest null tests and negations seed: " + seed);
    Random random = new Random(seed);
    for (String property : List.of("tiny", "small", "number", "big", "letter", "at", "day", "time", "text", "amount",
        "ratio", "uuid", "state")) {
      for (String keyword : List.of("IsNull", "IsNotNull", "Not", "NotIn")) {
        int parameters = keyword.endsWith("Null") ? 1 : 2;
        AccessPlan plan = samplePlan("findByIdAnd" + capitalise(property) + keyword, parameters);
        assertEquals(List.of(property), names(ResidualFilters.pushed(plan, SAMPLES.model())), property + " " + keyword);
        for (int trial = 0; trial < 60; trial++) {
          Object[] args = new Object[parameters];
          args[0] = "s-1";
          if (keyword.equals("Not")) {
            args[1] = value(property, random);
          } else if (keyword.equals("NotIn")) {
            List<Object> excluded = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
              excluded.add(value(property, random));
            }
            args[1] = excluded;
          }
          Object value = random.nextInt(5) == 0 ? null
              : random.nextBoolean() && args.length > 1 && args[1] != null && !(args[1] instanceof List<?> l && l.isEmpty())
                  ? (args[1] instanceof List<?> l ? l.get(0) : args[1]) : value(property, random);
          Object[] values = sample(property, value);
          boolean canonical = !property.equals("amount"); // 1.0 and 1.00: other bytes, equal values
          assertAgrees(plan, args, values, "seed " + seed + ": " + property + " " + keyword + " " + Arrays.toString(args)
              + " on " + value, canonical);
        }
      }
    }
  }

  @Test
  void aDecimalEqualInValueButNotInBytesPassesNotsFilterForTheClientToDrop() throws IOException {
    AccessPlan plan = samplePlan("findByIdAndAmountNot", 2);
    Filter filter = ResidualFilters.of(plan, SAMPLES.model(), new Object[] {"s-1", new BigDecimal("1.0")});
    assertFalse(keeps(filter, mainRow(sample("amount", new BigDecimal("1.0")))), "the same bytes: dropped");
    Object[] scaled = sample("amount", new BigDecimal("1.00"));
    assertTrue(keeps(filter, mainRow(scaled)), "other bytes: kept by the filter");
    assertFalse(ConditionCheck.matches(scaled, plan.residual(), new Object[] {"s-1", new BigDecimal("1.0")},
        SAMPLES.model()), "and dropped by the client, which compares by value");
  }

  @Test
  void isNullKeepsOnlyRowsWithoutTheCellAndAnEmptyStringIsNotNull() throws IOException {
    Filter isNull = ResidualFilters.of(samplePlan("findByIdAndTextIsNull", 1), SAMPLES.model(), new Object[] {"s-1"});
    Filter notNull = ResidualFilters.of(samplePlan("findByIdAndTextIsNotNull", 1), SAMPLES.model(),
        new Object[] {"s-1"});
    assertTrue(keeps(isNull, mainRow(sample("text", null))));
    assertFalse(keeps(isNull, mainRow(sample("text", ""))), "an empty string is a cell of no bytes, and not null");
    assertFalse(keeps(isNull, mainRow(sample("text", "a"))));
    assertFalse(keeps(notNull, mainRow(sample("text", null))));
    assertTrue(keeps(notNull, mainRow(sample("text", ""))));
    assertTrue(keeps(notNull, mainRow(sample("text", "a"))));
  }

  @Test
  void stringPatternsArePushedExactAndCaseSensitiveAndKeepExactlyTheRowsTheClientKeeps() throws IOException {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ResidualFiltersTest string patterns seed: " + seed);
    Random random = new Random(seed);
    for (String keyword : List.of("StartingWith", "EndingWith", "Containing", "NotContaining")) {
      AccessPlan plan = samplePlan("findByIdAndText" + keyword, 2);
      assertEquals(List.of("text"), names(ResidualFilters.pushed(plan, SAMPLES.model())), keyword);
      for (int trial = 0; trial < 400; trial++) {
        String text = text(random, 6);
        String argument = random.nextInt(3) == 0 && !text.isEmpty() ? substring(text, random) : text(random, 3);
        Object[] args = {"s-1", argument};
        Object[] values = sample("text", random.nextInt(10) == 0 ? null : text);
        assertAgrees(plan, args, values, "seed " + seed + ": '" + text + "' " + keyword + " '" + argument + "'");
      }
    }
    Filter containing = ResidualFilters.of(samplePlan("findByIdAndTextContaining", 2), SAMPLES.model(),
        new Object[] {"s-1", "Ab"});
    assertFalse(keeps(containing, mainRow(sample("text", "xaby"))), "case-sensitive, unlike SubstringComparator");
    assertTrue(keeps(containing, mainRow(sample("text", "xAby"))));
    Filter regex = ResidualFilters.of(samplePlan("findByIdAndTextEndingWith", 2), SAMPLES.model(),
        new Object[] {"s-1", ".*\\E$"});
    assertFalse(keeps(regex, mainRow(sample("text", "x"))), "the argument is quoted, never a pattern");
    assertTrue(keeps(regex, mainRow(sample("text", "x.*\\E$"))));
  }

  @Test
  void stringPatternsAreNotPushedOnOtherTypesWhichTheParametersCheckRefuses() {
    assertEquals(List.of(), names(ResidualFilters.pushed(samplePlan("findByIdAndStateContaining", 2),
        SAMPLES.model())));
  }

  @Test
  void onAViewEveryNewKeywordsFilterKeepsTheRowsThatAreNotVerified() throws IOException {
    Order noted = order("Paid in full");
    Order unnoted = order(null);
    for (Object[] method : new Object[][] {
        {"findBySellerIdAndNoteIsNotNull", new Object[] {"s-1"}, noted, unnoted},
        {"findBySellerIdAndNoteNot", new Object[] {"s-1", "x"}, noted, unnoted},
        {"findBySellerIdAndNoteNotIn", new Object[] {"s-1", List.of("x")}, noted, unnoted},
        {"findBySellerIdAndNoteEndingWith", new Object[] {"s-1", "full"}, noted, unnoted},
        {"findBySellerIdAndNoteContaining", new Object[] {"s-1", "in f"}, noted, unnoted},
        {"findBySellerIdAndNoteNotContaining", new Object[] {"s-1", "unpaid"}, noted, unnoted}}) {
      AccessPlan plan = plan((String) method[0], ((Object[]) method[1]).length);
      assertEquals("seller", plan.view().name());
      Filter filter = ResidualFilters.of(plan, MODEL, (Object[]) method[1]);
      assertTrue(keeps(filter, viewRow(plan.view(), (Order) method[2], State.VERIFIED)), method[0] + " keeps a match");
      assertFalse(keeps(filter, viewRow(plan.view(), (Order) method[3], State.VERIFIED)), method[0] + " drops another");
      assertTrue(keeps(filter, viewRow(plan.view(), (Order) method[3], State.UNVERIFIED)),
          method[0] + " keeps a row not verified");
    }
  }

  @Test
  void isNullIsNotPushedToAViewWhoseRowsKeepTheCellsOfColumnsThatBecameNull() throws IOException {
    AccessPlan onView = plan("findBySellerIdAndNoteIsNull", 1);
    assertEquals("seller", onView.view().name());
    assertEquals(List.of(), names(ResidualFilters.pushed(onView, MODEL)));
    assertEquals(List.of("note"), names(ResidualFilters.pushed(plan("findBySellerIdAndNoteIsNotNull", 1), MODEL)),
        "a stale cell only keeps a row the client then drops");

    // a note set, then cleared: the view row keeps the old cell, and its status cell names the note null
    List<Cell> cleared = new ArrayList<>(viewRow(onView.view(), order(null), State.VERIFIED));
    Cell stale = viewRow(onView.view(), order("old"), State.VERIFIED).stream()
        .filter(c -> new String(c.getQualifierArray(), c.getQualifierOffset(), c.getQualifierLength(),
            java.nio.charset.StandardCharsets.UTF_8).equals("n")).findFirst().orElseThrow();
    cleared.add(stale);
    cleared.sort(CellComparator.getInstance());
    Filter wouldBe = ResidualFilters.filter(MODEL.property("note"), onView.residual().get(0), new Object[] {"s-1"});
    assertFalse(keeps(wouldBe, cleared), "a cell-absence filter would drop the row of an order whose note is null");
  }

  /** The filter keeps exactly the rows the client's check keeps. */
  private static void assertAgrees(AccessPlan plan, Object[] args, Object[] values, String message) throws IOException {
    assertAgrees(plan, args, values, message, true);
  }

  /**
   * The filter keeps every row the client's check keeps, and, when {@code exact}, no other: values
   * equal but for their bytes ({@code 1.0} and {@code 1.00}, NaNs) pass a negation's filter for the
   * client to drop.
   */
  private static void assertAgrees(AccessPlan plan, Object[] args, Object[] values, String message, boolean exact)
      throws IOException {
    Filter filter = ResidualFilters.of(plan, SAMPLES.model(), args);
    boolean client = ConditionCheck.matches(values, plan.residual(), args, SAMPLES.model());
    boolean kept = keeps(filter, mainRow(values));
    if (exact) {
      assertEquals(client, kept, message);
    } else {
      assertTrue(kept || !client, message + ": the filter drops a row the client keeps");
    }
  }

  private static AccessPlan samplePlan(String method, int parameters) {
    AccessPlan plan = SAMPLES.plan(method, parameters).groups().get(0);
    assertEquals(AccessPlan.Operation.GET, plan.access(), method);
    return plan;
  }

  /** The values of a sample whose {@code property} is {@code value}; its tag is always set, so the row has a cell. */
  private static Object[] sample(String property, Object value) {
    Object[] values = new Object[SAMPLES.model().properties().size()];
    values[SAMPLES.model().property("id").index()] = "s-1";
    values[SAMPLES.model().property("tag").index()] = "t";
    values[SAMPLES.model().property(property).index()] = value;
    return values;
  }

  /** The cells of a main row of samples holding {@code values}, as a save writes them. */
  private static List<Cell> mainRow(Object[] values) {
    byte[] row = SAMPLES.model().rowKey().encode(values);
    List<Cell> cells = new ArrayList<>();
    for (PropertyModel property : SAMPLES.model().properties()) {
      Object value = values[property.index()];
      if (property.role() == PropertyModel.Role.COLUMN && value != null) {
        cells.add(new KeyValue(row, property.family(), property.qualifier(), 1000L,
            property.valueCodec().encode(value)));
      }
    }
    cells.sort(CellComparator.getInstance());
    return cells;
  }

  /** A random value of {@code property}'s type, often at an end of its domain, at zero or at -1. */
  private static Object value(String property, Random random) {
    boolean edge = random.nextInt(3) == 0;
    int pick = random.nextInt(5);
    long[] edges = {Long.MIN_VALUE, Long.MAX_VALUE, 0, -1, 1};
    long n = edge ? edges[pick] : random.nextBoolean() ? random.nextLong() : random.nextInt(2001) - 1000;
    return switch (property) {
      case "tiny" -> edge ? (byte) (pick == 0 ? Byte.MIN_VALUE : pick == 1 ? Byte.MAX_VALUE : n) : (byte) n;
      case "small" -> edge ? (short) (pick == 0 ? Short.MIN_VALUE : pick == 1 ? Short.MAX_VALUE : n) : (short) n;
      case "number" -> edge ? (int) (pick == 0 ? Integer.MIN_VALUE : pick == 1 ? Integer.MAX_VALUE : n) : (int) n;
      case "big" -> n;
      case "letter" -> edge ? (char) (pick == 0 ? 0 : pick == 1 ? 0xFFFF : pick == 2 ? 0x7FFF : 0x8000) : (char) n;
      case "at" -> edge ? new Instant[] {Instant.MIN, Instant.MAX, Instant.EPOCH, Instant.EPOCH.minusNanos(1),
          Instant.EPOCH.plusNanos(1)}[pick] : Instant.ofEpochSecond(random.nextInt(2001) - 1000,
              random.nextInt(1_000_000_000));
      case "day" -> edge ? new LocalDate[] {LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH, LocalDate.EPOCH.minusDays(1),
          LocalDate.EPOCH.plusDays(1)}[pick] : LocalDate.ofEpochDay(random.nextInt(2001) - 1000);
      case "time" -> edge ? new LocalDateTime[] {LocalDateTime.MIN, LocalDateTime.MAX,
          LocalDateTime.ofEpochSecond(0, 0, ZoneOffset.UTC), LocalDateTime.ofEpochSecond(-1, 999_999_999, ZoneOffset.UTC),
          LocalDateTime.ofEpochSecond(0, 1, ZoneOffset.UTC)}[pick]
          : LocalDateTime.ofEpochSecond(random.nextInt(2001) - 1000, random.nextInt(1_000_000_000), ZoneOffset.UTC);
      case "text" -> text(random, 4);
      case "amount" -> new BigDecimal(BigInteger.valueOf(random.nextInt(21) - 10), random.nextInt(3));
      case "ratio" -> new double[] {-0.0, 0.0, Double.NaN, -1.5, 2.25}[pick];
      case "uuid" -> new UUID(random.nextInt(3) - 1, random.nextInt(3) - 1);
      case "state" -> Status.values()[random.nextInt(Status.values().length)];
      default -> throw new IllegalArgumentException(property);
    };
  }

  /** A random string of up to {@code length} characters: letters of both cases, pattern characters, a non-BMP one. */
  private static String text(Random random, int length) {
    String[] pieces = {"a", "A", "b", ".", "*", "\\", "E", "Q", "$", "\u00e9", "\uFFFF", "\uD83D\uDE00", "\n"};
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(length + 1); i > 0; i--) {
      text.append(pieces[random.nextInt(pieces.length)]);
    }
    return text.toString();
  }

  /** A random substring of {@code text} that splits no surrogate pair. */
  private static String substring(String text, Random random) {
    int[] points = text.codePoints().toArray();
    int from = random.nextInt(points.length + 1);
    int to = from + random.nextInt(points.length - from + 1);
    return new String(points, from, to - from);
  }

  private static String capitalise(String name) {
    return Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  private static AccessPlan plan(String method, int parameters) {
    return ORDERS.plan(method, parameters).groups().get(0);
  }

  private static List<String> names(List<Condition> conditions) {
    return conditions.stream().map(Condition::property).toList();
  }

  /** The cells a settle (verified) or a step two (unverified, with its values here) leaves. */
  private static List<Cell> viewRow(ViewModel view, Order order, State state) throws IOException {
    Object[] values = MODEL.values(order);
    RowStatus status = new RowStatus(state, 1000, 7);
    Put put = view.put(view.rowKey(values), values, status, MODEL.rowKey().encode(values));
    List<Cell> cells = new ArrayList<>();
    put.getFamilyCellMap().values().forEach(cells::addAll);
    cells.sort(CellComparator.getInstance());
    return cells;
  }

  /** Whether a region server scanning the row with {@code filter} returns it. */
  private static boolean keeps(Filter filter, List<Cell> row) throws IOException {
    filter.reset();
    if (filter.filterRowKey(row.get(0))) {
      return false;
    }
    List<Cell> kept = new ArrayList<>();
    for (Cell cell : row) {
      ReturnCode code = filter.filterCell(cell);
      if (code == ReturnCode.INCLUDE || code == ReturnCode.INCLUDE_AND_NEXT_COL
          || code == ReturnCode.INCLUDE_AND_SEEK_NEXT_ROW) {
        kept.add(cell);
      }
      if (filter.filterAllRemaining()) {
        return false;
      }
    }
    if (filter.hasFilterRow()) {
      filter.filterRowCells(kept);
    }
    return !filter.filterRow() && !kept.isEmpty();
  }
}
