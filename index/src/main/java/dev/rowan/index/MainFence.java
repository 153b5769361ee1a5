package dev.rowan.index;

import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Put;
import org.jspecify.annotations.Nullable;

/**
 * The fence of a main row: a new status cell, written only if the row's status is still the one
 * read, at a timestamp above the dead write's, so that the write can no longer commit (its own
 * commit is conditional on the status it read). Readers fence when a view row's write has outlived
 * its lease; the verify job fences when it repairs. See docs/view-consistency.md.
 *
 * <p>Thread-safety: immutable.
 *
 * @param status the status the fence writes
 * @param write the conditional write of it
 * @since 0.1
 */
public record MainFence(RowStatus status, CheckAndMutate write) {

  /**
   * The fence of main row {@code row} whose status cell in {@code family} was read as {@code read}
   * (null: absent), writing {@code state} at {@code timestamp} with a fresh nonce.
   */
  static MainFence of(
      byte[] row, byte[] family, @Nullable RowStatus read, RowStatus.State state, long timestamp) {
    RowStatus fenced = new RowStatus(state, timestamp, ThreadLocalRandom.current().nextLong());
    Put put =
        new Put(row, timestamp)
            .addColumn(family, ProtocolCells.MAIN_STATUS, timestamp, fenced.encode());
    return new MainFence(fenced, ProtocolCells.ifMainStatus(row, family, read).build(put));
  }

  /**
   * The fence of main row {@code row}, read as {@code main}, at a timestamp above its last write
   * and above {@code floor} (the dead write's timestamp, or the newest cell of a view row), and no
   * earlier than {@code now} ({@link MainRow#timestampAbove}); it keeps the row's state: {@code
   * LIVE} while the row holds an entity, {@code DELETED} otherwise.
   */
  public static MainFence above(byte[] row, byte[] family, MainRow main, long now, long floor) {
    return of(
        row,
        family,
        main.status(),
        main.isLive() ? RowStatus.State.LIVE : RowStatus.State.DELETED,
        main.timestampAbove(now, floor));
  }
}
