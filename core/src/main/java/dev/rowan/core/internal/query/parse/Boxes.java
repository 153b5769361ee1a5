package dev.rowan.core.internal.query.parse;

import java.lang.invoke.MethodType;

/**
 * The boxed class of a primitive type, as method parameters and properties are compared: a {@code
 * long} parameter fits a {@code Long} property.
 *
 * <p>Thread-safety: stateless.
 */
public final class Boxes {

  private Boxes() {}

  /** The wrapper class of primitive {@code type} ({@code void} aside); any other class as it is. */
  public static Class<?> box(Class<?> type) {
    return type.isPrimitive() && type != void.class
        ? MethodType.methodType(type).wrap().returnType()
        : type;
  }
}
