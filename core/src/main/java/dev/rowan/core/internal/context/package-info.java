/**
 * Internal: what the readers and writers of one entity share. {@link
 * dev.rowan.core.internal.context.StoreContext} holds the connection, the table names of the entity
 * and its views, the entity's model, the protocol hook and the {@code ViewRoster} (what the tables
 * say of the views), set up from {@code WriteOptions}; {@code CellLimits} knows the limits HBase
 * puts on keys and cells, and {@code KeyText} how a key is named in a message. It sits on {@code
 * plumbing} and {@code schema}; both paths, {@code read} and {@code write}, sit on it. Not part of
 * Rowan's API, and may change in any release.
 */
@NullMarked
package dev.rowan.core.internal.context;

import org.jspecify.annotations.NullMarked;
