/**
 * Bulk loads and view maintenance at scale: {@link dev.rowan.mapreduce.BulkLoad} turns text
 * records into HFiles for an entity's table and all its views in one MapReduce job and loads
 * them; {@link dev.rowan.mapreduce.VerifyViews}, a map-only job over every table of an entity,
 * finds and repairs view rows that differ from the main table;
 * {@link dev.rowan.mapreduce.RebuildViews} rewrites views through HFiles;
 * {@link dev.rowan.mapreduce.SplitPoints} computes split keys from a sample. See
 * docs/bulk-load.md.
 */
package dev.rowan.mapreduce;
