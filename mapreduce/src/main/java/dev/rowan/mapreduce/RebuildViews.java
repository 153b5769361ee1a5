package dev.rowan.mapreduce;

import dev.rowan.core.Rowan;
import java.util.List;
import java.util.Objects;

/**
 * Rewrites every view of an entity from its main table: each entity's view rows written again,
 * verified, and every view row that no entity maps to deleted. For views damaged by hand, by
 * a restore of one table without the others, or created after their entities were written.
 * Run it while no saves of the entity run; see {@link VerifyViews} for how it reads.
 *
 * <pre>{@code
 * RebuildViews.of(rowan, Order.class).run().forEach(view -> System.out.println(view.summary()));
 * }</pre>
 *
 * <p>Thread-safety: an instance may be used by one thread at a time.
 */
public final class RebuildViews {

  private final VerifyViews verify;

  private RebuildViews(VerifyViews verify) {
    this.verify = verify;
  }

  /** Rebuilds the views of {@code entityType} in the tables of {@code rowan}. */
  public static RebuildViews of(Rowan rowan, Class<?> entityType) {
    return new RebuildViews(VerifyViews.of(Objects.requireNonNull(rowan, "rowan"), entityType));
  }

  /**
   * Rewrites every view; the reports count what was wrong before and the rows written.
   *
   * @throws dev.rowan.core.DataAccessException when HBase fails
   */
  public List<ViewReport> run() {
    return verify.rebuild();
  }
}
