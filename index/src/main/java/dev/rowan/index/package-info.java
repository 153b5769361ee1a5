/**
 * API: views and the rules of the consistency protocol (docs/view-consistency.md), as pure
 * functions without I/O. {@link dev.rowan.index.ViewModel} is one view of an entity; {@link
 * dev.rowan.index.MainRow} is what a read of a main row says; {@link dev.rowan.index.WriteDecision}
 * and {@link dev.rowan.index.ViewMaintainer} decide everything one write does to its main row and
 * to every view row ({@link dev.rowan.index.WritePlan}, {@link dev.rowan.index.ViewRowChange});
 * {@link dev.rowan.index.CommitSync} decides when a group of commits is durable; {@link
 * dev.rowan.index.ViewRowVerdict} decides what a view row means, and {@link
 * dev.rowan.index.ViewRowRepair} and {@link dev.rowan.index.MainFence} are the writes that act on a
 * verdict; {@link dev.rowan.index.RowStatus} and {@link dev.rowan.index.ProtocolCells} are the
 * cells the protocol adds ({@link dev.rowan.index.ProtocolCells.Qualifier} names them, and hands
 * out only copies of their qualifiers). Applications rarely call these: {@code core} and {@code
 * mapreduce} do, and so may a tool that reads Rowan's tables directly and must tell a view row it
 * can trust from one it cannot. Every type here is public because those modules use it; members
 * that only this package calls are package-private. Nothing here imports {@code dev.rowan.core}.
 */
@NullMarked
package dev.rowan.index;

import org.jspecify.annotations.NullMarked;
