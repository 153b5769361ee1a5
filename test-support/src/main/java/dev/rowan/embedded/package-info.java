/**
 * API: HBase without a cluster. {@link dev.rowan.embedded.EmbeddedHBase} runs a standalone HBase in
 * this JVM on a local directory, and {@link dev.rowan.embedded.HBaseEndpoint} connects to a
 * configured cluster or falls back to the embedded one. For trying Rowan, demos and the command
 * line; an application in production connects with {@code Rowan.connect}.
 */
@NullMarked
package dev.rowan.embedded;

import org.jspecify.annotations.NullMarked;
