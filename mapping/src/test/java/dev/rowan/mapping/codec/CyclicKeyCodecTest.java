package dev.rowan.mapping.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@code @Cyclic} keys: within one cycle the byte order is the order of times, the next cycle's
 * keys fall among the first cycle's by position, and every key decodes to its exact time. Replay a
 * failure with {@code -Drowan.seed=<the printed seed>}.
 */
class CyclicKeyCodecTest {

  private static final Duration YEAR = Duration.ofDays(365);
  private static final KeyCodec<Instant> INSTANTS = KeyCodecs.cyclic(Instant.class, YEAR);
  private static final KeyCodec<LocalDate> DATES = KeyCodecs.cyclic(LocalDate.class, YEAR);

  private static Random random() {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("CyclicKeyCodecTest seed " + seed + " (replay with -Drowan.seed=" + seed + ")");
    return new Random(seed);
  }

  @Test
  void instantsOfOneCycleSortAsTheirTimesAndDecodeExactly() {
    Random random = random();
    long cycleSeconds = YEAR.getSeconds();
    for (int i = 0; i < 5000; i++) {
      long cycle = random.nextInt(200) - 100;
      Instant a = Instant.ofEpochSecond(cycle * cycleSeconds + Math.floorMod(random.nextLong(), cycleSeconds),
          random.nextInt(1_000_000_000));
      Instant b = Instant.ofEpochSecond(cycle * cycleSeconds + Math.floorMod(random.nextLong(), cycleSeconds),
          random.nextInt(1_000_000_000));
      assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(Arrays.compareUnsigned(encode(INSTANTS, a),
          encode(INSTANTS, b))), a + " and " + b);
      assertEquals(a, decode(INSTANTS, encode(INSTANTS, a)));
      assertEquals(20, encode(INSTANTS, a).length);
    }
  }

  @Test
  void datesOfOneCycleSortAsTheirDaysAndDecodeExactly() {
    Random random = random();
    for (int i = 0; i < 5000; i++) {
      long cycle = random.nextInt(20_000) - 10_000;
      LocalDate a = LocalDate.ofEpochDay(cycle * 365 + random.nextInt(365));
      LocalDate b = LocalDate.ofEpochDay(cycle * 365 + random.nextInt(365));
      assertEquals(Integer.signum(a.compareTo(b)), Integer.signum(Arrays.compareUnsigned(encode(DATES, a),
          encode(DATES, b))), a + " and " + b);
      assertEquals(a, decode(DATES, encode(DATES, a)));
    }
  }

  @Test
  void theNextCycleReusesTheKeyRangeOfTheCycleBefore() {
    // 1970-01-01 starts cycle 0; 1971-01-01 starts cycle 1: the same position, so its key sorts
    // before every later day of cycle 0 and right after 1970-01-01 itself
    LocalDate cycleStart = LocalDate.of(1971, 1, 1);
    assertEquals(1, cycleStart.toEpochDay() / 365);
    byte[] next = encode(DATES, cycleStart);
    assertTrue(Arrays.compareUnsigned(next, encode(DATES, LocalDate.of(1970, 1, 2))) < 0);
    assertTrue(Arrays.compareUnsigned(next, encode(DATES, LocalDate.of(1970, 1, 1))) > 0);
    assertTrue(Arrays.compareUnsigned(encode(DATES, LocalDate.of(1970, 12, 31)), next) > 0);
    // the position comes first, the cycle number after it
    assertEquals("00 00 00 00 00 00 00 00 80 00 00 00 00 00 00 01", hex(next));
    assertEquals("00 00 00 00 00 00 00 01 80 00 00 00 00 00 00 01", hex(encode(DATES, LocalDate.of(1971, 1, 2))));
  }

  @Test
  void aRangeWithinOneCycleIsAccepted() {
    assertNull(DATES.rangeProblem(LocalDate.ofEpochDay(365), LocalDate.ofEpochDay(729)));
    assertNull(INSTANTS.rangeProblem(Instant.ofEpochSecond(0), Instant.ofEpochSecond(YEAR.getSeconds() - 1)));
  }

  @Test
  void aRangeThatWrapsTheEndOfACycleIsRefusedWithTheMomentItWraps() {
    String problem = DATES.rangeProblem(LocalDate.ofEpochDay(700), LocalDate.ofEpochDay(740));
    assertEquals("the range 1971-12-02 to 1972-01-11 wraps the end of a cycle of P365D at 1972-01-01;"
        + " query the two sides of it separately", problem);
  }

  @Test
  void aRangeLongerThanACycleIsRefused() {
    String problem = DATES.rangeProblem(LocalDate.ofEpochDay(0), LocalDate.ofEpochDay(365));
    assertEquals("the range 1970-01-01 to 1971-01-01 is longer than the cycle of P365D; a query on a @Cyclic"
        + " key part may span at most one cycle", problem);
    assertTrue(INSTANTS.rangeProblem(Instant.EPOCH, Instant.EPOCH.plus(Duration.ofDays(800)))
        .contains("is longer than the cycle"));
  }

  @Test
  void anOpenRangeIsRefused() {
    assertTrue(DATES.rangeProblem(LocalDate.ofEpochDay(3), null).contains("needs both bounds (use Between)"));
    assertTrue(INSTANTS.rangeProblem(null, Instant.EPOCH).contains("needs both bounds (use Between)"));
  }

  @Test
  void aDescendingCyclicPartKeepsItsCycleAndItsRangeRule() {
    KeyCodec<LocalDate> descending = KeyCodecs.descending(DATES);
    assertEquals(YEAR, descending.cycle());
    assertTrue(descending.rangeProblem(LocalDate.ofEpochDay(0), LocalDate.ofEpochDay(400)) != null);
    assertEquals(LocalDate.ofEpochDay(777), decode(descending, encode(descending, LocalDate.ofEpochDay(777))));
    assertTrue(Arrays.compareUnsigned(encode(descending, LocalDate.ofEpochDay(1)),
        encode(descending, LocalDate.ofEpochDay(2))) > 0);
  }

  @Test
  void cyclicCodecsAreEqualByTypeAndPeriod() {
    assertEquals(DATES, KeyCodecs.cyclic(LocalDate.class, Duration.ofDays(365)));
    assertTrue(!DATES.equals(KeyCodecs.cyclic(LocalDate.class, Duration.ofDays(366))));
    assertTrue(!DATES.equals(INSTANTS));
  }

  @Test
  void aPeriodOfPartDaysIsRefusedForDatesAndOfPartSecondsForInstants() {
    assertEquals("the period of a LocalDate must be a positive whole number of days, not PT36H",
        assertThrows(IllegalArgumentException.class, () -> KeyCodecs.cyclic(LocalDate.class, Duration.ofHours(36)))
            .getMessage());
    assertEquals("the period of an Instant must be a positive whole number of seconds, not PT0.5S",
        assertThrows(IllegalArgumentException.class, () -> KeyCodecs.cyclic(Instant.class, Duration.ofMillis(500)))
            .getMessage());
    assertThrows(IllegalArgumentException.class, () -> KeyCodecs.cyclic(Long.class, YEAR));
  }

  private static <V> byte[] encode(KeyCodec<V> codec, V value) {
    KeyWriter out = new KeyWriter(32);
    codec.encode(value, out);
    return out.toByteArray();
  }

  private static <V> V decode(KeyCodec<V> codec, byte[] bytes) {
    KeyReader in = new KeyReader(bytes);
    V value = codec.decode(in);
    assertEquals(bytes.length, in.position(), "read every byte");
    return value;
  }

  private static String hex(byte[] bytes) {
    StringBuilder text = new StringBuilder();
    for (byte b : bytes) {
      text.append(text.length() == 0 ? "" : " ").append(String.format("%02X", b));
    }
    return text.toString();
  }
}
