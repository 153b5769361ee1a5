package dev.rowan.core.internal.query.check;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.rowan.core.internal.query.parse.QueryAction;
import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.core.internal.query.parse.ParsedQuery;
import dev.rowan.core.internal.query.plan.KeyRange;
import dev.rowan.mapping.EntityModel;
import dev.rowan.mapping.InvalidValueException;
import dev.rowan.mapping.PropertyModel;
import dev.rowan.mapping.annotation.Descending;
import dev.rowan.mapping.annotation.FixedLength;
import dev.rowan.mapping.annotation.RowKey;
import dev.rowan.mapping.annotation.Table;
import dev.rowan.mapping.codec.KeyWriter;
import dev.rowan.mapping.codec.ValueOrder;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The conditions checked on each entity read agree with the key ranges a scan reads: a value
 * that satisfies a condition always lies in the condition's key range, and a value in the range
 * satisfies the condition whenever its bounds can be encoded. Randomized over every ordered key
 * type and transform; replay a failure with {@code -Drowan.seed=<the printed seed>}.
 */
class ConditionCheckTest {

  private static final String SMILE = "\uD83D\uDE00"; // U+1F600, above every BMP character
  private static final Keyword[] RANGES = {Keyword.BETWEEN, Keyword.LESS_THAN, Keyword.LESS_THAN_EQUAL,
      Keyword.GREATER_THAN, Keyword.GREATER_THAN_EQUAL};
  private static long seed;

  @Table(name = "ranged")
  record Ranged(
      @RowKey(order = 0) String text,
      @RowKey(order = 1) @Descending String newestText,
      @RowKey(order = 2) @FixedLength(12) String code,
      @RowKey(order = 3) @FixedLength(12) @Descending String codeDescending,
      @RowKey(order = 4) @FixedLength(3) int month,
      @RowKey(order = 5) @FixedLength(3) @Descending long countdown,
      @RowKey(order = 6) byte[] bytes,
      @RowKey(order = 7) @Descending byte[] bytesDescending,
      @RowKey(order = 8) BigDecimal amount,
      @RowKey(order = 9) double score,
      @RowKey(order = 10) @Descending Instant at,
      @RowKey(order = 11) @Descending int rank) {}

  private static final EntityModel<Ranged> MODEL = EntityModel.of(Ranged.class);

  @BeforeAll
  static void chooseSeed() {
    seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ConditionCheckTest seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
  }

  @Test
  void anAstralStringIsInExactlyOneOfLessThanAndGreaterThanEqualU_FFFF() {
    for (String property : List.of("text", "newestText", "code", "codeDescending")) {
      for (String value : List.of(SMILE, SMILE + "a")) {
        boolean less = matches(property, Keyword.LESS_THAN, value, "\uFFFF");
        boolean greaterOrEqual = matches(property, Keyword.GREATER_THAN_EQUAL, value, "\uFFFF");
        assertFalse(less, property + ": U+1F600 is not below U+FFFF in key order");
        assertTrue(greaterOrEqual, property + ": U+1F600 is at or above U+FFFF in key order");
        assertTrue(inRange(property, Keyword.GREATER_THAN_EQUAL, value, "\uFFFF"), property + ": and its key is read");
      }
    }
  }

  @Test
  void betweenComparesByCodePoint() {
    assertTrue(matches("newestText", Keyword.BETWEEN, SMILE, "\uE000", SMILE + "z"));
    assertFalse(matches("text", Keyword.BETWEEN, "\uFFFD", SMILE, SMILE + "z"));
  }

  @Test
  void byteArraysCompareUnsigned() {
    assertTrue(matches("bytes", Keyword.GREATER_THAN, new byte[] {(byte) 0x80}, new byte[] {0x7F}));
    assertTrue(matches("bytesDescending", Keyword.LESS_THAN, new byte[] {1}, new byte[] {1, 0}));
  }

  @Test
  void aBoundBelowAnUnsignedPartClampsToItsDomain() {
    KeyRange everyMonth = range("month", Keyword.GREATER_THAN, -1);
    assertEquals(0, everyMonth.start().length, "GreaterThan(-1) reads every month: from the first key");
    assertEquals(0, everyMonth.stop().length, "to the last");
    assertTrue(matches("month", Keyword.GREATER_THAN, 0, -1));
    assertTrue(range("month", Keyword.LESS_THAN, -1).isEmpty(), "LessThan(-1) reads nothing");
    assertTrue(range("countdown", Keyword.LESS_THAN_EQUAL, -5L).isEmpty(), "nor on a @Descending part");
    assertEquals(0, range("countdown", Keyword.LESS_THAN_EQUAL, Long.MAX_VALUE).start().length,
        "a bound above a @Descending part reads from its first key");
  }

