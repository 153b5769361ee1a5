package dev.rowan.mapping;

import dev.rowan.RowanException;
import java.util.List;

/**
 * A class cannot be mapped to HBase rows: its annotations are missing, contradict each other or ask
 * for something no encoding can do. One exception lists every problem found in the class.
 *
 * <p>Thread-safety: instances are immutable.
 *
 * @since 0.1
 */
public final class MappingException extends RowanException {

  private static final long serialVersionUID = 1L;

  private final transient Class<?> entityType;
  private final List<String> problems;

  private MappingException(Class<?> entityType, List<String> problems) {
    super(message(entityType, problems));
    this.entityType = entityType;
    this.problems = List.copyOf(problems);
  }

  /** An exception that lists each of {@code problems} found while mapping {@code entityType}. */
  public static MappingException of(Class<?> entityType, List<String> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a MappingException needs at least one problem");
    }
    return new MappingException(entityType, problems);
  }

  /** The class that could not be mapped. */
  public Class<?> entityType() {
    return entityType;
  }

  /** Each problem found, one sentence each, naming the field at fault. */
  public List<String> problems() {
    return problems;
  }

  private static String message(Class<?> type, List<String> problems) {
    StringBuilder text =
        new StringBuilder("Cannot map ")
            .append(type.getName())
            .append(": ")
            .append(problems.size())
            .append(problems.size() == 1 ? " problem" : " problems");
    for (String problem : problems) {
      text.append("\n  - ").append(problem);
    }
    return text.toString();
  }
}
