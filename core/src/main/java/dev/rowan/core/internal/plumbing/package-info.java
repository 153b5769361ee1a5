/**
 * Internal: calls to HBase and what runs them, the bottom of core's internal packages. {@link
 * dev.rowan.core.internal.plumbing.HBaseCalls} wraps every call to HBase and translates its
 * exceptions into {@code DataAccessException} ({@code AccessRefusal} reads a refusal of HBase's
 * access control); {@link dev.rowan.core.internal.plumbing.ObservedCalls} holds the observed call
 * of the thread and counts its costs; {@code ParallelCalls} runs the independent calls of one
 * operation at once, and {@code BackgroundSettles} runs settles off the callers' threads. It refers
 * to no other internal package. Not part of Rowan's API, and may change in any release.
 */
@NullMarked
package dev.rowan.core.internal.plumbing;

import org.jspecify.annotations.NullMarked;
