/**
 * Internal: repositories and the store they use. {@link
 * dev.rowan.core.internal.repository.EntityStore} is the one place that reads and writes an entity
 * class in one set of tables: it writes through {@code write} and reads through {@code read}.
 * {@link dev.rowan.core.internal.repository.RepositoryFactory} generates repository implementations
 * with Byte Buddy whose methods call a {@link
 * dev.rowan.core.internal.repository.RepositoryHandler}: {@code CrudMethods} (over an {@code
 * EntityCrud}), {@code QueryMethod}, {@code WriteMethod} and {@code ExplainedMethods}, observed by
 * a {@code CallObserver}. What a repository, a query asked in code ({@code AdHocQuery}, {@code
 * PlannedQuery}) and views read by name ({@code ViewsByName}) need of an entity's tables is its
 * {@link dev.rowan.core.internal.repository.EntityStorage}; {@code TableSetStorage} is the one over
 * a single set of tables. It sits on {@code read}, {@code write} and below. Not part of Rowan's
 * API, and may change in any release.
 */
@NullMarked
package dev.rowan.core.internal.repository;

import org.jspecify.annotations.NullMarked;
