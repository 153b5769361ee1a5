package dev.rowan.spring.boot.autoconfigure;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import java.lang.reflect.InvocationTargetException;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of Rowan's meters: when the application has a {@link MeterRegistry}, a
 * {@code dev.rowan.core.observation.RowanMeterObservationHandler} bean, which Boot's observation
 * auto-configuration adds to the {@code ObservationRegistry} that the {@code rowan} bean reports
 * to. It turns Rowan's observations (repository calls, jobs) into meters with Rowan's own names
 * and tags. An application's own bean of that type replaces it.
 *
 * <p>Thread-safety: configuration classes are used by Spring at start-up only.
 */
@AutoConfiguration(afterName = {
    "org.springframework.boot.micrometer.metrics.autoconfigure.CompositeMeterRegistryAutoConfiguration",
    "org.springframework.boot.micrometer.metrics.autoconfigure.export.simple.SimpleMetricsExportAutoConfiguration"})
@ConditionalOnClass(value = MeterRegistry.class, name = RowanObservationAutoConfiguration.HANDLER)
@ConditionalOnBean(MeterRegistry.class)
public final class RowanObservationAutoConfiguration {

  /** The handler's class, named rather than referenced: it is newer than some rowan-core versions. */
  static final String HANDLER = "dev.rowan.core.observation.RowanMeterObservationHandler";

  RowanObservationAutoConfiguration() {}

  /** Rowan's meter handler over the application's meter registry. */
  @Bean
  @ConditionalOnMissingBean(type = HANDLER)
  static ObservationHandler<Observation.Context> rowanMeterObservationHandler(MeterRegistry meterRegistry) {
    try {
      @SuppressWarnings("unchecked")
      ObservationHandler<Observation.Context> handler = (ObservationHandler<Observation.Context>) Class
          .forName(HANDLER, true, RowanObservationAutoConfiguration.class.getClassLoader())
          .getConstructor(MeterRegistry.class).newInstance(meterRegistry);
      return handler;
    } catch (InvocationTargetException e) {
      throw e.getCause() instanceof RuntimeException runtime ? runtime
          : new IllegalStateException("Cannot create " + HANDLER, e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot create " + HANDLER + " with a MeterRegistry", e);
    }
  }
}
