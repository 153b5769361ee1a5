package dev.rowan.core.internal.query.parse;

/**
 * One predicate of a query method: a property, a keyword, and where its arguments start. The
 * planner adds one kind of its own: an {@code In} of every value of a key part of few values, which
 * no parameter binds ({@link #everyValue}), for a skip scan.
 *
 * @param property the entity property, by its field name
 * @param keyword the keyword; {@link Keyword#EQUALS} when the name gives none
 * @param parameter the index of the first method parameter the predicate binds, or {@link
 *     #EVERY_VALUE}
 */
public record Condition(String property, Keyword keyword, int parameter) {

  /** The parameter of a condition that names every value of its property, bound by no argument. */
  public static final int EVERY_VALUE = -1;

  /** The condition that {@code property}, a key part of few values, takes any of them. */
  public static Condition everyValue(String property) {
    return new Condition(property, Keyword.IN, EVERY_VALUE);
  }

  /** Whether this condition names every value of its property rather than an argument's. */
  public boolean isEveryValue() {
    return parameter == EVERY_VALUE;
  }
}
