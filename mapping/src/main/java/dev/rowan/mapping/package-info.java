/**
 * API: the mapping of an entity class to HBase rows, read from its annotations once per class and
 * cached. {@link dev.rowan.mapping.EntityModel} holds the table, families, row key, columns and
 * views of an entity and converts between entities and rows; {@link
 * dev.rowan.mapping.PropertyModel}, {@link dev.rowan.mapping.KeyLayout}, {@link
 * dev.rowan.mapping.SaltModel}, {@link dev.rowan.mapping.TableLayout}, {@link
 * dev.rowan.mapping.FamilyModel} and {@link dev.rowan.mapping.ViewDefinition} describe its parts,
 * and {@link dev.rowan.mapping.MappingException} and {@link
 * dev.rowan.mapping.InvalidValueException} report what cannot be mapped or written. Applications
 * meet it through {@code EntityModel.of} (to compute split points, for example); the other Rowan
 * modules build on it. The annotation reader, the row encoder and the row decoder behind {@code
 * EntityModel} are package-private.
 */
@NullMarked
package dev.rowan.mapping;

import org.jspecify.annotations.NullMarked;
