/**
 * API: {@link dev.rowan.RowanException}, the root of every exception Rowan raises on its own
 * account. The exceptions themselves live beside the code that throws them: mapping problems in
 * {@code dev.rowan.mapping}, data access and query method problems in {@code dev.rowan.core}, bulk
 * load problems in {@code dev.rowan.mapreduce}.
 */
@NullMarked
package dev.rowan;

import org.jspecify.annotations.NullMarked;
