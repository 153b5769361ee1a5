/**
 * API: what applications write against. {@link dev.rowan.core.Rowan} connects to HBase and creates
 * repositories; a repository interface extends {@link dev.rowan.core.HBaseRepository} and declares
 * query methods (with {@link dev.rowan.core.Page}, {@link dev.rowan.core.PageRequest}, {@link
 * dev.rowan.core.Sort}, {@link dev.rowan.core.Limit} and {@link dev.rowan.core.AllowScan}); {@link
 * dev.rowan.core.EntityQuery} asks in code what a method name cannot say, and {@link
 * dev.rowan.core.EntityViews} reads views by name; {@link dev.rowan.core.Schema} creates, checks
 * and drops tables ({@link dev.rowan.core.SchemaReport}, {@link dev.rowan.core.SplitPolicy}). The
 * exceptions a repository throws live here too: {@link dev.rowan.core.DataAccessException}, {@link
 * dev.rowan.core.OptimisticLockException}, {@link dev.rowan.core.UniqueViolationException}, {@link
 * dev.rowan.core.WriteConflictException}, {@link dev.rowan.core.SchemaMismatchException} and {@link
 * dev.rowan.core.QueryMethodException}. The implementation lives in {@code dev.rowan.core.internal}
 * and its subpackages.
 */
@NullMarked
package dev.rowan.core;

import org.jspecify.annotations.NullMarked;
