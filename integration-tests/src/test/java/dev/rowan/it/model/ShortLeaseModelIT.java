package dev.rowan.it.model;

import dev.rowan.core.Rowan;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import java.time.Duration;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * The model scenario of {@link SaltedViewsModelIT} (salted, versioned, a full-copy and a narrow
 * view), and that of {@link UniqueViewModelIT}, with a write lease of 400 ms, short next to the
 * run, where every other model test's lease (a minute) outlasts it: most writes of an entity come after the settle window of the one before,
 * so writers retire the rows their entities leave at once, rather than leave them unverified, and
 * readers discard the rows left to them rather than wait (docs/view-consistency.md, "The settle
 * window"). Queries answer like the model throughout, and at the end every view equals its rebuild
 * but for rows left to readers, which one read of every view retires ({@link
 * ModelRun#runWithAShortWriteLease}).
 */
@HBaseTest
class ShortLeaseModelIT {

  @Test
  void randomOperationsAnswerLikeTheModelWhenMostSettleWindowsHavePassed(Connection connection,
      TestNamespace namespace) {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(Duration.ofMillis(400))
        .build()) {
      ModelRun.runWithAShortWriteLease(rowan, getClass().getSimpleName(), new SaltedViewsModelIT.OrdersShape());
    }
  }

  /**
   * The scenario of {@link UniqueViewModelIT} with the same lease: claims of writes that did not
   * commit outlive it within the run, so keys pass from a claim in flight to a stale one, and are
   * taken over, as the model expects.
   */
  @Test
  void aUniqueViewRefusesAndReleasesKeysLikeTheModelWhenMostLeasesHaveRunOut(Connection connection,
      TestNamespace namespace) {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).writeLease(Duration.ofMillis(400))
        .build()) {
      ModelRun.runWithAShortWriteLease(rowan, getClass().getSimpleName() + " (unique view)",
          new UniqueViewModelIT.UsersShape());
    }
  }
}
