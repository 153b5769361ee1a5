package dev.rowan.cli;

import java.util.LinkedHashSet;
import java.util.Set;

/** One line for an error: its message and those of its causes, without repeats. */
final class Errors {

  private Errors() {}

  static String describe(Throwable error) {
    Set<String> messages = new LinkedHashSet<>();
    for (Throwable t = error; t != null && messages.size() < 4; t = t.getCause()) {
      String message =
          t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().strip();
      if (messages.stream().noneMatch(m -> m.contains(message))) {
        messages.add(message);
      }
    }
    return String.join(": ", messages);
  }
}
