package dev.rowan.mapping.codec;

import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** Inverts every byte of another codec's encoding, which reverses the order of any values. */
final class DescendingKeyCodec<V> implements KeyCodec<V> {

  private final KeyCodec<V> inner;

  DescendingKeyCodec(KeyCodec<V> inner) {
    this.inner = Objects.requireNonNull(inner);
  }

  KeyCodec<V> inner() {
    return inner;
  }

  @Override
  public void encode(V value, KeyWriter out) {
    int start = out.position();
    inner.encode(value, out);
    out.invertFrom(start);
  }

  @Override
  public V decode(KeyReader in) {
    boolean outer = in.inverted();
    in.inverted(!outer);
    try {
      return inner.decode(in);
    } finally {
      in.inverted(outer);
    }
  }

  @Override
  public int fixedWidth() {
    return inner.fixedWidth();
  }

  @Override
  public Order order() {
    return inner.order().inverted();
  }

  @Override
  public int outsideOf(V value) {
    return inner.outsideOf(value);
  }

  @Override
  public @Nullable Duration cycle() {
    return inner.cycle();
  }

  @Override
  public @Nullable String rangeProblem(@Nullable V low, @Nullable V high) {
    return inner.rangeProblem(low, high);
  }

  @Override
  public byte @Nullable [] prefixOf(String prefix) {
    byte[] bytes = inner.prefixOf(prefix);
    if (bytes != null) {
      for (int i = 0; i < bytes.length; i++) {
        bytes[i] = (byte) ~bytes[i];
      }
    }
    return bytes;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof DescendingKeyCodec
        && ((DescendingKeyCodec<?>) other).inner.equals(inner);
  }

  @Override
  public int hashCode() {
    return ~inner.hashCode();
  }
}
