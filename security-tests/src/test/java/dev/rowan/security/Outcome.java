package dev.rowan.security;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What became of one call: done, or refused by HBase (the action and scope its
 * AccessDeniedException names, and where in Rowan the refused call was made), or failed otherwise.
 * For the messages of failed assertions and the printed survey of what each call needs.
 */
record Outcome(String operation, Throwable failure) {

  private static final Pattern ACTION = Pattern.compile("action=([A-Z]+)");
  private static final Pattern SCOPE = Pattern.compile("scope=([^,)\\s]+)");
  private static final Pattern REQUIRED = Pattern.compile("need(?:s)? \\(?([A-Z,]+)\\)? ?permission");

  /** Runs {@code call} and says how it went. */
  static Outcome of(String operation, Runnable call) {
    try {
      call.run();
      return new Outcome(operation, null);
    } catch (RuntimeException | AssertionError e) {
      return new Outcome(operation, e);
    }
  }

  boolean done() {
    return failure == null;
  }

  /** Whether an AccessDeniedException of HBase's is among the causes, or its text in a message. */
  boolean refusedByHBase() {
    return failure != null && messages().contains("AccessDeniedException");
  }

  /** The action HBase's refusal names (READ, WRITE, CREATE, ADMIN, EXEC), or "?" when it names none. */
  String action() {
    Matcher action = ACTION.matcher(messages());
    if (action.find()) {
      return action.group(1);
    }
    Matcher required = REQUIRED.matcher(messages());
    return required.find() ? required.group(1) : "?";
  }

  String scope() {
    Matcher scope = SCOPE.matcher(messages());
    return scope.find() ? scope.group(1) : "?";
  }

  /** Every message of the cause chain, joined. */
  String messages() {
    StringBuilder text = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      text.append(t.getClass().getName()).append(": ").append(t.getMessage()).append(" | ");
    }
    return text.toString();
  }

  /** The innermost Rowan frames of the exception the caller got: the call site of the refused HBase call. */
  String rowanCallSite() {
    if (failure == null) {
      return "";
    }
    List<String> frames = new ArrayList<>();
    for (StackTraceElement frame : failure.getStackTrace()) {
      String name = frame.getClassName();
      if (name.startsWith("dev.rowan.") && !name.startsWith("dev.rowan.security.")
          && !name.endsWith("DataAccessException") && !name.contains("HBaseCalls")) {
        frames.add(name.substring(name.lastIndexOf('.') + 1) + "." + frame.getMethodName() + ":" + frame.getLineNumber());
        if (frames.size() == 3) {
          break;
        }
      }
    }
    return String.join(" < ", frames);
  }

  /** One line: the operation and what became of it. */
  String line() {
    if (done()) {
      return operation + ": done";
    }
    if (refusedByHBase()) {
      return operation + ": refused " + action() + " on " + scope() + " (" + failure.getClass().getSimpleName()
          + " at " + rowanCallSite() + "): " + firstLine(messages());
    }
    return operation + ": failed " + failure.getClass().getSimpleName() + ": " + firstLine(failure.getMessage())
        + " (at " + rowanCallSite() + ")";
  }

  private static String firstLine(String message) {
    if (message == null) {
      return "";
    }
    int end = message.indexOf('\n');
    String line = end < 0 ? message : message.substring(0, end);
    return line.length() > 300 ? line.substring(0, 300) + "..." : line;
  }
}
