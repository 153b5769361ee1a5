/**
 * Internal: the implementation behind {@link dev.rowan.core.Schema}, not API. The tables an
 * entity needs and the comparison of live tables with them are pure functions
 * ({@code EntityTables}, {@code TableComparison}, {@code SplitKeys}); {@link
 * dev.rowan.core.schema.SchemaAdmin} is the one place that talks to HBase's {@code Admin}. Its
 * name has no {@code internal} segment, so the layer rules list it as internal by name
 * (docs/architecture.md, "The rules").
 */
package dev.rowan.core.schema;
