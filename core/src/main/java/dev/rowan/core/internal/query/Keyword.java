package dev.rowan.core.internal.query;

import java.util.List;

/**
 * The predicate keywords of query method names, with the number of parameters each takes. The
 * constants are declared in match order: a property expression is matched against the longest
 * words first, so {@code LessThanEqual} is never read as {@code LessThan} of a property called
 * {@code ...Equal}. {@code Before} and {@code After} are the exclusive bounds of
 * {@code LessThan} and {@code GreaterThan}; {@code Between} is inclusive at both ends.
 */
public enum Keyword {
  BETWEEN(2, "IsBetween", "Between"),
  IN(1, "IsIn", "In"),
  STARTING_WITH(1, "IsStartingWith", "StartingWith", "StartsWith"),
  LESS_THAN_EQUAL(1, "IsLessThanEqual", "LessThanEqual"),
  LESS_THAN(1, "IsLessThan", "LessThan", "IsBefore", "Before"),
  GREATER_THAN_EQUAL(1, "IsGreaterThanEqual", "GreaterThanEqual"),
  GREATER_THAN(1, "IsGreaterThan", "GreaterThan", "IsAfter", "After"),
  EQUALS(1, "IsEqual", "Equals", "Is");

  private final int arity;
  private final List<String> words;

  Keyword(int arity, String... words) {
    this.arity = arity;
    this.words = List.of(words);
  }

  /** The number of method parameters the keyword binds. */
  public int arity() {
    return arity;
  }

  /** The words that name this keyword at the end of a property expression, longest first. */
  List<String> words() {
    return words;
  }

  /** Whether the keyword bounds a range of values rather than naming values. */
  boolean isRange() {
    return this != EQUALS && this != IN;
  }
}
