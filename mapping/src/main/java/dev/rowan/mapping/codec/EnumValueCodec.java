package dev.rowan.mapping.codec;

import java.nio.charset.StandardCharsets;

/** Enum constants stored by name. */
final class EnumValueCodec<E extends Enum<E>> implements ValueCodec<E> {

  private final Class<E> type;

  EnumValueCodec(Class<E> type) {
    this.type = type;
  }

  @Override
  public byte[] encode(E value) {
    return value.name().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public E decode(byte[] bytes, int offset, int length) {
    return EnumNames.valueOf(type, new String(bytes, offset, length, StandardCharsets.UTF_8));
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof EnumValueCodec && ((EnumValueCodec<?>) other).type == type;
  }

  @Override
  public int hashCode() {
    return type.hashCode();
  }
}
