package dev.rowan.core.internal.write;

import dev.rowan.core.WriteConflictException;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The one budget of Rowan's writes: how many times a write reads again and tries again when other
 * writers changed what it read, and how it waits between tries, whichever path writes the entity
 * (the protocol's {@link ProtocolWriter}, a versioned {@link PlainWriter}, {@link PlainUpdates}).
 *
 * <p>Thread-safety: stateless.
 */
public final class WriteAttempts {

  /**
   * The tries of a save, insert or delete before it gives up: each try reads the main rows it
   * writes and commits them only if they are as read.
   */
  public static final int OF_WRITE = 32;

  /**
   * The tries of a partial update or a counter's addition before it gives up: more than a save's,
   * since writers adding to one counter all race for one cell and take turns ({@link #pause}).
   */
  public static final int OF_UPDATE = 512;

  private WriteAttempts() {}

  /** Waits a little after losing try {@code attempt}, more the longer a write keeps losing. */
  public static void pause(int attempt) {
    if (attempt < 3) {
      return;
    }
    try {
      Thread.sleep(ThreadLocalRandom.current().nextInt(1 + Math.min(attempt, 20)));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while writing", e);
    }
  }

  /** The refusal of a write of {@code key} of {@code entity} that lost all its {@code attempts}. */
  public static WriteConflictException exhausted(String entity, String key, int attempts) {
    return WriteConflictException.of(entity, key, attempts);
  }
}
