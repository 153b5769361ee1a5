package dev.rowan.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The application's OpenTelemetry becomes the global one HBase's client makes its spans with. */
class RowanTracingAutoConfigurationTest {

  private final ContextPropagators propagators = ContextPropagators.create(W3CTraceContextPropagator.getInstance());

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(RowanTracingAutoConfiguration.class));

  @AfterEach
  void forgetTheGlobalOne() {
    GlobalOpenTelemetry.resetForTest();
  }

  @Test
  void makesTheApplicationsOpenTelemetryGlobal() {
    runner.withBean(OpenTelemetry.class, () -> OpenTelemetry.propagating(propagators))
        .run(context -> assertThat(GlobalOpenTelemetry.getPropagators()).isSameAs(propagators));
  }

  @Test
  void leavesTheGlobalOneAloneWhenSwitchedOff() {
    runner.withBean(OpenTelemetry.class, () -> OpenTelemetry.propagating(propagators))
        .withPropertyValues("rowan.tracing.register-global=false")
        .run(context -> assertThat(GlobalOpenTelemetry.getPropagators()).isNotSameAs(propagators));
  }

  @Test
  void keepsAGlobalOneSetBeforeTheApplication() {
    OpenTelemetry earlier = OpenTelemetry.propagating(ContextPropagators.noop());
    GlobalOpenTelemetry.set(earlier);
    runner.withBean(OpenTelemetry.class, () -> OpenTelemetry.propagating(propagators))
        .run(context -> {
          assertThat(context).hasNotFailed();
          assertThat(GlobalOpenTelemetry.getPropagators()).isNotSameAs(propagators);
        });
  }
}
