/**
 * Internal: the generated accessors that read and write an entity's fields. {@link
 * dev.rowan.mapping.internal.AccessorFactory} defines, per entity class, an {@link
 * dev.rowan.mapping.internal.EntityAccessor} with Byte Buddy as a hidden nestmate of the entity, or
 * falls back to method handles when it cannot. {@code EntityAccessor} is public only so that the
 * generated class can implement it. Not part of Rowan's API, may change in any release, and no
 * other module imports it (docs/architecture.md, "The rules").
 */
@NullMarked
package dev.rowan.mapping.internal;

import org.jspecify.annotations.NullMarked;
