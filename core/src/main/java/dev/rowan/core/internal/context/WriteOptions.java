package dev.rowan.core.internal.context;

import dev.rowan.core.internal.plumbing.BackgroundSettles;
import dev.rowan.core.spi.ProtocolHook;
import java.time.Duration;
import org.jspecify.annotations.Nullable;

/**
 * How the writes of one Rowan run (the options of {@code Rowan.Builder}).
 *
 * @param hook called between the steps of the write protocol
 * @param writeLease how long a write may be in flight before readers and other writers treat it as
 *     dead
 * @param viewRefresh how often the views' states are read again ({@link ViewRoster})
 * @param groupCommit whether commits are grouped ({@link dev.rowan.index.CommitSync})
 * @param background where step four runs off the callers' threads; null when writes settle their
 *     view rows before they return
 */
public record WriteOptions(
    ProtocolHook hook,
    Duration writeLease,
    Duration viewRefresh,
    boolean groupCommit,
    @Nullable BackgroundSettles background) {}
