/**
 * Internal: the implementation behind {@link dev.rowan.core.Schema}, not API. The tables an entity
 * needs and the comparison of live tables with them are pure functions ({@code EntityTables},
 * {@code TableComparison}, {@code SplitKeys}); {@link dev.rowan.core.internal.schema.SchemaAdmin}
 * is the one class the rest of core calls to talk to HBase's {@code Admin}, its work on one set of
 * tables done by {@code TableCreation}, {@code TableCheck} and {@code LayoutRecords}. What Rowan
 * records of its tables is read and written by {@code Catalog} and {@code TableRecords}; an
 * entity's tables come as {@code TableSets} (one set, or one per period). It sits on {@code
 * plumbing}, and every other internal package of core but the query packages may sit on it
 * (docs/architecture.md, "The rules").
 */
@NullMarked
package dev.rowan.core.internal.schema;

import org.jspecify.annotations.NullMarked;
