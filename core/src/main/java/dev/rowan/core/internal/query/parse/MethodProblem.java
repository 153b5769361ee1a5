package dev.rowan.core.internal.query.parse;

import org.jspecify.annotations.Nullable;

/**
 * One reason a repository method cannot be served, as a value: the method it is about, the sentence
 * that tells the user (naming the method), and the part of the method's name that fails, when the
 * name is what fails.
 *
 * <p>Thread-safety: immutable.
 *
 * @param method the method, as {@code Repository.method}
 * @param sentence the sentence reported, beginning with {@code method}
 * @param fragment the part of the method's name that cannot be read, or null when the problem is
 *     not one of a part of the name
 */
public record MethodProblem(String method, String sentence, @Nullable String fragment) {

  /**
   * A problem of {@code method}.
   *
   * @throws IllegalArgumentException when {@code sentence} does not name {@code method}
   */
  public MethodProblem {
    if (!sentence.startsWith(method)) {
      throw new IllegalArgumentException(
          "a problem of " + method + " must begin with its name: " + sentence);
    }
  }
}
