package dev.rowan.core.internal.query.parse;

import java.util.List;

/**
 * The predicate keywords of query method names, with the number of parameters each takes. The
 * constants are declared in match order: a property expression is matched against the longest words
 * first, so {@code LessThanEqual} is never read as {@code LessThan} of a property called {@code
 * ...Equal}. {@code Before} and {@code After} are the exclusive bounds of {@code LessThan} and
 * {@code GreaterThan}; {@code Between} is inclusive at both ends.
 *
 * <p>Null follows SQL (what Spring Data JPA users get): a null value matches {@code IsNull} and no
 * other keyword, {@code Not}, {@code NotIn} and {@code NotContaining} included. Only {@code
 * Equals}, {@code In} and the ranges ({@link #isRange()}) can bind key parts; every other keyword
 * is a condition checked on each entity read (and pushed to the region servers as a filter where
 * the cells allow it).
 */
public enum Keyword {
  IS_NOT_NULL(0, "IsNotNull", "NotNull"),
  IS_NULL(0, "IsNull", "Null"),
  BETWEEN(2, "IsBetween", "Between"),
  NOT_IN(1, "IsNotIn", "NotIn"),
  IN(1, "IsIn", "In"),
  STARTING_WITH(1, "IsStartingWith", "StartingWith", "StartsWith"),
  ENDING_WITH(1, "IsEndingWith", "EndingWith", "EndsWith"),
  NOT_CONTAINING(1, "IsNotContaining", "NotContaining", "NotContains"),
  CONTAINING(1, "IsContaining", "Containing", "Contains"),
  LESS_THAN_EQUAL(1, "IsLessThanEqual", "LessThanEqual"),
  LESS_THAN(1, "IsLessThan", "LessThan", "IsBefore", "Before"),
  GREATER_THAN_EQUAL(1, "IsGreaterThanEqual", "GreaterThanEqual"),
  GREATER_THAN(1, "IsGreaterThan", "GreaterThan", "IsAfter", "After"),
  NOT(1, "IsNot", "Not"),
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
  public List<String> words() {
    return words;
  }

  /**
   * Whether the keyword bounds a range of values that a key range can read: the comparisons, {@code
   * Between} and {@code StartingWith}. False for {@code Equals} and {@code In}, which name values,
   * and for the keywords no key range answers (nulls, negations, suffixes, substrings).
   */
  public boolean isRange() {
    return switch (this) {
      case BETWEEN, LESS_THAN, LESS_THAN_EQUAL, GREATER_THAN, GREATER_THAN_EQUAL, STARTING_WITH ->
          true;
      default -> false;
    };
  }

  /**
   * Whether the keyword takes a string: {@code StartingWith}, {@code EndingWith}, {@code
   * (Not)Containing}.
   */
  public boolean takesText() {
    return this == STARTING_WITH
        || this == ENDING_WITH
        || this == CONTAINING
        || this == NOT_CONTAINING;
  }

  /** Whether the keyword takes a collection or an array of values: {@code In}, {@code NotIn}. */
  public boolean takesValues() {
    return this == IN || this == NOT_IN;
  }
}