  @Test
  void aBoundAboveAFixedWidthClampsToItsDomain() {
    KeyRange months = range("month", Keyword.BETWEEN, 1, 100_000);
    assertArrayEquals("001".getBytes(StandardCharsets.US_ASCII), months.start());
    assertEquals(0, months.stop().length, "MonthBetween(1, 100000) on 3 digits reads months 1 to 999");
    assertTrue(range("month", Keyword.GREATER_THAN, 1000).isEmpty());
    assertTrue(matches("month", Keyword.BETWEEN, 99, 1, 100));
  }

  @Test
  void nothingFollowsABoundOfOnlyFfBytes() {
    assertTrue(range("codeDescending", Keyword.LESS_THAN, "").isEmpty(), "no string is below the empty string");
  }

  @Test
  void aStringTooLongForItsFixedLengthBoundsNothingAndTheCheckDecides() {
    KeyRange range = range("code", Keyword.LESS_THAN, "abcdefghijklmnop");
    assertEquals(0, range.start().length);
    assertEquals(0, range.stop().length, "no bound: the key cannot hold the value");
    assertTrue(matches("code", Keyword.LESS_THAN, "abcdefghijkl", "abcdefghijklmnop"));
    assertFalse(matches("code", Keyword.LESS_THAN, "abcdefghijkm", "abcdefghijklmnop"));
  }

  @Test
  void argumentsOfTheWrongTypeOrMalformedAreRefusedNamingMethodParameterAndProperty() {
    ParsedQuery query = new ParsedQuery("findByMonthAndText", QueryAction.FIND, 0,
        List.of(List.of(new Condition("month", Keyword.EQUALS, 0), new Condition("text", Keyword.STARTING_WITH, 1))),
        List.of(), null, 2);
    InvalidValueException wrongType = assertThrows(InvalidValueException.class, () -> ConditionCheck.checkArguments(
        "Repo.findByMonthAndText", query, new Object[] {7L, "a"}, MODEL, new String[] {"month", "prefix"}));
    assertEquals("Repo.findByMonthAndText: parameter 1 'month' (Ranged.month Equals): is a java.lang.Long,"
        + " but Ranged.month is Integer", wrongType.getMessage());
    InvalidValueException malformed = assertThrows(InvalidValueException.class, () -> ConditionCheck.checkArguments(
        "Repo.findByMonthAndText", query, new Object[] {7, "a\uD83D"}, MODEL, new String[2]));
    assertTrue(malformed.getMessage().startsWith("Repo.findByMonthAndText: parameter 2 (Ranged.text StartingWith):"
        + " value 'a\uD83D' is not well-formed UTF-16"), malformed.getMessage());
    ConditionCheck.checkArguments("Repo.findByMonthAndText", query, new Object[] {-7, "a"}, MODEL, null);
  }

  @Test
  void anInArgumentMayBeAnArrayOfPrimitives() {
    assertEquals(List.of(3, 100), List.copyOf(ConditionCheck.values(new int[] {3, 100})));
    assertTrue(matches("month", Keyword.IN, 100, (Object) new int[] {3, 100}));
  }

  @Test
  void aNullMatchesIsNullAndNoOtherKeywordNotAndNotInIncludedAsInSql() {
    assertTrue(matches("text", Keyword.IS_NULL, null));
    assertFalse(matches("text", Keyword.IS_NOT_NULL, null));
    assertFalse(matches("text", Keyword.NOT, null, "a"), "NULL <> 'a' is unknown");
    assertFalse(matches("text", Keyword.NOT_IN, null, List.of("a")));
    assertFalse(matches("text", Keyword.NOT_IN, null, List.of()), "an empty NotIn does not match a null either");
    assertFalse(matches("text", Keyword.NOT_CONTAINING, null, "a"));
    assertFalse(matches("text", Keyword.ENDING_WITH, null, ""));
    assertFalse(matches("text", Keyword.CONTAINING, null, ""));
    assertFalse(matches("text", Keyword.IS_NULL, ""), "an empty string is a value");
    assertTrue(matches("text", Keyword.IS_NOT_NULL, ""));
  }

