package dev.rowan.core.internal.query.parse;

/** What a query method does with the entities its predicates select. */
public enum QueryAction {
  /** {@code find}, {@code read}, {@code get}, {@code query}, {@code stream}: returns them. */
  FIND,
  /** {@code count}: returns how many there are. */
  COUNT,
  /** {@code exists}: returns whether there is one. */
  EXISTS,
  /** {@code delete}, {@code remove}: deletes them. */
  DELETE
}
