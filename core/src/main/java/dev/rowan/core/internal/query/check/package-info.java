/**
 * Internal: the checks of a query method's declaration and of a call's arguments, pure functions
 * over a parsed method. {@link dev.rowan.core.internal.query.check.MethodChecks} checks its return
 * type (entities, a {@link dev.rowan.core.internal.query.check.Projection}, a count, a page: its
 * {@code ResultKind}), {@code SpecialParameters} its {@code PageRequest}, {@code Sort}, {@code
 * Limit} and time range parameters, {@code QueryParameters} the others, with the help of {@code
 * RepositoryTypes}; {@link dev.rowan.core.internal.query.check.ConditionCheck} checks arguments and
 * every entity read against a group's conditions. It sits on {@code query.parse} and never refers
 * to {@code query.plan}. Its types are public because the packages above use them. Not part of
 * Rowan's API, and may change in any release.
 */
@NullMarked
package dev.rowan.core.internal.query.check;

import org.jspecify.annotations.NullMarked;
