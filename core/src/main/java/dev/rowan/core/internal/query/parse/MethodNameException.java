package dev.rowan.core.internal.query.parse;

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

  private MethodNameException(String method, String reason, boolean parameterCount) {
    super(method + ": " + reason);
    this.method = method;
    this.reason = reason;
    this.parameterCount = parameterCount;
  }

  /** Method {@code method} cannot be read, for {@code reason}. */
  static MethodNameException of(String method, String reason) {
    return new MethodNameException(method, reason, false);
  }

  /**
   * Method {@code method} reads, but its conditions take another number of parameters than it is
   * given ({@code reason} says how many).
   */
  static MethodNameException ofParameterCount(String method, String reason) {
    return new MethodNameException(method, reason, true);
  }

  /** The method's name. */
  public String method() {
    return method;
  }

  /** Why it cannot be read, without the method's name. */
  public String reason() {
    return reason;
  }

  /**
   * Whether the name reads but takes another number of parameters than given: a question of how the
   * parameters are split, not of the name.
   */
  public boolean aboutParameterCount() {
    return parameterCount;
  }
}
