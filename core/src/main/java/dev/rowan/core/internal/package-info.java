/**
 * Internal: not part of Rowan's API, and may change in any release. Its subpackages hold the
 * implementation of core, along the paths docs/architecture.md follows, from the bottom up:
 *
 * <ul>
 *   <li>{@code plumbing}: calls to HBase ({@code HBaseCalls}, which translates their exceptions),
 *       their observation and the threads that run them ({@code ParallelCalls}, {@code
 *       BackgroundSettles});
 *   <li>{@code schema}: the tables of an entity, created, checked, recorded and dropped ({@code
 *       SchemaAdmin}, {@code Catalog}, {@code TableSets});
 *   <li>{@code context}: what every reader and writer of one entity shares ({@code StoreContext},
 *       with its {@code ViewRoster}) and the limits HBase puts on keys and cells;
 *   <li>{@code write}, the path of a save: the consistency protocol ({@code ProtocolWriter} with
 *       {@code UniqueClaims}, {@code GroupCommit} and {@code SettlePipeline}) and the plain writes
 *       of entities without views ({@code PlainWriter}, {@code PlainInserts}, {@code
 *       PlainUpdates});
 *   <li>{@code query.parse}, {@code query.check} and {@code query.plan}: query methods parsed,
 *       checked and planned, pure functions;
 *   <li>{@code read}, the path of a query: a call ({@code QueryCall}) read by cursors ({@code
 *       QueryCursor}, {@code ScannerOpener}, {@code BucketMerge}), through the {@code ViewReader},
 *       ordered in memory where no key order serves, continued by page tokens;
 *   <li>{@code repository}: the one store of an entity's tables ({@code EntityStore}), which writes
 *       through {@code write} and reads through {@code read}, and the repositories built on it
 *       ({@code RepositoryFactory}, {@code RepositoryHandler}, {@code QueryMethod}, {@code
 *       WriteMethod}), with the storage seam ({@code EntityStorage}, {@code TableSetStorage});
 *   <li>{@code period}: an entity kept in one set of tables per period ({@code PeriodStorage} over
 *       {@code PeriodStores}).
 * </ul>
 *
 * <p>Each package refers only to those below it; {@code read} and {@code write} never refer to each
 * other. The layer rules check the order (docs/architecture.md, "The rules"). This package itself
 * holds no types.
 */
@NullMarked
package dev.rowan.core.internal;

import org.jspecify.annotations.NullMarked;
