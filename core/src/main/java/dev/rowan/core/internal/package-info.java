/**
 * Internal: not part of Rowan's API, and may change in any release. Public types here are public
 * only for the other packages of core and for generated code (the one use from another module
 * today is an exception the layer rules list, docs/architecture.md).
 *
 * <p>The one place Rowan talks to HBase for entities: {@link dev.rowan.core.internal.EntityStore}
 * reads and writes them, writing entities with views by the consistency protocol
 * ({@code ProtocolWriter} with {@code UniqueClaims}, {@code GroupCommit} and {@code
 * SettlePipeline}; docs/view-consistency.md), entities without views by {@code PlainWriter}, and
 * reading views through {@code ViewReader}; {@code HBaseCalls} wraps calls to HBase and
 * translates their exceptions.
 * {@link dev.rowan.core.internal.RepositoryFactory} generates repository implementations with
 * Byte Buddy, whose query methods ({@code QueryMethod}) run through {@code QueryCursor}. What a
 * repository needs of an entity's tables is its {@link dev.rowan.core.internal.EntityStorage}:
 * {@code TableSetStorage} over one {@code EntityStore}, or {@code PeriodStorage} over the stores of
 * each period ({@code PeriodStores}).
 */
package dev.rowan.core.internal;
