package dev.rowan.index;

import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Row;
import org.jspecify.annotations.Nullable;

/**
 * What one write does to one view row, in the two phases around the main row write.
 *
 * <p>In a plan of writes verified at once ({@link ViewMaintainer#planVerified}, a bulk load),
 * {@code phaseOne} is the whole write, the verified row or the delete markers of the retired row,
 * and {@code unverify} and {@code settle} are null.
 *
 * @param view the view
 * @param rowKey the view row key
 * @param kind whether the row is written or retired
 * @param unverify phase one: the new row marked unverified, or for a retired row its status set to
 *     unverified
 * @param settle phase three, once the main row is written: the row written again verified (a {@link
 *     Put}), or the retired row's cells deleted up to this write's timestamp and its retired cell
 *     written (a {@link org.apache.hadoop.hbase.client.RowMutations}, {@link RetiredRows}); on a
 *     unique view, a {@link org.apache.hadoop.hbase.client.CheckAndMutate} that marks the row
 *     verified or deletes it only while its status is still this write's
 * @param phaseOne phase one as it is sent: {@code unverify} itself, except for a retired row of a
 *     unique view, which other entities share: there {@code unverify} applies only while the row's
 *     owner cell still names this entity, so that a write never stamps its status on a row that
 *     another entity has claimed since, or on a row deleted since (a status without an owner)
 * @since 0.1
 */
public record ViewRowChange(
    ViewModel view,
    byte[] rowKey,
    Kind kind,
    @Nullable Put unverify,
    @Nullable Row settle,
    Row phaseOne) {

  /** Whether a view row is written or retired. */
  public enum Kind {
    /** The row of the entity's new state. */
    WRITE,
    /** A row of the entity's old state that no longer applies. */
    RETIRE
  }
}
