package dev.rowan.core.internal.query.parse;

/**
 * One {@code OrderBy} property.
 *
 * @param property the entity property, by its field name
 * @param descending whether the name says {@code Desc}
 */
public record SortKey(String property, boolean descending) {}
