package dev.rowan.it.model;

import dev.rowan.core.Rowan;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * The model scenario of {@link SaltedViewsModelIT} (salted, versioned, a full-copy and a narrow
 * view) with every view row settled in the background ({@code Rowan.Builder.settleInBackground}):
 * queries answer like the model while settles are still running, and once the Rowan is closed,
 * every view equals its rebuild but for rows left to readers, unverified, which a read retires once
 * their settle window has passed ({@link ModelRun#runSettlingInBackground}). The same with the unique view of {@link UniqueViewModelIT}, whose
 * claims are checked against view rows that may not be settled yet: a key released by a save or a
 * delete whose settle is still queued is free, a key held by one is taken.
 */
@HBaseTest
class BackgroundSettlesModelIT {

  @Test
  void randomOperationsAnswerLikeTheModelWhileViewRowsSettleInTheBackground(Connection connection,
      TestNamespace namespace) {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).settleInBackground(true).build()) {
      ModelRun.runSettlingInBackground(rowan, getClass().getSimpleName(), new SaltedViewsModelIT.OrdersShape());
    }
  }

  @Test
  void aUniqueViewRefusesAndReleasesKeysLikeTheModelWhileViewRowsSettleInTheBackground(Connection connection,
      TestNamespace namespace) {
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).settleInBackground(true).build()) {
      ModelRun.runSettlingInBackground(rowan, getClass().getSimpleName() + " (unique view)",
          new UniqueViewModelIT.UsersShape());
    }
  }
}
