/**
 * API: bulk loads and view maintenance at scale. {@link dev.rowan.mapreduce.BulkLoad} turns text
 * records into HFiles for an entity's table and all its views in one MapReduce job and loads them
 * ({@link dev.rowan.mapreduce.BulkLoadResult}, {@link dev.rowan.mapreduce.BulkLoadException});
 * {@link dev.rowan.mapreduce.VerifyViews}, a map-only job over every table of an entity, finds and
 * repairs view rows that differ from the main table ({@link dev.rowan.mapreduce.ViewReport});
 * {@link dev.rowan.mapreduce.RebuildViews} rewrites views through HFiles; {@link
 * dev.rowan.mapreduce.SplitPoints} computes split keys from a sample. The mappers, reducers, record
 * parsers and job settings live in {@code dev.rowan.mapreduce.internal} ({@code job}, {@code
 * hfile}, {@code load}, {@code view}); {@link dev.rowan.mapreduce.RowCells} is public only because
 * Hadoop instantiates it as a map output value. See docs/bulk-load.md.
 */
@NullMarked
package dev.rowan.mapreduce;

import org.jspecify.annotations.NullMarked;
