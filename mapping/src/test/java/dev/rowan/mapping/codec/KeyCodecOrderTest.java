package dev.rowan.mapping.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.Objects;
import java.util.Random;
import java.util.UUID;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * For every key codec and transform: thousands of random values, edges included, round-trip
 * exactly, and the unsigned byte order of their encodings equals the order of the values. Each
 * value is encoded between a leading and a trailing part, so a codec that reads too little or
 * too much, or lets one part run into the next, fails too. Replay a failure with
 * {@code -Drowan.seed=<the printed seed>}.
 */
class KeyCodecOrderTest {

  private static final int VALUES = 3000;
  private static long seed;

  /** A test enum declared out of name order: keys sort by name. */
  enum Status { PENDING, CANCELLED, SHIPPED, DELIVERED, A }

  @BeforeAll
  static void chooseSeed() {
    seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("KeyCodecOrderTest seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
  }

  private static Comparator<String> byCodePoint() {
    return (a, b) -> Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }

  private static String reverse(String s) {
    return new StringBuilder(s).reverse().toString();
  }

  @TestFactory
  Stream<DynamicTest> everyCodecKeepsOrderAndRoundTrips() {
    List<Case<?>> cases = new ArrayList<>();
    cases.add(new Case<>("String", KeyCodecs.natural(String.class), r -> r.string(12, true), byCodePoint(), Objects::equals));
    cases.add(new Case<>("byte[]", KeyCodecs.natural(byte[].class), r -> r.bytes(10), Arrays::compareUnsigned, Arrays::equals));
    cases.add(new Case<>("boolean", KeyCodecs.natural(Boolean.class), RandomValues::bool, Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("byte", KeyCodecs.natural(Byte.class), r -> (byte) r.wholeNumber(Byte.MIN_VALUE, Byte.MAX_VALUE), Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("short", KeyCodecs.natural(Short.class), r -> (short) r.wholeNumber(Short.MIN_VALUE, Short.MAX_VALUE), Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("char", KeyCodecs.natural(Character.class), r -> (char) r.wholeNumber(0, Character.MAX_VALUE), Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("int", KeyCodecs.natural(Integer.class), r -> (int) r.wholeNumber(Integer.MIN_VALUE, Integer.MAX_VALUE), Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("long", KeyCodecs.natural(Long.class), RandomValues::anyLong, Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("float", KeyCodecs.natural(Float.class), RandomValues::anyFloat, Float::compare, (a, b) -> Float.compare(a, b) == 0));
    cases.add(new Case<>("double", KeyCodecs.natural(Double.class), RandomValues::anyDouble, Double::compare, (a, b) -> Double.compare(a, b) == 0));
    cases.add(new Case<>("BigDecimal", KeyCodecs.natural(BigDecimal.class), RandomValues::bigDecimal, BigDecimal::compareTo, (a, b) -> a.compareTo(b) == 0));
    cases.add(new Case<>("Instant", KeyCodecs.natural(Instant.class), RandomValues::instant, Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("LocalDate", KeyCodecs.natural(LocalDate.class), RandomValues::localDate, Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("LocalDateTime", KeyCodecs.natural(LocalDateTime.class), RandomValues::localDateTime, Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("UUID", KeyCodecs.natural(UUID.class), r -> new UUID(r.anyLong(), r.anyLong()), Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("enum by name", KeyCodecs.natural(Status.class), r -> Status.values()[r.nextInt(5)], Comparator.comparing(Enum::name), Objects::equals));
    cases.add(new Case<>("fixed-length String", KeyCodecs.fixedLengthString(24), r -> r.string(6, false), byCodePoint(), Objects::equals));
    cases.add(new Case<>("fixed-length enum", KeyCodecs.fixedLengthEnum(Status.class, 10), r -> Status.values()[r.nextInt(5)], Comparator.comparing(Enum::name), Objects::equals));
    cases.add(new Case<>("fixed-length byte[]", KeyCodecs.fixedLengthBytes(3), r -> { byte[] b = r.bytes(3); return Arrays.copyOf(b, 3); }, Arrays::compareUnsigned, Arrays::equals));
    cases.add(new Case<>("decimal digits long(19)", KeyCodecs.decimalDigits(Long.class, 19, false), r -> r.wholeNumber(0, Long.MAX_VALUE), Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("decimal digits int(10)", KeyCodecs.decimalDigits(Integer.class, 10, false), r -> (int) r.wholeNumber(0, Integer.MAX_VALUE), Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("decimal digits short(2)", KeyCodecs.decimalDigits(Short.class, 2, false), r -> (short) r.wholeNumber(0, 99), Comparator.naturalOrder(), Objects::equals));
    cases.add(new Case<>("reversed String", KeyCodecs.reversed(KeyCodecs.natural(String.class)), r -> r.string(10, true), Comparator.comparing(KeyCodecOrderTest::reverse, byCodePoint()), Objects::equals));
    cases.add(new Case<>("reversed fixed-length String", KeyCodecs.reversed(KeyCodecs.fixedLengthString(40)), r -> r.string(8, false), Comparator.comparing(KeyCodecOrderTest::reverse, byCodePoint()), Objects::equals));
    List<Case<?>> all = new ArrayList<>(cases);
    for (Case<?> ascending : cases) {
      all.add(ascending.descending());
    }
    all.add(new Case<>("descending decimal digits long(19)", KeyCodecs.decimalDigits(Long.class, 19, true), r -> r.wholeNumber(0, Long.MAX_VALUE), Comparator.<Long>naturalOrder().reversed(), Objects::equals));
    all.add(new Case<>("descending decimal digits int(4)", KeyCodecs.decimalDigits(Integer.class, 4, true), r -> (int) r.wholeNumber(0, 9999), Comparator.<Integer>naturalOrder().reversed(), Objects::equals));
    return all.stream().map(c -> DynamicTest.dynamicTest(c.name, () -> c.check(new Random(seed))));
  }

  /** One codec, a source of values and the order and equality the encodings must keep. */
  private record Case<V>(String name, KeyCodec<V> codec, Function<RandomValues, V> values,
      Comparator<? super V> order, BiPredicate<V, V> same) {

    Case<V> descending() {
      return new Case<>("descending " + name, KeyCodecs.descending(codec), values, order.reversed(), same);
    }

    void check(Random random) {
      RandomValues source = new RandomValues(random);
      List<V> sample = new ArrayList<>();
      for (int i = 0; i < VALUES; i++) {
        sample.add(values.apply(source));
      }
      List<byte[]> encoded = new ArrayList<>();
      for (V value : sample) {
        byte[] bytes = encodeBetweenNeighbours(value);
        assertEquals(-1, codec.fixedWidth() == -1 ? -1 : (bytes.length - 2 == codec.fixedWidth() ? -1 : bytes.length),
            name + ": a fixed-width codec wrote another width for " + show(value));
        V decoded = decodeBetweenNeighbours(bytes, value);
        if (!same.test(value, decoded)) {
          fail(name + " (seed " + seed + "): " + show(value) + " came back as " + show(decoded));
        }
        encoded.add(bytes);
      }
      for (int i = 0; i < VALUES; i++) {
        int j = random.nextInt(VALUES);
        int k = (i + 1) % VALUES;
        checkPair(sample.get(i), encoded.get(i), sample.get(j), encoded.get(j));
        checkPair(sample.get(i), encoded.get(i), sample.get(k), encoded.get(k));
      }
    }

    private void checkPair(V a, byte[] encodedA, V b, byte[] encodedB) {
      int valueOrder = Integer.signum(order.compare(a, b));
      int byteOrder = Integer.signum(Arrays.compareUnsigned(encodedA, encodedB));
      if (valueOrder != byteOrder) {
        fail(name + " (seed " + seed + "): " + show(a) + " vs " + show(b) + " compare " + valueOrder
            + " but their keys compare " + byteOrder);
      }
    }

    /** [01][value][FF]: the neighbours catch codecs that read or write the wrong extent. */
    private byte[] encodeBetweenNeighbours(V value) {
      KeyWriter out = new KeyWriter(16);
      out.put(0x01);
      codec.encode(value, out);
      out.put(0xFF);
      return out.toByteArray();
    }

    private V decodeBetweenNeighbours(byte[] bytes, V original) {
      KeyReader in = new KeyReader(bytes);
      assertEquals(0x01, in.get());
      V decoded = codec.decode(in);
      assertEquals(1, in.remaining(), name + ": decoding " + show(original) + " left the wrong number of bytes");
      assertEquals(0xFF, in.get());
      assertTrue(in.remaining() == 0);
      return decoded;
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
