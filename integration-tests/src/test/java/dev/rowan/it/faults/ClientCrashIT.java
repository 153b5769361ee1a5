package dev.rowan.it.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.Rowan;
import dev.rowan.it.ChildJvm;
import dev.rowan.it.Order;
import dev.rowan.it.OrderFixtures;
import dev.rowan.it.OrderRepository;
import dev.rowan.mapreduce.VerifyViews;
import dev.rowan.mapreduce.ViewReport;
import dev.rowan.test.HBaseTest;
import dev.rowan.test.TestNamespace;
import dev.rowan.test.ViewAudit;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.Test;

/**
 * A writer in another JVM is killed with SIGKILL at random moments, several times, while this
 * JVM reads through the views: no read returns an order that does not match its query, and
 * {@code VerifyViews} with repair brings every view back to exactly a rebuild from the main table.
 */
@HBaseTest
class ClientCrashIT {

  private static final int KILLS = 5;

  @Test
  void aWriterKilledAtRandomMomentsNeverCausesAWrongAnswerAndVerifyViewsRepairsTheViews(Connection connection, TestNamespace namespace)
      throws Exception {
    long seed = Long.getLong("rowan.seed", System.nanoTime());
    System.out.println("ClientCrashIT seed " + seed);
    Random random = new Random(seed);
    // The default write lease (60 s) outlasts the test: reads never fence the dead writes, so
    // what they leave behind is for VerifyViews to find and repair.
    try (Rowan rowan = Rowan.builder(connection).namespace(namespace.name()).groupCommit(true).build()) {
      rowan.schema().create(Order.class);
      rowan.repository(OrderRepository.class).saveAll(CrashingWriter.initial(new OrderFixtures(random)));
      int reads = 0;
      for (int kill = 0; kill < KILLS; kill++) {
        Process writer = ChildJvm.start(CrashingWriter.class, "256m", connection.getConfiguration(), namespace.name(),
            Long.toString(seed + kill));
        BufferedReader output = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
        String first = output.readLine();
        assertEquals("writing", first, "the writer started, kill " + kill);
        long until = System.currentTimeMillis() + 300 + random.nextInt(1200);
        while (System.currentTimeMillis() < until) {
          reads += readThroughTheViews(rowan, random, "kill " + kill + ", seed " + seed);
        }
        writer.destroyForcibly();
        assertTrue(writer.waitFor(30, TimeUnit.SECONDS), "the writer died");
        assertTrue(writer.exitValue() != 0, "killed, not finished");
        FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, "after kill " + kill + ", seed " + seed);
      }
      assertTrue(reads > KILLS, "reads ran while the writer wrote: " + reads);
      List<ViewReport> repaired = VerifyViews.of(rowan, Order.class).repair();
      System.out.println("ClientCrashIT: VerifyViews repaired " + repaired);
      assertTrue(VerifyViews.of(rowan, Order.class).check().stream().allMatch(ViewReport::consistent),
          "after the repair, VerifyViews finds nothing wrong");
      ViewAudit.assertViewsMatchRebuild(rowan, Order.class);
      FaultInjectionIT.assertEveryViewAnswersLikeTheMainTable(rowan, "after the repair, seed " + seed);
      System.out.println("ClientCrashIT: " + KILLS + " writers killed, " + reads + " reads during writes, no wrong answer");
    }
  }

  /** Reads one seller's and one buyer's orders; every order returned must match. */
  private static int readThroughTheViews(Rowan rowan, Random random, String context) {
    String seller = "seller-" + random.nextInt(OrderFixtures.SELLERS);
    List<Order> bySeller = rowan.views(Order.class).find("seller", seller);
    assertTrue(bySeller.stream().allMatch(o -> seller.equals(o.sellerId())), seller + ": " + bySeller + ", " + context);
    String buyer = "buyer-" + random.nextInt(OrderFixtures.BUYERS);
    List<Order> byBuyer = rowan.views(Order.class).find("buyer", buyer);
    assertTrue(byBuyer.stream().allMatch(o -> buyer.equals(o.buyerId())), buyer + ": " + byBuyer + ", " + context);
    return 2;
  }
}
