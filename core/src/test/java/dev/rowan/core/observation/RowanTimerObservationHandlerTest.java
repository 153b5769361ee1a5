package dev.rowan.core.observation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.rowan.core.observation.RepositoryCallContext.Access;
import io.micrometer.common.KeyValue;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/**
 * {@link RowanTimerObservationHandler} makes the meters Micrometer's {@link DefaultMeterObservationHandler} makes of the
 * same calls: names, tags, counts, with and without the long task timer, for calls that succeed and fail, and for calls
 * to which an observation filter added a key value of its own.
 */
class RowanTimerObservationHandlerTest {

  @Test
  void makesTheMetersMicrometersHandlerMakesOfTheSameCalls() {
    for (IgnoredMeters[] ignored : new IgnoredMeters[][] {{}, {IgnoredMeters.LONG_TASK_TIMER}}) {
      SimpleMeterRegistry micrometers = new SimpleMeterRegistry();
      SimpleMeterRegistry rowans = new SimpleMeterRegistry();
      ObservationRegistry byMicrometer = registry(new DefaultMeterObservationHandler(micrometers, ignored));
      ObservationRegistry byRowan = registry(new FirstMatchingCompositeObservationHandler(
          new RowanTimerObservationHandler(rowans, ignored), new DefaultMeterObservationHandler(rowans, ignored)));
      for (ObservationRegistry registry : new ObservationRegistry[] {byMicrometer, byRowan}) {
        calls(registry);
      }
      assertEquals(meters(micrometers), meters(rowans));
      assertEquals(ignored.length == 0, micrometers.find(RowanTimerObservationHandler.ACTIVE).longTaskTimer() != null);
    }
  }

  @Test
  void aKeyValueAnObservationFilterAddsTagsTheTimerAsInMicrometersHandler() {
    SimpleMeterRegistry micrometers = new SimpleMeterRegistry();
    SimpleMeterRegistry rowans = new SimpleMeterRegistry();
    ObservationRegistry byMicrometer = registry(new DefaultMeterObservationHandler(micrometers));
    ObservationRegistry byRowan = registry(new FirstMatchingCompositeObservationHandler(
        new RowanTimerObservationHandler(rowans), new DefaultMeterObservationHandler(rowans)));
    for (ObservationRegistry registry : new ObservationRegistry[] {byMicrometer, byRowan}) {
      registry.observationConfig().observationFilter(context -> context.addLowCardinalityKeyValue(
          KeyValue.of("region", "eu")));
      calls(registry);
    }

    assertEquals(meters(micrometers), meters(rowans));
    Timer timer = rowans.get(RepositoryCallContext.NAME).tag("region", "eu").tag("rowan.method", "findByKey").timer();
    assertEquals(2, timer.count());
  }

  @Test
  void servesRepositoryCallsOnlyAndLeavesOtherObservationsToTheNextHandler() {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    RowanTimerObservationHandler handler = new RowanTimerObservationHandler(meters);
    ObservationRegistry registry = registry(new FirstMatchingCompositeObservationHandler(
        handler, new DefaultMeterObservationHandler(meters)));

    Observation.createNotStarted("http.server.requests", registry).lowCardinalityKeyValue("uri", "/orders")
        .observe(() -> {});

    assertFalse(handler.supportsContext(new Observation.Context()));
    assertEquals(1, meters.get("http.server.requests").tag("uri", "/orders").timer().count());
  }

  @Test
  void onlyRowansOwnKeyValuesLeaveTheContextUntouched() {
    RepositoryCallContext call = new RepositoryCallContext("Orders", "findByKey", "orders", Access.GET);
    call.plan("orders.seller", Access.RANGE);
    call.end(new IllegalStateException());
    assertTrue(call.hasOnlyRowanKeyValues());
    assertEquals("error", call.outcome());
    assertEquals("IllegalStateException", call.exception());

    call.removeLowCardinalityKeyValue("rowan.table");
    assertFalse(call.hasOnlyRowanKeyValues());
  }

  private static ObservationRegistry registry(io.micrometer.observation.ObservationHandler<?> handler) {
    ObservationRegistry registry = ObservationRegistry.create();
    registry.observationConfig().observationHandler(handler);
    return registry;
  }

  /** Calls that succeed, fail, and change their table once planned. */
  private static void calls(ObservationRegistry registry) {
    call(registry, "findByKey", context -> {});
    call(registry, "findByKey", context -> {});
    call(registry, "findBySellerId", context -> context.plan("orders.buyer", Access.SKIP_SCAN));
    assertThrows(IllegalStateException.class, () -> call(registry, "findByKey", context -> {
      throw new IllegalStateException("refused");
    }));
  }

  private static void call(ObservationRegistry registry, String method, Consumer<RepositoryCallContext> body) {
    RepositoryCallContext context = new RepositoryCallContext("Orders", method, "orders.seller", Access.RANGE);
    Observation observation = Observation.createNotStarted(RepositoryCallContext.NAME, () -> context, registry)
        .start();
    try {
      body.accept(context);
      context.end(null);
    } catch (RuntimeException e) {
      context.end(e);
      observation.error(e);
      throw e;
    } finally {
      observation.stop();
    }
  }

  /** Every meter by its id, with its counts. */
  private static Map<String, String> meters(MeterRegistry registry) {
    Map<String, String> meters = new TreeMap<>();
    for (Meter meter : registry.getMeters()) {
      StringBuilder counts = new StringBuilder();
      meter.measure().forEach(m -> {
        if (!m.getStatistic().name().contains("TIME") && !m.getStatistic().name().equals("MAX")) {
          counts.append(m.getStatistic()).append('=').append(m.getValue()).append(' ');
        }
      });
      meters.put(meter.getId().getName() + " " + meter.getId().getType() + " " + meter.getId().getTags(),
          counts.toString());
    }
    return meters;
  }
}
