package dev.rowan.index;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Put;
import org.jspecify.annotations.Nullable;

/**
 * Group commit (docs/view-consistency.md, step 3): the main rows of a batch are committed with
 * check-and-mutates whose WAL edits are appended but not synced ({@link #COMMIT_DURABILITY}), and
 * then one commit of each region they touched is confirmed ({@link #confirm}): a synced write of a
 * sync mark, only while the row holds the write. A WAL syncs up to an edit: when the mark's sync
 * returns, every edit appended before it to the same WAL is durable, the commits included. That
 * holds only while the region stays where the commits went: a region server that dies in between
 * loses the unsynced commits, and the mark then lands on the region's next server. So the commits
 * of a region count as durable only when the confirmation succeeds and the region's opening
 * (region, server and open sequence number), looked up again in {@code hbase:meta}, is the one the
 * batch began with ({@link #sameOpening}); elsewhere the writer confirms each commit on its own and
 * writes again each one that cannot be confirmed.
 *
 * <p>Thread-safety: stateless.
 *
 * @since 0.1
 */
public final class CommitSync {

  /**
   * The durability of a grouped commit: appended to the WAL before the call returns, synced later.
   */
  static final Durability COMMIT_DURABILITY = Durability.ASYNC_WAL;

  /** The configuration key of the region servers' WAL provider. */
  static final String WAL_PROVIDER = "hbase.wal.provider";

  /** The configuration key of the provider behind {@code multiwal}. */
  static final String DELEGATE_PROVIDER = "hbase.wal.regiongrouping.delegate.provider";

  private static final byte[] EMPTY = new byte[0];

  private CommitSync() {}

  /**
   * The sync mark of main row {@code rowKey}, committed by a write at {@code timestamp}: an empty
   * protocol cell in {@code family} at that timestamp, written with a synced WAL. It changes
   * nothing any reader sees (readers skip protocol cells, and a row holding only a sync mark holds
   * no entity, {@link MainRow#of}); a row keeps at most the family's versions of it, and the
   * entity's next delete removes it.
   */
  static Put mark(byte[] family, byte[] rowKey, long timestamp) {
    Put mark =
        new Put(rowKey, timestamp).addColumn(family, ProtocolCells.COMMIT_SYNC, timestamp, EMPTY);
    mark.setDurability(Durability.SYNC_WAL);
    return mark;
  }

  /**
   * The confirmation that main row {@code row}, read with status {@code read}, is durable: its sync
   * mark, written with a synced WAL only if the status is still {@code read}. A reader or a writer
   * that is about to write on the strength of a main row it read (repair, delete or take over a
   * view row) confirms it first: a grouped commit is visible before its writer's sync, and a region
   * server that dies before that sync loses it. When the confirmation succeeds, the status is
   * durable (its edit precedes the mark in the WAL that syncs it, or was replayed from it); when it
   * fails, the row has changed or lost the write, and the caller reads it again.
   *
   * @param read a status read from the row (a row without status holds no unsynced write of the
   *     protocol's and needs no confirmation)
   */
  public static CheckAndMutate confirm(byte[] row, byte[] family, RowStatus read) {
    return ProtocolCells.ifMainStatus(row, family, read).build(mark(family, row, read.timestamp()));
  }

  /**
   * Which commits of a batch to group, given the region each goes to: those whose region gets at
   * least one other commit of the batch. A region with a single commit gets a synced commit
   * instead: one call, where a grouped commit and its sync mark would be two.
   */
  public static boolean[] grouped(List<HRegionLocation> regionOfEach) {
    Map<String, Integer> perRegion = new HashMap<>();
    for (HRegionLocation location : regionOfEach) {
      perRegion.merge(location.getRegion().getEncodedName(), 1, Integer::sum);
    }
    boolean[] grouped = new boolean[regionOfEach.size()];
    for (int i = 0; i < grouped.length; i++) {
      grouped[i] = perRegion.getOrDefault(regionOfEach.get(i).getRegion().getEncodedName(), 0) > 1;
    }
    return grouped;
  }

  /**
   * Whether a sync mark answered while the region was at {@code after} makes durable the commits
   * sent while it was at {@code before}: the same region, opened once, on the same server (an
   * opening is named by the region, the server with its start code, and the region's open sequence
   * number, which rises with every opening). A region moved, split or merged in between is not the
   * same opening: its commits are read again, although a graceful move flushes them.
   */
  public static boolean sameOpening(
      @Nullable HRegionLocation before, @Nullable HRegionLocation after) {
    return before != null
        && after != null
        && before.getRegion().getEncodedName().equals(after.getRegion().getEncodedName())
        && before.getServerName().equals(after.getServerName())
        && before.getSeqNum() == after.getSeqNum();
  }

  /**
   * Whether the WAL provider named in {@code configuration} syncs every edit appended before a
   * synced one: HBase 2's default ({@code asyncfs}) does, also behind {@code multiwal}. The older
   * {@code filesystem} provider (FSHLog) may drop edits that follow a failed append until the WAL
   * rolls, so a later sync proves nothing of earlier edits: there every commit waits for its own
   * sync. The configuration is the client's; where the cluster's differs, say so with {@code
   * Rowan.Builder.groupCommit}.
   */
  public static boolean supportedBy(Configuration configuration) {
    String provider = configuration.get(WAL_PROVIDER, "asyncfs");
    if ("multiwal".equals(provider)) {
      provider = configuration.get(DELEGATE_PROVIDER, "asyncfs");
    }
    return !"filesystem".equals(provider) && !provider.endsWith(".FSHLogProvider");
  }
}
