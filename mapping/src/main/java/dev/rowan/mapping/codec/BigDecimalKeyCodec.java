package dev.rowan.mapping.codec;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * BigDecimal by value: a sign byte ({@code 40} negative, {@code 80} zero, {@code C0} positive),
 * then for non-zero values the exponent {@code e} of {@code 0.d1d2... x 10^e} as a flipped int and
 * the significant digits, one byte each ({@code digit + 1}), ending in {@code 00}. Negative values
 * invert everything after the sign byte, so larger magnitudes sort first.
 *
 * <p>Values that are equal by {@link BigDecimal#compareTo} (1.0 and 1.00) encode alike; a decoded
 * value carries no trailing zeros.
 */
enum BigDecimalKeyCodec implements KeyCodec<BigDecimal> {
  INSTANCE;

  private static final int NEGATIVE = 0x40;
  private static final int ZERO = 0x80;
  private static final int POSITIVE = 0xC0;
  private static final int END = 0x00;

  @Override
  public void encode(BigDecimal value, KeyWriter out) {
    int signum = value.signum();
    if (signum == 0) {
      out.put(ZERO);
      return;
    }
    BigDecimal normal = value.stripTrailingZeros();
    String digits = normal.unscaledValue().abs().toString();
    long exponent = (long) digits.length() - normal.scale();
    if (exponent != (int) exponent) {
      throw new IllegalArgumentException("has an exponent of " + exponent + ", out of range");
    }
    out.put(signum < 0 ? NEGATIVE : POSITIVE);
    int start = out.position();
    out.putInt((int) exponent ^ Integer.MIN_VALUE);
    for (int i = 0; i < digits.length(); i++) {
      out.put(digits.charAt(i) - '0' + 1);
    }
    out.put(END);
    if (signum < 0) {
      out.invertFrom(start);
    }
  }

  @Override
  public BigDecimal decode(KeyReader in) {
    int sign = in.get();
    if (sign == ZERO) {
      return BigDecimal.ZERO;
    }
    if (sign != NEGATIVE && sign != POSITIVE) {
      throw new IllegalArgumentException(String.format("bad BigDecimal sign byte %02X", sign));
    }
    boolean outer = in.inverted();
    in.inverted(outer ^ (sign == NEGATIVE));
    try {
      int exponent = in.getInt() ^ Integer.MIN_VALUE;
      StringBuilder digits = new StringBuilder();
      for (int b = in.get(); b != END; b = in.get()) {
        if (b < 1 || b > 10) {
          throw new IllegalArgumentException(String.format("bad BigDecimal digit byte %02X", b));
        }
        digits.append((char) ('0' + b - 1));
      }
      BigDecimal magnitude =
          new BigDecimal(new BigInteger(digits.toString()), digits.length() - exponent);
      return sign == NEGATIVE ? magnitude.negate() : magnitude;
    } finally {
      in.inverted(outer);
    }
  }
}
