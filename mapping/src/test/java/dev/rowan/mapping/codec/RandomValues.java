package dev.rowan.mapping.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Random;

/** Random values biased towards the edges where encodings go wrong. */
final class RandomValues {

  /** Characters that trip up separators, escapes and UTF-8. */
  private static final String TRICKY = "\u0000\u0001\u007f\u0080\u00ff|,:;/\\_-~ \t\n\u00e9\u6f22\uffff\ufffd";

  private final Random random;

  RandomValues(Random random) {
    this.random = random;
  }

  String string(int maxLength, boolean allowNul) {
    int length = random.nextInt(maxLength + 1);
    StringBuilder text = new StringBuilder();
    while (text.length() < length) {
      switch (random.nextInt(5)) {
        case 0 -> text.append((char) ('a' + random.nextInt(3)));
        case 1 -> text.append(TRICKY.charAt(random.nextInt(TRICKY.length())));
        case 2 -> text.appendCodePoint(0x1F600 + random.nextInt(16)); // a surrogate pair
        case 3 -> text.append((char) (1 + random.nextInt(0xD7FF)));
        default -> text.append((char) ('0' + random.nextInt(10)));
      }
    }
    String value = text.toString();
    return allowNul ? value : value.replace('\u0000', 'x');
  }

  byte[] bytes(int maxLength) {
    byte[] bytes = new byte[random.nextInt(maxLength + 1)];
    for (int i = 0; i < bytes.length; i++) {
      int pick = random.nextInt(4);
      bytes[i] = (byte) (pick == 0 ? 0 : pick == 1 ? 0xFF : pick == 2 ? 1 : random.nextInt(256));
    }
    return bytes;
  }

  long wholeNumber(long min, long max) {
    return switch (random.nextInt(6)) {
      case 0 -> min;
      case 1 -> max;
      case 2 -> Math.max(min, Math.min(max, random.nextInt(5) - 2));
      case 3 -> Math.max(min, Math.min(max, random.nextInt(2000) - 1000));
      default -> min + (long) (random.nextDouble() * ((double) max - (double) min));
    };
  }

  long anyLong() {
    return random.nextInt(4) == 0 ? wholeNumber(Long.MIN_VALUE, Long.MAX_VALUE) : random.nextLong();
  }

  double anyDouble() {
    double[] edges = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
        Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE, -Double.MAX_VALUE, 1.0, -1.0};
    return switch (random.nextInt(4)) {
      case 0 -> edges[random.nextInt(edges.length)];
      case 1 -> Double.longBitsToDouble(random.nextLong());
      case 2 -> (random.nextDouble() - 0.5) * 1000;
      default -> random.nextInt(21) - 10;
    };
  }

  float anyFloat() {
    float[] edges = {0f, -0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE, -Float.MAX_VALUE};
    return switch (random.nextInt(3)) {
      case 0 -> edges[random.nextInt(edges.length)];
      case 1 -> Float.intBitsToFloat(random.nextInt());
      default -> (random.nextFloat() - 0.5f) * 100;
    };
  }

  BigDecimal bigDecimal() {
    BigDecimal[] edges = {BigDecimal.ZERO, new BigDecimal("0.00"), BigDecimal.ONE, new BigDecimal("1.0"),
        BigDecimal.ONE.negate(), new BigDecimal("1E-300"), new BigDecimal("-1E+300"), new BigDecimal("0.1"),
        new BigDecimal("9.99"), new BigDecimal("10"), new BigDecimal("-0.001")};
    if (random.nextInt(5) == 0) {
      return edges[random.nextInt(edges.length)];
    }
    BigInteger unscaled = new BigInteger(1 + random.nextInt(90), random);
    if (random.nextBoolean()) {
      unscaled = unscaled.negate();
    }
    return new BigDecimal(unscaled, random.nextInt(41) - 20);
  }

  Instant instant() {
    long seconds = switch (random.nextInt(5)) {
      case 0 -> Instant.MIN.getEpochSecond();
      case 1 -> Instant.MAX.getEpochSecond();
      case 2 -> random.nextInt(3) - 1;
      default -> Instant.MIN.getEpochSecond()
          + (long) (random.nextDouble() * (Instant.MAX.getEpochSecond() - (double) Instant.MIN.getEpochSecond()));
    };
    int nanos = random.nextBoolean() ? 0 : random.nextBoolean() ? 999_999_999 : random.nextInt(1_000_000_000);
    return Instant.ofEpochSecond(seconds, nanos);
  }

  LocalDate localDate() {
    return LocalDate.ofEpochDay(wholeNumber(LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay()));
  }

  LocalDateTime localDateTime() {
    long seconds = wholeNumber(LocalDateTime.MIN.toEpochSecond(ZoneOffset.UTC), LocalDateTime.MAX.toEpochSecond(ZoneOffset.UTC));
    return LocalDateTime.ofEpochSecond(seconds, random.nextInt(1_000_000_000), ZoneOffset.UTC);
  }

  boolean bool() {
    return random.nextBoolean();
  }

  int nextInt(int bound) {
    return random.nextInt(bound);
  }
}
