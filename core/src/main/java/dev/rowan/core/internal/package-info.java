/**
 * The one place Rowan talks to HBase for entities: {@link dev.rowan.core.internal.EntityStore}
 * reads and writes them, writing entities with views by the consistency protocol
 * ({@code ProtocolWriter}, docs/view-consistency.md) and reading views through
 * {@code ViewReader}; {@link dev.rowan.core.internal.RepositoryFactory} generates repository
 * implementations with Byte Buddy, whose query methods run through {@code QueryCursor}.
 *
 * <p>Internal: not part of Rowan's API, and may change in any release. Public types here are
 * public only for the other Rowan modules and generated code.
 */
package dev.rowan.core.internal;
