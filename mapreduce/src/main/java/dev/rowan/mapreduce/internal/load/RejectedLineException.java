package dev.rowan.mapreduce.internal.load;

/**
 * An input line cannot become an entity; the message is the reason, as the rejects file shows it.
 * Thrown and caught inside a map task, never seen by callers. No stack trace is recorded: rejecting
 * is routine.
 */
final class RejectedLineException extends Exception {

  private static final long serialVersionUID = 1L;

  private final String reason;

  RejectedLineException(String reason) {
    super(reason, null, false, false);
    this.reason = reason;
  }

  /** Why the line was rejected: the message. */
  String reason() {
    return reason;
  }
}
