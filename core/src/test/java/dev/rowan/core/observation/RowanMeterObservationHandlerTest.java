package dev.rowan.core.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.rowan.core.observation.RepositoryCallContext.Access;
import dev.rowan.core.observation.RepositoryCallContext.Cost;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.observation.MeterObservationHandler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;

class RowanMeterObservationHandlerTest {

  private final SimpleMeterRegistry meters = new SimpleMeterRegistry();
  private final ObservationRegistry observations = ObservationRegistry.create();

  RowanMeterObservationHandlerTest() {
    observations.observationConfig()
        .observationHandler(new DefaultMeterObservationHandler(meters))
        .observationHandler(new RowanMeterObservationHandler(meters));
  }

  @Test
  void recordsEveryCostOfACallAsASummaryTaggedWithTheCall() {
    RepositoryCallContext call = new RepositoryCallContext("OrderRepository", "findBySellerId", "orders.seller",
        Access.RANGE);
    Observation observation = Observation.createNotStarted(RepositoryCallContext.NAME, () -> call, observations)
        .start();
    call.add(Cost.ROWS_READ, 7);
    call.add(Cost.ROWS_RETURNED, 5);
    call.add(Cost.RPCS, 3);
    call.add(Cost.RETRIES, 2);
    call.add(Cost.REPAIRS, 1);
    call.add(Cost.SETTLES_QUEUED, 4);
    call.add(Cost.UNIQUE_CONFLICTS, 6);
    call.settleQueueDepth(9);
    call.end(null);
    observation.stop();

    long[] expected = {7, 5, 3, 2, 1, 4, 6};
    for (Cost cost : Cost.values()) {
      DistributionSummary summary = meters.get(cost.meterName()).tag("rowan.repository", "OrderRepository")
          .tag("rowan.method", "findBySellerId").tag("rowan.table", "orders.seller").tag("rowan.access", "range")
          .summary();
      assertEquals(1, summary.count(), cost.meterName());
      assertEquals(expected[cost.ordinal()], summary.totalAmount(), cost.meterName());
    }
    assertEquals(9, meters.get("rowan.settles.queue.depth").gauge().value());
    assertEquals(1, meters.get("rowan.repository").tag("outcome", "success").tag("exception", "none")
        .tag("rowan.access", "range").timer().count(), "Micrometer's handler makes the timer of the same observation");
    assertEquals("7", call.getHighCardinalityKeyValue("rowan.rows.read").getValue());
    assertEquals("9", call.getHighCardinalityKeyValue("rowan.settles.queue.depth").getValue());
    assertEquals("OrderRepository.findBySellerId", call.getContextualName());
  }

  @Test
  void aFailedCallIsTaggedWithItsException() {
    RepositoryCallContext call = new RepositoryCallContext("OrderRepository", "save", "orders", Access.WRITE);
    Observation observation = Observation.createNotStarted(RepositoryCallContext.NAME, () -> call, observations)
        .start();
    IllegalStateException failure = new IllegalStateException("refused");
    call.end(failure);
    observation.error(failure);
    observation.stop();

    assertEquals(1, meters.get("rowan.repository").tag("outcome", "error")
        .tag("exception", "IllegalStateException").tag("rowan.access", "write").timer().count());
    assertEquals(1, meters.get("rowan.repository.rpcs").tag("rowan.method", "save").summary().count());
  }

  @Test
  void recordsTheCountersOfAJobAndOfEachOfItsTables() {
    RowanJobContext job = new RowanJobContext(RowanJobContext.Job.BULK_LOAD, "Order");
    Observation observation = Observation.createNotStarted(RowanJobContext.NAME, () -> job, observations).start();
    job.count("lines", 10);
    job.count("rejected", 2);
    job.count("orders", "rows", 8);
    job.count("orders.seller", "rows", 7);
    job.end(null);
    observation.stop();

    assertEquals(10, meters.get("rowan.job.lines").tag("rowan.job", "bulk-load").tag("rowan.entity", "Order")
        .summary().totalAmount());
    assertEquals(2, meters.get("rowan.job.rejected").summary().totalAmount());
    assertEquals(7, meters.get("rowan.job.table.rows").tag("rowan.table", "orders.seller").summary().totalAmount());
    assertEquals(8, meters.get("rowan.job.table.rows").tag("rowan.table", "orders").summary().totalAmount());
    assertEquals(1, meters.get("rowan.job").tag("outcome", "success").tag("rowan.job", "bulk-load").timer().count());
    assertEquals("7", job.getHighCardinalityKeyValue("rowan.table.orders.seller.rows").getValue());
  }

  @Test
  void isAPlainHandlerBesideMicrometersMeterHandlers() {
    assertFalse(MeterObservationHandler.class.isAssignableFrom(RowanMeterObservationHandler.class),
        "Spring Boot calls only the first MeterObservationHandler that supports a context");
    assertNotNull(meters.find("rowan.settles.queue.depth").gauge(), "the gauge exists before any call");
  }
}
