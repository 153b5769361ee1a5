package dev.rowan.core;

import dev.rowan.RowanException;
import java.util.List;

/**
 * A repository declares methods Rowan cannot serve: reported when the repository is created,
 * every method at once, each with the reason and, where one would help, the view to add.
 *
 * <p>Thread-safety: immutable.
 */
public final class QueryMethodException extends RowanException {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  private QueryMethodException(String repository, List<String> problems) {
    super("Cannot create " + repository + ": " + problems.size() + (problems.size() == 1 ? " method" : " methods")
        + " cannot be served\n  - " + String.join("\n  - ", problems));
    this.problems = List.copyOf(problems);
  }

  /** The methods of {@code repository} that cannot be served, one sentence each. */
  public static QueryMethodException of(String repository, List<String> problems) {
    return new QueryMethodException(repository, problems);
  }

  /** One sentence per method, naming it. */
  public List<String> problems() {
    return problems;
  }
}
