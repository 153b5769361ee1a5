package dev.rowan.mapreduce.internal.view;

import dev.rowan.index.MainRow;
import dev.rowan.index.RowStatus;
import dev.rowan.index.ViewModel;
import dev.rowan.index.ViewRowVerdict;
import dev.rowan.mapping.EntityModel;
import java.util.Locale;
import org.apache.hadoop.hbase.client.Result;
import org.jspecify.annotations.Nullable;

/**
 * What a view row or a main row means for a view, decided from the rows alone (no I/O): the pure
 * part of {@code VerifyViews}. A view row is <em>consistent</em> when the main row it points to
 * holds an entity whose view key is the row's key and the row is verified and carries exactly that
 * entity's values; <em>stale</em> when the entity maps to the row but the row is unverified or
 * carries other values; an <em>orphan</em> when no entity maps to it, unless it is <em>retired</em>
 * (left by its entity a short while ago, and kept for readers until HBase drops it). An entity is
 * <em>missing</em> from a view when it has a key there and no row exists at that key.
 *
 * <p>Thread-safety: immutable and thread-safe.
 */
final class ViewVerdict {

  /** What a view row is. */
  enum Kind {
    CONSISTENT,
    MISSING,
    STALE,
    ORPHAN,
    /**
     * No entity maps to it, and it is retired: readers rely on it until HBase drops it, so it is no
     * fault and no repair touches it.
     */
    RETIRED,
    /**
     * No entity maps to it, and it is unverified under the status of a write of the entity that
     * left it: no fault; a repair retires it once its settle window has passed, as a reader does.
     */
    AWAITING_RETIREMENT;

    /**
     * The word of a sample line and of the reports: {@code stale}, {@code orphan}, {@code missing}.
     */
    String word() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private final EntityModel<?> model;

  ViewVerdict(EntityModel<?> model) {
    this.model = model;
  }

  /** The entity a main row holds, or null for none (no row, or a tombstone). */
  Object @Nullable [] liveValues(Result main) {
    return MainRow.of(model, main).values();
  }

  /**
   * The key of the view row that the entity in {@code main} has in {@code view}, or null for none.
   */
  byte @Nullable [] expectedKey(ViewModel view, Result main) {
    Object[] entity = liveValues(main);
    return entity == null ? null : view.rowKey(entity);
  }

  /**
   * Whether view row {@code row} is as a rebuild's load left it for the entity in {@code main}:
   * unverified, with the main row's current status (timestamp and nonce), at the key the entity
   * maps to. The load writes rows so (the main row may change while it runs); its repair pass
   * settles them.
   */
  boolean asLoaded(ViewModel view, Result row, Result main) {
    MainRow state = MainRow.of(model, main);
    RowStatus observed;
    try {
      observed = ViewRowVerdict.observed(view, row);
    } catch (RuntimeException damaged) {
      return false;
    }
    return observed != null
        && observed.state() == RowStatus.State.UNVERIFIED
        && state.status() != null
        && observed.timestamp() == state.status().timestamp()
        && observed.nonce() == state.status().nonce()
        && ViewRowVerdict.maps(view, row.getRow(), state);
  }

  /**
   * What the view row {@code row} is, given the main row it points to ({@code main}, empty when
   * that row does not exist or the row names none): {@link ViewRowVerdict#forVerify}.
   */
  Kind of(ViewModel view, Result row, Result main) {
    return switch (ViewRowVerdict.forVerify(view, row, MainRow.of(model, main))) {
      case CONSISTENT -> Kind.CONSISTENT;
      case STALE -> Kind.STALE;
      case ORPHAN -> Kind.ORPHAN;
      case RETIRED -> Kind.RETIRED;
      case AWAITING_RETIREMENT -> Kind.AWAITING_RETIREMENT;
    };
  }
}