  @Test
  void negationsCompareInValueOrderAndStringPatternsAreExactAndCaseSensitive() {
    assertFalse(matches("amount", Keyword.NOT, new BigDecimal("1.00"), new BigDecimal("1.0")), "equal by value");
    assertTrue(matches("amount", Keyword.NOT, new BigDecimal("1.01"), new BigDecimal("1.0")));
    assertFalse(matches("month", Keyword.NOT_IN, -1, List.of(5, -1)));
    assertTrue(matches("month", Keyword.NOT_IN, -1, List.of()), "nothing excluded");
    assertTrue(matches("month", Keyword.NOT_IN, -1, (Object) new int[] {5}));
    assertTrue(matches("text", Keyword.ENDING_WITH, "a" + SMILE, SMILE));
    assertFalse(matches("text", Keyword.ENDING_WITH, "xAB", "ab"));
    assertTrue(matches("text", Keyword.CONTAINING, "x.*y", ".*"));
    assertFalse(matches("text", Keyword.CONTAINING, "xAy", "a"));
    assertTrue(matches("text", Keyword.NOT_CONTAINING, "xAy", "a"));
  }

  @Test
  void aNullTestTakesNoArgumentEvenAsTheLastConditionAndAnEmptyNotInIsAccepted() {
    ParsedQuery query = new ParsedQuery("findByMonthAndTextIsNull", QueryAction.FIND, 0,
        List.of(List.of(new Condition("month", Keyword.NOT_IN, 0), new Condition("text", Keyword.IS_NULL, 1))),
        List.of(), null, 1);
    ConditionCheck.checkArguments("Repo.findByMonthNotInAndTextIsNull", query, new Object[] {List.of()}, MODEL, null);
    Object[] values = new Object[MODEL.properties().size()];
    values[MODEL.property("month").index()] = 3;
    assertTrue(ConditionCheck.matches(values, query.groups().get(0), new Object[] {List.of(4)}, MODEL));
    IllegalArgumentException withNull = assertThrows(IllegalArgumentException.class,
        () -> ConditionCheck.checkArguments("Repo.findByMonthNotInAndTextIsNull", query,
            new Object[] {Arrays.asList(4, null)}, MODEL, new String[] {"months"}));
    assertEquals("Repo.findByMonthNotInAndTextIsNull: parameter 1 'months' (Ranged.month NotIn) holds a null",
        withNull.getMessage());
  }

  @TestFactory
  Stream<DynamicTest> everyValueThatSatisfiesARangeLiesInItsKeyRange() {
    List<Generator> generators = new ArrayList<>();
    generators.add(new Generator("text", ConditionCheckTest::string));
    generators.add(new Generator("newestText", ConditionCheckTest::string));
    generators.add(new Generator("code", r -> shortString(r, 3)));
    generators.add(new Generator("codeDescending", r -> shortString(r, 3)));
    generators.add(new Generator("month", r -> r.nextInt(1200) - 100));
    generators.add(new Generator("countdown", r -> (long) r.nextInt(1200) - 100));
    generators.add(new Generator("bytes", ConditionCheckTest::bytes));
    generators.add(new Generator("bytesDescending", ConditionCheckTest::bytes));
    generators.add(new Generator("amount", r -> new BigDecimal(BigInteger.valueOf(r.nextInt(2001) - 1000),
        r.nextInt(5) - 2)));
    generators.add(new Generator("score", r -> r.nextInt(8) == 0 ? -0.0 : r.nextInt(8) == 0 ? Double.NaN
        : (double) (r.nextInt(41) - 20) / 4));
    generators.add(new Generator("at", r -> Instant.ofEpochSecond(r.nextInt(50), r.nextInt(3) * 500_000_000)));
    generators.add(new Generator("rank", r -> r.nextInt(41) - 20));
    return generators.stream().map(g -> DynamicTest.dynamicTest(g.property(), () -> g.check(new Random(seed))));
  }

  /** A property of {@link Ranged} and a source of its values, in and out of the part's domain. */
  private record Generator(String property, Function<Random, Object> values) {

    void check(Random random) {
      PropertyModel part = MODEL.property(property);
      for (int n = 0; n < 5000; n++) {
        Object value = values.apply(random);
        byte[] key = encode(part, value);
        if (key == null) {
          continue; // a value the part cannot hold is never stored
        }
        boolean prefix = part.type() == String.class && random.nextInt(6) == 0;
        Keyword keyword = prefix ? Keyword.STARTING_WITH : RANGES[random.nextInt(RANGES.length)];
        Object first = prefix ? prefixOf((String) value, random) : values.apply(random);
        Object[] bounds = keyword == Keyword.BETWEEN ? ordered(part, first, values.apply(random)) : new Object[] {first};
        boolean exact = Arrays.stream(bounds).allMatch(bound -> encode(part, bound) != null);
        boolean matches = matches(property, keyword, value, bounds);
        boolean read = inRange(key, range(property, keyword, bounds));
        String context = property + " " + keyword + " " + show(bounds) + " for " + show(value) + " (seed " + seed + ")";
        if (matches && !read) {
          fail(context + ": satisfies the condition, but its key lies outside the range read");
        }
        if (exact && read && !matches) {
          fail(context + ": lies in the key range, but the condition drops it");
        }
      }
    }
  }

