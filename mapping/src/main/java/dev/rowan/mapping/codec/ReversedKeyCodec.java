package dev.rowan.mapping.codec;

import java.util.Objects;

/** Reverses a string by code point before encoding it, and back after decoding it. */
final class ReversedKeyCodec implements KeyCodec<String> {

  private final KeyCodec<String> inner;

  ReversedKeyCodec(KeyCodec<String> inner) {
    this.inner = Objects.requireNonNull(inner);
  }

  @Override
  public void encode(String value, KeyWriter out) {
    // Reversal would turn an unpaired low-high sequence into a valid pair: check first.
    Utf8.checkWellFormed(value);
    inner.encode(new StringBuilder(value).reverse().toString(), out);
  }

  @Override
  public String decode(KeyReader in) {
    return new StringBuilder(inner.decode(in)).reverse().toString();
  }

  @Override
  public int fixedWidth() {
    return inner.fixedWidth();
  }

  @Override
  public Order order() {
    return Order.NONE;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof ReversedKeyCodec && ((ReversedKeyCodec) other).inner.equals(inner);
  }

  @Override
  public int hashCode() {
    return 31 * inner.hashCode() + 7;
  }
}
