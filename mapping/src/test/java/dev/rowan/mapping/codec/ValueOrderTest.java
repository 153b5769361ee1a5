package dev.rowan.mapping.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The order queries compare values by ({@link ValueOrder}) is the order keys are encoded in: for
 * random values of every key codec and transform, {@code compare(a, b)} has the sign of the
 * unsigned comparison of their encodings (the opposite sign for {@code @Descending} codecs).
 * Replay a failure with {@code -Drowan.seed=<the printed seed>}.
 */
class ValueOrderTest {

  private static final int PAIRS = 20_000;
  private static long seed;

  enum Status { PENDING, CANCELLED, SHIPPED }

  @BeforeAll
  static void chooseSeed() {
    seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ValueOrderTest seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
  }

  @Test
  void stringsCompareByCodePointNotByUtf16Unit() {
    Comparator<Object> order = ValueOrder.of(String.class);
    String astral = "\uD83D\uDE00"; // U+1F600
    assertTrue(order.compare("\uFFFF", astral) < 0, "U+FFFF sorts before U+1F600");
    assertTrue(order.compare(astral + "a", "\uFFFF") > 0);
    assertTrue(order.compare("\uE000", astral) < 0, "U+E000 sorts before U+1F600");
    assertTrue(order.compare("\uD7FF", astral) < 0);
    assertTrue(order.compare(astral, astral + "a") < 0, "a prefix first");
    assertEquals(0, order.compare(astral, new String(astral)));
    assertTrue("\uFFFF".compareTo(astral) > 0, "String.compareTo disagrees, which is why it is not used");
  }

  @Test
  void everySupportedTypeHasAnOrder() {
    for (Class<?> type : List.of(String.class, byte[].class, boolean.class, Boolean.class, byte.class, short.class,
        char.class, int.class, long.class, float.class, double.class, Double.class, BigDecimal.class, Instant.class,
        LocalDate.class, LocalDateTime.class, UUID.class, Status.class)) {
      assertNotNull(ValueOrder.of(type), type.getName());
    }
    assertEquals(null, ValueOrder.of(Object.class));
  }

  @Test
  void bigDecimalsEqualByValueAndFloatingPointAsDoubleCompare() {
    assertEquals(0, ValueOrder.of(BigDecimal.class).compare(new BigDecimal("1.0"), new BigDecimal("1.00")));
    assertTrue(ValueOrder.of(double.class).compare(-0.0, 0.0) < 0);
    assertTrue(ValueOrder.of(Double.class).compare(Double.NaN, Double.POSITIVE_INFINITY) > 0);
    assertTrue(ValueOrder.of(byte[].class).compare(new byte[] {(byte) 0x80}, new byte[] {0x7F}) > 0, "unsigned");
  }

  @Test
  void enumsCompareByDeclarationAndTheirKeysTakeNoRange() {
    assertTrue(ValueOrder.of(Status.class).compare(Status.PENDING, Status.CANCELLED) < 0);
    assertEquals(KeyCodec.Order.NONE, KeyCodecs.natural(Status.class).order());
    assertEquals(KeyCodec.Order.NONE, KeyCodecs.fixedLengthEnum(Status.class, 9).order());
    assertEquals(KeyCodec.Order.NONE, KeyCodecs.reversed(KeyCodecs.natural(String.class)).order());
  }

  @Test
  void aDecimalDigitsPartSaysOnWhichSideAValueItCannotEncodeLies() {
    KeyCodec<Integer> month = KeyCodecs.decimalDigits(Integer.class, 2, false);
    assertEquals(-1, month.outsideOf(-1));
    assertEquals(1, month.outsideOf(100));
    assertEquals(0, month.outsideOf(99));
    assertEquals(-1, KeyCodecs.descending(KeyCodecs.decimalDigits(Long.class, 6, true)).outsideOf(-1L),
        "in the order of values, whatever the order of bytes");
    assertEquals(0, KeyCodecs.fixedLengthString(2).outsideOf("abc"), "a long string is neither below nor above");
  }

