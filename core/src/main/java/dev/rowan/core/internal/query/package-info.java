/**
 * Internal: query methods as pure functions, no I/O: {@link dev.rowan.core.internal.query.QueryCompiler}
 * compiles a repository method into a {@link dev.rowan.core.internal.query.CompiledQuery} (with
 * {@code MethodChecks}, {@code SpecialParameters} and {@code QueryParameters} checking its
 * declaration); {@link dev.rowan.core.internal.query.MethodNameParser} turns a method name into a
 * {@link dev.rowan.core.internal.query.ParsedQuery};
 * {@link dev.rowan.core.internal.query.QueryPlanner} chooses, for each {@code Or} group, the table
 * or view that answers it and ranks the alternatives; {@link dev.rowan.core.internal.query.PlanText}
 * explains the choice; {@code KeyRange}, {@code ResidualFilters} and
 * {@link dev.rowan.core.internal.query.ConditionCheck} turn a plan and a call's arguments into key
 * ranges, region server filters (with {@code CellRanges}, which maps a range of values onto the
 * byte ranges of their cells) and the check every entity read must pass, and
 * {@link dev.rowan.core.internal.query.ScanSpec} into the gets and scans of a call;
 * {@link dev.rowan.core.internal.query.RowRead} decides which cells a count, an existence check or
 * a projection reads of each row, and {@link dev.rowan.core.internal.query.Projection} maps the
 * type a find returns to the entity's properties. The one place that
 * executes plans against HBase is {@code dev.rowan.core.internal.QueryCursor}. See docs/queries.md.
 * Its types are public because {@code QueryMethod} and {@code QueryCursor} in {@code
 * dev.rowan.core.internal} use them; members that only this package calls are package-private.
 * Not part of Rowan's API, and may change in any release.
 */
package dev.rowan.core.internal.query;
