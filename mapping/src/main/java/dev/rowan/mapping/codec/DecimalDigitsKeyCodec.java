package dev.rowan.mapping.codec;

/**
 * Non-negative whole numbers as zero-padded ASCII decimal digits of a fixed width: readable in the
 * HBase shell and ordered by value. Descending parts store the nines' complement ({@code 99...9 -
 * value}), the readable form of the {@code Long.MAX_VALUE - ts} trick.
 */
final class DecimalDigitsKeyCodec<V extends Number> implements KeyCodec<V> {

  /** Widths up to 19 digits: every long fits, and 10^19 - 1 still fits an unsigned long. */
  static final int MAX_WIDTH = 19;

  private final Class<V> type;
  private final int width;
  private final boolean descending;
  private final long nines;

  DecimalDigitsKeyCodec(Class<V> type, int width, boolean descending) {
    if (width < 1 || width > MAX_WIDTH) {
      throw new IllegalArgumentException(
          "decimal widths run from 1 to " + MAX_WIDTH + ", not " + width);
    }
    this.type = type;
    this.width = width;
    this.descending = descending;
    long power = 1;
    for (int i = 0; i < width; i++) {
      power *= 10; // wraps for 19 digits; nines is then read as unsigned
    }
    this.nines = power - 1;
  }

  @Override
  public void encode(V value, KeyWriter out) {
    long number = value.longValue();
    if (number < 0) {
      throw new IllegalArgumentException(
          "is negative ("
              + number
              + "); a decimal @FixedLength("
              + width
              + ") part holds only non-negative numbers");
    }
    if (Long.compareUnsigned(number, nines) > 0) {
      throw new IllegalArgumentException(
          "is " + number + ", which has more than " + width + " digits");
    }
    String digits = Long.toUnsignedString(descending ? nines - number : number);
    for (int i = digits.length(); i < width; i++) {
      out.put('0');
    }
    for (int i = 0; i < digits.length(); i++) {
      out.put(digits.charAt(i));
    }
  }

  @Override
  public int outsideOf(V value) {
    long number = value.longValue();
    return number < 0 ? -1 : Long.compareUnsigned(number, nines) > 0 ? 1 : 0;
  }

  @Override
  public V decode(KeyReader in) {
    long number = 0;
    for (int i = 0; i < width; i++) {
      int digit = in.get() - '0';
      if (digit < 0 || digit > 9) {
        throw new IllegalArgumentException("a decimal key part holds a non-digit byte");
      }
      number = number * 10 + digit;
    }
    return box(descending ? nines - number : number);
  }

  private V box(long number) {
    Object boxed;
    if (type == Long.class || type == long.class) {
      boxed = number;
    } else if (type == Integer.class || type == int.class) {
      boxed = Math.toIntExact(number);
    } else if (type == Short.class || type == short.class) {
      boxed = (short) Math.toIntExact(number);
    } else {
      boxed = (byte) Math.toIntExact(number);
    }
    return type.isPrimitive() ? unchecked(boxed) : type.cast(boxed);
  }

  @SuppressWarnings("unchecked")
  private V unchecked(Object boxed) {
    return (V) boxed;
  }

  @Override
  public int fixedWidth() {
    return width;
  }

  @Override
  public Order order() {
    return descending ? Order.DESCENDING : Order.ASCENDING;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DecimalDigitsKeyCodec
        && ((DecimalDigitsKeyCodec<?>) other).type == type
        && ((DecimalDigitsKeyCodec<?>) other).width == width
        && ((DecimalDigitsKeyCodec<?>) other).descending == descending;
  }

  @Override
  public int hashCode() {
    return (type.hashCode() * 31 + width) * 2 + (descending ? 1 : 0);
  }
}
