package dev.rowan.core.internal.schema;

import java.time.Duration;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The write lease a main table records (docs/view-consistency.md, "The settle window"): {@code
 * schema().create} records the creating Rowan's lease on a main table that records none, and every
 * client of the table uses the recorded one, whatever its own. A reader or repair whose lease is
 * shorter than a writer's could delete a view row before that writer's settle lands on it, and the
 * settle would then stand as a verified row of an entity that has moved: one lease per table, read
 * by all, rules that out.
 *
 * <p>Thread-safety: stateless.
 */
public final class WriteLeases {

  private static final Logger LOG = LoggerFactory.getLogger(WriteLeases.class);

  /** The key of the lease in a main table's record, in milliseconds. */
  static final String KEY = TableRecord.PREFIX + "write.lease.ms";

  private WriteLeases() {}

  /** {@code record} with {@code lease} recorded. */
  static TableRecord with(TableRecord record, Duration lease) {
    return record.with(KEY, Long.toString(lease.toMillis()));
  }

  /** The lease {@code record} holds; empty when it holds none, or when there is no record. */
  public static Optional<Duration> of(@Nullable TableRecord record) {
    String value = record == null ? null : record.value(KEY);
    return value == null ? Optional.empty() : Optional.of(Duration.ofMillis(Long.parseLong(value)));
  }

  /**
   * The lease a client whose own is {@code own} uses for the tables of main table {@code main}: the
   * one {@code main} records, or {@code own} where it records none (a table created before leases
   * were recorded). A different own lease is noted once, at warning level, where the client opens
   * the tables.
   */
  public static Duration effective(TableName main, Optional<Duration> recorded, Duration own) {
    if (recorded.isEmpty()) {
      return own;
    }
    if (!recorded.get().equals(own)) {
      LOG.warn(
          "Table {} records a write lease of {} ms, used for it in place of this Rowan's {} ms:"
              + " every client of a table uses the same lease (docs/view-consistency.md)",
          main.getNameAsString(),
          recorded.get().toMillis(),
          own.toMillis());
    }
    return recorded.get();
  }
}
