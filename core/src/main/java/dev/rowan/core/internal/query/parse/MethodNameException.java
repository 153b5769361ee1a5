package dev.rowan.core.internal.query.parse;

import org.jspecify.annotations.Nullable;

/**
 * A repository method name that cannot be read: the method, and why, as a value, so that a caller
 * that reads part of a name as a method of its own (an update's predicate read as a find) reports
 * the reason under the name the user wrote. Its message is {@code <method>: <reason>}.
 *
 * <p>Thread-safety: immutable.
 */
public final class MethodNameException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String method;
  private final String reason;
  private final boolean parameterCount;
  private final @Nullable String fragment;

  private MethodNameException(
      String method, String reason, boolean parameterCount, @Nullable String fragment) {
    super(method + ": " + reason);
    this.method = method;
    this.reason = reason;
    this.parameterCount = parameterCount;
    this.fragment = fragment;
  }

  /** Method {@code method} cannot be read, for {@code reason}. */
  static MethodNameException of(String method, String reason) {
    return new MethodNameException(method, reason, false, null);
  }

  /**
   * Method {@code method} cannot be read at {@code fragment}, a part of its name, for {@code
   * reason}.
   */
  static MethodNameException at(String method, String fragment, String reason) {
    return new MethodNameException(method, reason, false, fragment);
  }

  /**
   * Method {@code method} reads, but its conditions take another number of parameters than it is
   * given ({@code reason} says how many).
   */
  static MethodNameException ofParameterCount(String method, String reason) {
    return new MethodNameException(method, reason, true, null);
  }

  /** The method's name. */
  public String method() {
    return method;
  }

  /** Why it cannot be read, without the method's name. */
  public String reason() {
    return reason;
  }

  /** The part of the method's name that cannot be read, or null when no one part is at fault. */
  public @Nullable String fragment() {
    return fragment;
  }

  /**
   * Whether the name reads but takes another number of parameters than given: a question of how the
   * parameters are split, not of the name.
   */
  public boolean aboutParameterCount() {
    return parameterCount;
  }
}
