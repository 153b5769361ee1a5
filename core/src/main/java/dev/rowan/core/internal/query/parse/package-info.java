/**
 * Internal: method names as values, no I/O. {@link
 * dev.rowan.core.internal.query.parse.MethodNameParser} turns a query method's name into a {@link
 * dev.rowan.core.internal.query.parse.ParsedQuery} (its {@code Condition}s, with keywords from the
 * {@link dev.rowan.core.internal.query.parse.Keyword} table, its {@code SortKey}s and its {@code
 * QueryAction}), and {@code WriteMethodName} and {@code WriteMethodSpec} parse and check the name
 * of a partial update or a counter. {@code MethodProblems} collects what is wrong with one method,
 * as {@code MethodProblem} values that name it, while the packages above check it. The lowest of
 * the query packages: it refers to neither {@code check} nor {@code plan}. Its types are public
 * because the packages above use them; members that only this package calls are package-private.
 * Not part of Rowan's API, and may change in any release. See docs/queries.md.
 */
@NullMarked
package dev.rowan.core.internal.query.parse;

import org.jspecify.annotations.NullMarked;
