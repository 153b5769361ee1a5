/**
 * Internal: the path of a query, executing the plans of {@code query.plan}. A {@link
 * dev.rowan.core.internal.read.QueryCall} is one call of a query method; {@link
 * dev.rowan.core.internal.read.QueryCursor} reads it, with gets or with scans that {@code
 * ScannerOpener} opens and {@code BucketMerge} merges in key order ({@code LimitedScanner} under a
 * limit); rows from a view go through {@link dev.rowan.core.internal.read.ViewReader}, which checks
 * them against their main rows; {@code MovedEntities} takes a second look for entities that moved
 * during a read. {@code InMemoryOrder} orders what no key order serves, {@code PageTokens} encodes
 * where a page continues, {@code CallSorts} and {@code BuildingViewPlans} plan a call's sort and
 * around views being built, and {@code VersionReads} reads an entity's versions. It sits on {@code
 * context}, the query packages and below, and never refers to {@code write}: a delete method's call
 * finds the entities, and its caller deletes them. Not part of Rowan's API, and may change in any
 * release. See docs/queries.md.
 */
@NullMarked
package dev.rowan.core.internal.read;

import org.jspecify.annotations.NullMarked;
