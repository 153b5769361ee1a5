/**
 * Internal: the HFile half of the jobs that write rows, the bulk load and the view rebuild. {@link
 * dev.rowan.mapreduce.internal.hfile.EntityCells} turns an entity into the cells of its table and
 * views, {@code RowGrouper} gathers them into one {@code RowCells} per row, {@code HFileOutput}
 * (with {@code HFileWriterSettings}) configures the job to write HFiles through {@code
 * SortingReducer}, and {@code HFileLoad} loads what it wrote. It sits on {@code job}. Not part of
 * Rowan's API, and may change in any release.
 */
@NullMarked
package dev.rowan.mapreduce.internal.hfile;

import org.jspecify.annotations.NullMarked;
