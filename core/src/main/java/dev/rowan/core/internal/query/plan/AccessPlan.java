package dev.rowan.core.internal.query.plan;

import dev.rowan.core.internal.query.parse.Condition;
import dev.rowan.core.internal.query.parse.Keyword;
import dev.rowan.index.ViewModel;
import dev.rowan.mapping.KeyLayout;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * How one group of {@code And}-ed conditions is read: from which table, with which leading key
 * parts bound by equality ({@code prefix}), which range on the next part, and what is left to check
 * on each entity read.
 *
 * @param view the view read, or null for the main table
 * @param key the key layout of the table read
 * @param access how the table is read
 * @param prefix the conditions that bind the leading key parts by equality or {@code In}, in key
 *     order
 * @param range the condition that bounds the next key part, or null
 * @param residual the conditions checked on each entity read
 * @param reversed whether the scan runs from the end of its ranges to their start
 * @param ordered whether entities come in the order the method asks for without a sort
 * @param read what is read of each row
 */
public record AccessPlan(
    @Nullable ViewModel view,
    KeyLayout key,
    Operation access,
    List<Condition> prefix,
    @Nullable Condition range,
    List<Condition> residual,
    boolean reversed,
    boolean ordered,
    RowRead read) {

  /**
   * The most rows a scan of a limited query or a page asks of each bucket at once ({@code
   * Scan.setLimit}); a larger limit is read in steps of this many.
   */
  static final int MAX_SCAN_LIMIT = 1000;

  /** The {@code Scan.setLimit} of each bucket's scan when {@code wanted} entities are asked for. */
  public static int scanLimit(int wanted) {
    return Math.max(1, Math.min(wanted, MAX_SCAN_LIMIT));
  }

  /** How a table is read. */
  public enum Operation {
    /** Gets of whole keys: one per combination of {@code In} values. */
    GET,
    /** Range scans over the bound key prefix, one per salt bucket when the bucket is unknown. */
    SCAN,
    /** Every row of the table. */
    FULL_SCAN
  }

  /** Copies the lists. */
  public AccessPlan {
    prefix = List.copyOf(prefix);
    residual = List.copyOf(residual);
  }

  /**
   * The number of leading key parts the plan's conditions bind (parts it skips over not counted).
   */
  int boundParts() {
    return prefix.size() - skippedParts() + (range == null ? 0 : 1);
  }

  /**
   * The number of key parts the plan skips over, reading one range per value of each (a skip scan).
   */
  int skippedParts() {
    return (int) prefix.stream().filter(Condition::isEveryValue).count();
  }

  /** Whether this plan skips over a key part, reading one range per value of it (a skip scan). */
  public boolean skipScan() {
    return skippedParts() > 0;
  }

  /**
   * Whether this plan gets several keys, one per combination of {@code In} values (a multi-get).
   */
  public boolean multiGet() {
    return access == Operation.GET
        && prefix.stream().anyMatch(condition -> condition.keyword() == Keyword.IN);
  }

  /** This plan, reading {@code read} of each row. */
  AccessPlan withRead(RowRead read) {
    return new AccessPlan(view, key, access, prefix, range, residual, reversed, ordered, read);
  }

  /**
   * Whether entities read from a view must be completed (or checked) by a multi-get of the main
   * table: whole rows of a view that does not carry every column. (Any read checks the main rows of
   * view rows not yet settled.)
   */
  boolean secondRead() {
    return view != null && !view.isFullCopy() && read.wholeRows();
  }

  /** The name of the table read, without namespace. */
  @Nullable String tableName() {
    return view == null ? null : view.tableName();
  }

  /**
   * Whether the salt bucket is known from the bound prefix, so that one scan per prefix suffices.
   */
  boolean singleBucket() {
    return key.saltKnownFrom(prefix.size());
  }
}
