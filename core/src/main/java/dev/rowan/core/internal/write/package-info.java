/**
 * Internal: the path of a save. Entities with views are written by {@link
 * dev.rowan.core.internal.write.ProtocolWriter}, a batch at a time, in the four steps of the
 * consistency protocol (docs/view-consistency.md): {@code UniqueClaims} claims unique view keys,
 * {@code GroupCommit} commits the main rows, {@code SettlePipeline} settles the view rows, and
 * {@code NewEntityGuess} says when step 1 may guess a row absent. Entities without views are
 * written by {@code PlainWriter}, {@code PlainInserts} (on the {@code PresenceCell}) and {@code
 * PlainUpdates} (an {@code EntityChange}); {@code WriteAttempts} holds the retry budgets. What each
 * write does is decided in module index; this package carries it out. It sits on {@code context}
 * and below, and never refers to {@code read}. Not part of Rowan's API, and may change in any
 * release.
 */
@NullMarked
package dev.rowan.core.internal.write;

import org.jspecify.annotations.NullMarked;