  @TestFactory
  Stream<DynamicTest> compareHasTheSignOfTheKeyEncodingsForEveryCodecAndTransform() {
    List<Case> cases = new ArrayList<>();
    cases.add(new Case("String", String.class, KeyCodecs.natural(String.class), r -> r.string(8, true)));
    cases.add(new Case("String, mostly astral and high BMP", String.class, KeyCodecs.natural(String.class),
        ValueOrderTest::astralString));
    cases.add(new Case("fixed-length String", String.class, KeyCodecs.fixedLengthString(40), r -> r.string(6, false)));
    cases.add(new Case("fixed-length String, astral", String.class, KeyCodecs.fixedLengthString(40),
        ValueOrderTest::astralString));
    cases.add(new Case("byte[]", byte[].class, KeyCodecs.natural(byte[].class), r -> r.bytes(6)));
    cases.add(new Case("fixed-length byte[]", byte[].class, KeyCodecs.fixedLengthBytes(2),
        r -> Arrays.copyOf(r.bytes(2), 2)));
    cases.add(new Case("boolean", Boolean.class, KeyCodecs.natural(Boolean.class), RandomValues::bool));
    cases.add(new Case("byte", Byte.class, KeyCodecs.natural(Byte.class), r -> (byte) r.wholeNumber(-128, 127)));
    cases.add(new Case("short", Short.class, KeyCodecs.natural(Short.class),
        r -> (short) r.wholeNumber(Short.MIN_VALUE, Short.MAX_VALUE)));
    cases.add(new Case("char", Character.class, KeyCodecs.natural(Character.class),
        r -> (char) r.wholeNumber(0, Character.MAX_VALUE)));
    cases.add(new Case("int", Integer.class, KeyCodecs.natural(Integer.class),
        r -> (int) r.wholeNumber(Integer.MIN_VALUE, Integer.MAX_VALUE)));
    cases.add(new Case("long", Long.class, KeyCodecs.natural(Long.class), RandomValues::anyLong));
    cases.add(new Case("float", Float.class, KeyCodecs.natural(Float.class), RandomValues::anyFloat));
    cases.add(new Case("double", Double.class, KeyCodecs.natural(Double.class), RandomValues::anyDouble));
    cases.add(new Case("BigDecimal", BigDecimal.class, KeyCodecs.natural(BigDecimal.class), RandomValues::bigDecimal));
    cases.add(new Case("Instant", Instant.class, KeyCodecs.natural(Instant.class), RandomValues::instant));
    cases.add(new Case("LocalDate", LocalDate.class, KeyCodecs.natural(LocalDate.class), RandomValues::localDate));
    cases.add(new Case("LocalDateTime", LocalDateTime.class, KeyCodecs.natural(LocalDateTime.class),
        RandomValues::localDateTime));
    cases.add(new Case("UUID", UUID.class, KeyCodecs.natural(UUID.class), r -> new UUID(r.anyLong(), r.anyLong())));
    cases.add(new Case("decimal digits long(19)", Long.class, KeyCodecs.decimalDigits(Long.class, 19, false),
        r -> r.wholeNumber(0, Long.MAX_VALUE)));
    cases.add(new Case("decimal digits int(3)", Integer.class, KeyCodecs.decimalDigits(Integer.class, 3, false),
        r -> (int) r.wholeNumber(0, 999)));
    cases.add(new Case("@Descending decimal digits int(3)", Integer.class,
        KeyCodecs.decimalDigits(Integer.class, 3, true), r -> (int) r.wholeNumber(0, 999)));
    List<Case> all = new ArrayList<>(cases);
    for (Case ascending : cases) {
      all.add(new Case("@Descending " + ascending.name, ascending.type, KeyCodecs.descending(ascending.codec),
          ascending.values));
    }
    return all.stream().map(c -> DynamicTest.dynamicTest(c.name, () -> c.check(new Random(seed))));
  }

  /** Strings where UTF-16 order and code point order disagree most: astral and U+E000..U+FFFF. */
  private static String astralString(RandomValues random) {
    StringBuilder text = new StringBuilder();
    int length = random.nextInt(4);
    for (int i = 0; i < length; i++) {
      switch (random.nextInt(4)) {
        case 0 -> text.appendCodePoint(0x10000 + random.nextInt(0x100000));
        case 1 -> text.append((char) (0xE000 + random.nextInt(0x2000)));
        case 2 -> text.append((char) (0xD7F0 + random.nextInt(0x10)));
        default -> text.append((char) ('a' + random.nextInt(2)));
      }
    }
    return text.toString();
  }

  /** One codec of values of {@code type}, and a source of values. */
  private record Case(String name, Class<?> type, KeyCodec<?> codec, Function<RandomValues, ?> values) {

    @SuppressWarnings("unchecked")
    void check(Random random) {
      KeyCodec<Object> keys = (KeyCodec<Object>) codec;
      assertTrue(keys.order() != KeyCodec.Order.NONE, name + " is ordered");
      int direction = keys.order() == KeyCodec.Order.ASCENDING ? 1 : -1;
      Comparator<Object> order = ValueOrder.of(type);
      RandomValues source = new RandomValues(random);
      List<Object> sample = new ArrayList<>();
      List<byte[]> encoded = new ArrayList<>();
      for (int i = 0; i < 2000; i++) {
        Object value = values.apply(source);
        KeyWriter out = new KeyWriter(16);
        keys.encode(value, out);
        sample.add(value);
        encoded.add(out.toByteArray());
      }
      for (int n = 0; n < PAIRS; n++) {
        int i = random.nextInt(sample.size());
        int j = n % 3 == 0 ? i : random.nextInt(sample.size());
        int values = Integer.signum(order.compare(sample.get(i), sample.get(j)));
        int keyBytes = direction * Integer.signum(Arrays.compareUnsigned(encoded.get(i), encoded.get(j)));
        if (values != keyBytes) {
          fail(name + " (seed " + seed + "): " + show(sample.get(i)) + " vs " + show(sample.get(j)) + " compare "
              + values + " but their keys compare " + keyBytes + (direction < 0 ? " (descending)" : ""));
        }
      }
    }

    private static String show(Object value) {
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
}
