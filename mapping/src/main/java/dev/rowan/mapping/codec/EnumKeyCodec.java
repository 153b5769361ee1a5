package dev.rowan.mapping.codec;

import java.nio.charset.StandardCharsets;

/** Enum constants by name, escaped and terminated: they sort by name, whatever their order. */
final class EnumKeyCodec<E extends Enum<E>> implements KeyCodec<E> {

  private final Class<E> type;

  EnumKeyCodec(Class<E> type) {
    this.type = type;
  }

  @Override
  public void encode(E value, KeyWriter out) {
    Escaped.write(value.name().getBytes(StandardCharsets.UTF_8), out);
  }

  @Override
  public Order order() {
    return Order.NONE; // by name, not by the declaration order enums compare by
  }

  @Override
  public E decode(KeyReader in) {
    return EnumNames.valueOf(type, Escaped.readUtf8(in));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof EnumKeyCodec && ((EnumKeyCodec<?>) other).type == type;
  }

  @Override
  public int hashCode() {
    return type.hashCode();
  }
}
