package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.observation.RowanMeterObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of Rowan's meters: when the application has a {@link MeterRegistry}, a {@link
 * RowanMeterObservationHandler} bean, which Boot's observation auto-configuration adds to the
 * {@code ObservationRegistry} that the {@code rowan} bean reports to. It turns Rowan's observations
 * (repository calls, jobs) into meters with Rowan's own names and tags. An application's own bean
 * of that type replaces it.
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
}
