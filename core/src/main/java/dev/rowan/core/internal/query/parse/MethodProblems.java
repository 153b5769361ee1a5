package dev.rowan.core.internal.query.parse;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;

/**
 * The problems of one repository method, collected while its name is read and its declaration
 * checked, so that a repository reports every method that cannot be served at once. Each problem is
 * a {@link MethodProblem}, whose sentence begins with the method's name: {@link #add} writes {@code
 * Repository.method: reason}, {@link #addPredicate} {@code Repository.method <predicate>} (the
 * method is the sentence's subject: "takes a TimeRange, but ...").
 *
 * <p>Thread-safety: not thread-safe; one per method, while its repository is created.
 */
public final class MethodProblems {

  private final String method;
  private final List<MethodProblem> problems = new ArrayList<>();

  private MethodProblems(String method) {
    this.method = method;
  }

  /** The problems of {@code method} of {@code repository}, none yet. */
  public static MethodProblems of(Class<?> repository, Method method) {
    return new MethodProblems(repository.getSimpleName() + "." + method.getName());
  }

  /**
   * The problems of the method or query named {@code method}, none yet: how every sentence begins.
   */
  public static MethodProblems named(String method) {
    return new MethodProblems(method);
  }

  /** The method, as {@code Repository.method}: how every sentence begins. */
  public String method() {
    return method;
  }

  /**
   * Adds that the method cannot be served for {@code reason}: {@code Repository.method: reason}.
   */
  public void add(String reason) {
    problems.add(new MethodProblem(method, method + ": " + reason, null));
  }

  /**
   * Adds that the method {@code predicate}, the rest of a sentence whose subject is the method:
   * {@code Repository.method <predicate>}.
   */
  public void addPredicate(String predicate) {
    problems.add(new MethodProblem(method, method + " " + predicate, null));
  }

  /** Adds that the method's name cannot be read, with the part of it that fails, if known. */
  public void add(MethodNameException unreadable) {
    problems.add(
        new MethodProblem(method, method + ": " + unreadable.reason(), unreadable.fragment()));
  }

  /** Whether no problem was added. */
  public boolean isEmpty() {
    return problems.isEmpty();
  }

  /** The problems added, in order. */
  public List<MethodProblem> problems() {
    return List.copyOf(problems);
  }

  /** The problems' sentences, in order. */
  public List<String> sentences() {
    return problems.stream().map(MethodProblem::sentence).toList();
  }

  @Override
  public String toString() {
    return String.join("; ", sentences());
  }

  /** The sentences of {@code problems}, in order. */
  public static List<String> sentences(List<MethodProblem> problems) {
    return problems.stream().map(MethodProblem::sentence).toList();
  }
}
