package dev.rowan.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rowan.core.Rowan;
import dev.rowan.core.observation.RowanMeterObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/** The Rowan reports to the application's observation registry, and its meter handler joins it. */
class RowanObservationAutoConfigurationTest {

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(ObservationAutoConfiguration.class, RowanAutoConfiguration.class,
          RowanObservationAutoConfiguration.class))
      .withUserConfiguration(RowanAutoConfigurationTest.MockConnection.class)
      .withPropertyValues("rowan.zookeeper.quorum=zk1");

  @Test
  void theRowanReportsToTheApplicationsObservationRegistry() {
    runner.run(context -> assertThat(context.getBean(Rowan.class).observationRegistry())
        .isSameAs(context.getBean(ObservationRegistry.class)));
  }

  @Test
  void addsNoMeterHandlerWithoutAMeterRegistry() {
    runner.run(context -> assertThat(context).doesNotHaveBean("rowanMeterObservationHandler"));
  }

  @Test
  void addsRowansMeterHandlerNextToAMeterRegistry() {
    runner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
      assertThat(context).hasBean("rowanMeterObservationHandler");
      assertThat(context.getBean("rowanMeterObservationHandler", ObservationHandler.class))
          .isInstanceOf(RowanMeterObservationHandler.class);
    });
  }
}
