package dev.rowan.core.internal.query;

/**
 * One predicate of a query method: a property, a keyword, and where its arguments start.
 *
 * @param property the entity property, by its field name
 * @param keyword the keyword; {@link Keyword#EQUALS} when the name gives none
 * @param parameter the index of the first method parameter the predicate binds
 */
public record Condition(String property, Keyword keyword, int parameter) {}
