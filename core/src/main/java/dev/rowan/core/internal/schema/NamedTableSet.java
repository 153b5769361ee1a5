package dev.rowan.core.internal.schema;

import java.time.LocalDate;
import java.util.Optional;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;

/**
 * Internal, not API: one set of an entity's tables ({@link TableSets}), as its names say.
 *
 * @param period the period the set holds, for an entity kept in one table per period; empty for an
 *     entity kept in one set
 * @param names the full name of each table of the set, given its name in the mapping (the entity's
 *     table name, or {@code <table>.<view>})
 */
public record NamedTableSet(Optional<LocalDate> period, Function<String, TableName> names) {}
