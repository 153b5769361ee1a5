package dev.rowan.benchmarks;

import dev.rowan.core.Rowan;
import dev.rowan.core.observation.RowanMeterObservationHandler;
import dev.rowan.core.observation.RowanTimerObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationHandler.FirstMatchingCompositeObservationHandler;
import io.micrometer.observation.ObservationRegistry;

/**
 * The four Rowans the observation workloads compare, on the same connection and tables: built
 * without an observation registry (the default, a no-op), with a registry whose only handler is
 * Micrometer's {@link DefaultMeterObservationHandler} on a {@link SimpleMeterRegistry} (a timer per
 * method), and with that plus {@link RowanMeterObservationHandler} on the same meter registry (the
 * costs of every call as distribution summaries), and with Rowan's own timers ahead of Micrometer's
 * handler and the costs, as the Spring Boot starter configures them.
 *
 * <p>Thread-safety: not thread-safe (the Rowans are made on first use).
 */
final class ObservedRowans {

  /** How a Rowan is observed. */
  enum Variant {
    /** No registry: {@code ObservationRegistry.NOOP}. */
    NONE("no registry"),
    /** Micrometer's timers only. */
    TIMERS("timers"),
    /** Micrometer's timers and Rowan's costs. */
    COSTS("timers + costs"),
    /**
     * Rowan's timers (the same meters, {@link RowanTimerObservationHandler} ahead of Micrometer's
     * handler) and Rowan's costs: what the Spring Boot starter configures.
     */
    ROWAN_TIMERS("Rowan's timers + costs");

    private final String label;

    Variant(String label) {
      this.label = label;
    }

    String label() {
      return label;
    }
  }

  private final MeterRegistry timerMeters = new SimpleMeterRegistry();
  private final ObservationRegistry timers = ObservationRegistry.create();
  private final MeterRegistry costMeters = new SimpleMeterRegistry();
  private final ObservationRegistry costs = ObservationRegistry.create();
  private final MeterRegistry rowanMeters = new SimpleMeterRegistry();
  private final ObservationRegistry rowanTimers = ObservationRegistry.create();

  ObservedRowans() {
    timers.observationConfig().observationHandler(timerHandler(timerMeters));
    costs
        .observationConfig()
        .observationHandler(timerHandler(costMeters))
        .observationHandler(new RowanMeterObservationHandler(costMeters));
    rowanTimers
        .observationConfig()
        .observationHandler(
            new FirstMatchingCompositeObservationHandler(
                new RowanTimerObservationHandler(rowanMeters, ignored()),
                timerHandler(rowanMeters)))
        .observationHandler(new RowanMeterObservationHandler(rowanMeters));
  }

  /**
   * Micrometer's meter handler: with its long task timer ({@code rowan.repository.active}) unless
   * {@code -Drowan.bench.observe.longTaskTimer=false}, which Spring Boot's {@code
   * management.metrics.observations.ignored-meters=long-task-timer} also drops.
   */
  private static DefaultMeterObservationHandler timerHandler(MeterRegistry meters) {
    return new DefaultMeterObservationHandler(meters, ignored());
  }

  private static IgnoredMeters[] ignored() {
    return Boolean.parseBoolean(System.getProperty("rowan.bench.observe.longTaskTimer", "true"))
        ? new IgnoredMeters[0]
        : new IgnoredMeters[] {IgnoredMeters.LONG_TASK_TIMER};
  }

  /** The Rowan of {@code clients} in {@code namespace} observed as {@code variant}. */
  Rowan rowan(Clients clients, String namespace, Variant variant) {
    return switch (variant) {
      case NONE -> clients.rowan(namespace, "observe-none", builder -> builder);
      case TIMERS ->
          clients.rowan(
              namespace, "observe-timers", builder -> builder.observationRegistry(timers));
      case COSTS ->
          clients.rowan(namespace, "observe-costs", builder -> builder.observationRegistry(costs));
      case ROWAN_TIMERS ->
          clients.rowan(
              namespace,
              "observe-rowan-timers",
              builder -> builder.observationRegistry(rowanTimers));
    };
  }

  /** The meters of {@code variant}'s Rowans; null for {@link Variant#NONE}. */
  MeterRegistry meters(Variant variant) {
    return switch (variant) {
      case NONE -> null;
      case TIMERS -> timerMeters;
      case COSTS -> costMeters;
      case ROWAN_TIMERS -> rowanMeters;
    };
  }
}
