package dev.rowan.spring.boot.autoconfigure;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of HBase's tracing: HBase 2.6's client makes a span for each of its calls
 * ({@code SCAN ns:orders.seller}, {@code CHECK_AND_MUTATE ns:orders}, ...) with the tracer of
 * {@link GlobalOpenTelemetry}, which Spring Boot does not set. When the application has an {@link
 * OpenTelemetry} bean (Boot's, with Micrometer Tracing's OpenTelemetry bridge), this makes it the
 * global one at start-up, unless another already is, so that HBase's spans are exported with the
 * application's and nest under the span of the repository call that made them. Off with {@code
 * rowan.tracing.register-global=false}.
 *
 * <p>Thread-safety: configuration classes are used by Spring at start-up only.
 *
 * @since 0.1
 */
@AutoConfiguration(
    afterName =
        "org.springframework.boot.opentelemetry.autoconfigure.OpenTelemetrySdkAutoConfiguration")
@ConditionalOnClass(OpenTelemetry.class)
@ConditionalOnBean(OpenTelemetry.class)
@ConditionalOnProperty(prefix = "rowan.tracing", name = "register-global", matchIfMissing = true)
public final class RowanTracingAutoConfiguration {

  private static final Logger LOG = LoggerFactory.getLogger(RowanTracingAutoConfiguration.class);

  RowanTracingAutoConfiguration() {}

  /** Makes the application's OpenTelemetry the global one once every singleton is made. */
  @Bean
  static SmartInitializingSingleton rowanGlobalOpenTelemetry(OpenTelemetry openTelemetry) {
    return () -> {
      try {
        GlobalOpenTelemetry.set(openTelemetry);
      } catch (IllegalStateException alreadySet) {
        LOG.info(
            "GlobalOpenTelemetry was set before the application started; HBase's client spans go to that one");
      }
    };
  }
}
