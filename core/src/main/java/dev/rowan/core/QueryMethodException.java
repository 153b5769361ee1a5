package dev.rowan.core;

import dev.rowan.RowanException;
import java.util.List;

/**
 * A repository declares methods Rowan cannot serve: reported when the repository is created, every
 * method at once, each with the reason and, where one would help, the view to add. Also a query
 * asked in code that Rowan cannot serve as asked ({@link #ofQuery}), when it runs.
 *
 * <p>Thread-safety: immutable.
 *
 * @since 0.1
 */
public final class QueryMethodException extends RowanException {

  private static final long serialVersionUID = 1L;

  private final List<String> problems;

  private QueryMethodException(String message, List<String> problems) {
    super(message);
    this.problems = List.copyOf(problems);
  }

  /** The methods of {@code repository} that cannot be served, one sentence each. */
  public static QueryMethodException of(String repository, List<String> problems) {
    return new QueryMethodException(
        "Cannot create "
            + repository
            + ": "
            + problems.size()
            + (problems.size() == 1 ? " method" : " methods")
            + " cannot be served\n  - "
            + String.join("\n  - ", problems),
        problems);
  }

  /**
   * A query asked in code ({@code rowan.query(...)}, {@link EntityQuery}) that Rowan cannot serve
   * as asked: {@code problem} is the sentence that says why, naming the query, and what to ask
   * instead. Thrown when the query runs; nothing was read.
   */
  public static QueryMethodException ofQuery(String problem) {
    return new QueryMethodException(problem, List.of(problem));
  }

  /** One sentence per method (or the one query asked in code), naming it. */
  public List<String> problems() {
    return problems;
  }
}