  /** A prefix of {@code text} that does not split a surrogate pair. */
  private static String prefixOf(String text, Random random) {
    int end = random.nextInt(text.length() + 1);
    return end > 0 && Character.isHighSurrogate(text.charAt(end - 1)) ? text.substring(0, end - 1)
        : text.substring(0, end);
  }

  private static Object[] ordered(PropertyModel part, Object a, Object b) {
    return ValueOrder.of(part.type()).compare(a, b) <= 0 ? new Object[] {a, b}
        : new Object[] {b, a};
  }

  private static boolean matches(String property, Keyword keyword, Object value, Object... bounds) {
    Object[] values = new Object[MODEL.properties().size()];
    values[MODEL.property(property).index()] = value;
    return ConditionCheck.matches(values, List.of(new Condition(property, keyword, 0)), bounds, MODEL);
  }

  private static KeyRange range(String property, Keyword keyword, Object... bounds) {
    return KeyRange.of(new byte[0], MODEL.property(property), new Condition(property, keyword, 0), bounds);
  }

  private static boolean inRange(String property, Keyword keyword, Object value, Object... bounds) {
    return inRange(encode(MODEL.property(property), value), range(property, keyword, bounds));
  }

  /** Whether a key whose part is {@code part}, followed by more parts, lies in {@code range}. */
  private static boolean inRange(byte[] part, KeyRange range) {
    for (byte[] next : List.of(new byte[] {0x00, 0x01}, new byte[] {(byte) 0xFF, (byte) 0xFF})) {
      byte[] key = Arrays.copyOf(part, part.length + next.length);
      System.arraycopy(next, 0, key, part.length, next.length);
      boolean afterStart = Arrays.compareUnsigned(key, range.start()) >= 0;
      boolean beforeStop = range.stop().length == 0 || Arrays.compareUnsigned(key, range.stop()) < 0;
      if (!afterStart || !beforeStop) {
        return false;
      }
    }
    return true;
  }

  private static byte[] encode(PropertyModel part, Object value) {
    KeyWriter out = new KeyWriter(16);
    try {
      part.keyCodec().encode(value, out);
    } catch (IllegalArgumentException unencodable) {
      return null;
    }
    return out.toByteArray();
  }

  private static String string(Random random) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(4);
    for (int i = 0; i < length; i++) {
      switch (random.nextInt(5)) {
        case 0 -> text.appendCodePoint(0x1F600 + random.nextInt(3));
        case 1 -> text.append((char) (0xFFFD + random.nextInt(3)));
        case 2 -> text.append((char) (0xE000 + random.nextInt(2)));
        case 3 -> text.append('\u0000');
        default -> text.append((char) ('a' + random.nextInt(2)));
      }
    }
    return text.toString();
  }

  /** Up to {@code codePoints} code points, no NUL (a @FixedLength part pads with it); sometimes too long for 12 bytes. */
  private static String shortString(Random random, int codePoints) {
    String text = string(random).replace('\u0000', 'b');
    while (text.codePointCount(0, text.length()) > codePoints) {
      text = text.substring(0, text.offsetByCodePoints(0, codePoints));
    }
    return random.nextInt(10) == 0 ? text + "xxxxxxxxxxxx" : text;
  }

  private static byte[] bytes(Random random) {
    byte[] bytes = new byte[random.nextInt(3)];
    for (int i = 0; i < bytes.length; i++) {
      int pick = random.nextInt(4);
      bytes[i] = (byte) (pick == 0 ? 0 : pick == 1 ? 0xFF : pick == 2 ? 0x80 : 0x7F);
    }
    return bytes;
  }

  private static String show(Object value) {
    if (value instanceof Object[] array) {
      return Arrays.stream(array).map(ConditionCheckTest::show).toList().toString();
    }
    if (value instanceof byte[] bytes) {
      return Arrays.toString(bytes);
    }
    if (value instanceof String text) {
      StringBuilder escaped = new StringBuilder("\"");
      text.chars().forEach(c -> escaped.append(c < 0x20 || c > 0x7e ? String.format("\\u%04x", c) : String.valueOf((char) c)));
      return escaped.append('"').toString();
    }
    return String.valueOf(value);
  }
}
