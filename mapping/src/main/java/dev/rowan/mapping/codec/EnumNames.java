package dev.rowan.mapping.codec;

/** Looks up enum constants by stored name, with an error that names the enum. */
final class EnumNames {

  private EnumNames() {}

  static <E extends Enum<E>> E valueOf(Class<E> type, String name) {
    try {
      return Enum.valueOf(type, name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "stored name '" + name + "' is not a constant of " + type.getName(), e);
    }
  }
}
