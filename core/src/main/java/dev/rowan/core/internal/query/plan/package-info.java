/**
 * Internal: query methods planned, as pure functions, no I/O. {@link
 * dev.rowan.core.internal.query.plan.QueryCompiler} compiles a repository method into a {@link
 * dev.rowan.core.internal.query.plan.CompiledQuery}: it parses the name ({@code query.parse}),
 * checks the declaration ({@code query.check}), and has {@link
 * dev.rowan.core.internal.query.plan.QueryPlanner} choose, for each {@code Or} group, the table or
 * view that answers it, ranking the alternatives ({@code AccessPlan} inside a {@code MethodPlan});
 * {@link dev.rowan.core.internal.query.plan.PlanText} explains the choice; {@code VersionChecks}
 * checks a plan that reads an entity's versions. {@code KeyRange}, {@code ResidualFilters} (with
 * {@code CellRanges}, which maps a range of values onto the byte ranges of their cells) and {@link
 * dev.rowan.core.internal.query.plan.ScanSpec} turn a plan and a call's arguments into key ranges,
 * region server filters and the gets and scans of a call; {@link
 * dev.rowan.core.internal.query.plan.RowRead} decides which cells a count, an existence check or a
 * projection reads of each row. The period rules of a table-per-period entity are here too: {@code
 * PeriodChecks} refuses a method that does not bound the period, and {@code PeriodRange} says which
 * periods a call reads. The top of the query packages: it sits on {@code query.check} and {@code
 * query.parse}; the one place that executes plans against HBase is {@code
 * dev.rowan.core.internal.read}. Its types are public because the read path and the repositories
 * use them; members that only this package calls are package-private. Not part of Rowan's API, and
 * may change in any release. See docs/queries.md.
 */
@NullMarked
package dev.rowan.core.internal.query.plan;

import org.jspecify.annotations.NullMarked;
