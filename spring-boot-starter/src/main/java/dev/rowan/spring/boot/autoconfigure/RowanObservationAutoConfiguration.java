package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.observation.RowanMeterObservationHandler;
import dev.rowan.core.observation.RowanTimerObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.observation.DefaultMeterObservationHandler.IgnoredMeters;
import java.util.Set;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;

/**
 * Auto-configuration of Rowan's meters: when the application has a {@link MeterRegistry}, a {@link
 * RowanMeterObservationHandler} bean, which Boot's observation auto-configuration adds to the
 * {@code ObservationRegistry} that the {@code rowan} bean reports to. It turns Rowan's observations
 * (repository calls, jobs) into meters with Rowan's own names and tags. And a {@link
 * RowanTimerObservationHandler}, first of Boot's meter handlers, which makes the timers of
 * repository calls that Boot's {@code DefaultMeterObservationHandler} would make, the same meters
 * for less work per call; Boot's handler still serves every other observation. An application's own
 * bean of either type replaces it.
 *
 * <p>Thread-safety: configuration classes are used by Spring at start-up only.
 *
 * @since 0.1
 */
@AutoConfiguration(
    afterName = {
      "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
      "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"
    })
@ConditionalOnClass(MeterRegistry.class)
@ConditionalOnBean(MeterRegistry.class)
public final class RowanObservationAutoConfiguration {

  RowanObservationAutoConfiguration() {}

  /** Rowan's meter handler over the application's meter registry. */
  @Bean
  @ConditionalOnMissingBean
  static RowanMeterObservationHandler rowanMeterObservationHandler(MeterRegistry meterRegistry) {
    return new RowanMeterObservationHandler(meterRegistry);
  }

  /**
   * The timers of repository calls, ahead of Boot's {@code DefaultMeterObservationHandler} in the
   * group of meter handlers (of which Boot calls the first that supports an observation), and
   * without the meters {@code management.metrics.observations.ignored-meters} names, as Boot's.
   */
  @Bean
  @ConditionalOnMissingBean
  @Order(Ordered.HIGHEST_PRECEDENCE)
  static RowanTimerObservationHandler rowanTimerObservationHandler(
      MeterRegistry meterRegistry, Environment environment) {
    IgnoredMeters[] ignored =
        Binder.get(environment)
            .bind(
                "management.metrics.observations.ignored-meters",
                Bindable.setOf(IgnoredMeters.class))
            .orElseGet(Set::of)
            .toArray(IgnoredMeters[]::new);
    return new RowanTimerObservationHandler(meterRegistry, ignored);
  }
}
