package dev.rowan.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rowan.core.Rowan;
import dev.rowan.core.observation.RepositoryCallContext;
import dev.rowan.core.observation.RepositoryCallContext.Access;
import dev.rowan.core.observation.RowanMeterObservationHandler;
import dev.rowan.core.observation.RowanTimerObservationHandler;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.micrometer.metrics.autoconfigure.MetricsAutoConfiguration;
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

  @Test
  void rowansTimerHandlerGoesBeforeBootsSoThatACallIsTimedOnceWithBootsTags() {
    runner.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new).run(context -> {
          assertThat(context).hasSingleBean(RowanTimerObservationHandler.class);
          MeterRegistry meters = context.getBean(MeterRegistry.class);
          RepositoryCallContext call = call(context.getBean(ObservationRegistry.class));

          assertThat(call.<Object>get(Timer.Sample.class))
              .as("Boot's handler keeps its sample in the context; Rowan's, which went first, does not").isNull();
          assertThat(meters.get(RepositoryCallContext.NAME).tag("rowan.method", "findByKey").tag("error", "none")
              .tag("outcome", "success").timer().count()).isEqualTo(1);
          assertThat(meters.find(RowanTimerObservationHandler.ACTIVE).longTaskTimer()).isNotNull();
        });
  }

  @Test
  void rowansTimerHandlerLeavesOutTheMetersBootIsToldToIgnore() {
    runner.withConfiguration(AutoConfigurations.of(MetricsAutoConfiguration.class))
        .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
        .withPropertyValues("management.metrics.observations.ignored-meters=long-task-timer").run(context -> {
          MeterRegistry meters = context.getBean(MeterRegistry.class);
          call(context.getBean(ObservationRegistry.class));

          assertThat(meters.get(RepositoryCallContext.NAME).timer().count()).isEqualTo(1);
          assertThat(meters.find(RowanTimerObservationHandler.ACTIVE).longTaskTimer()).isNull();
        });
  }

  private static RepositoryCallContext call(ObservationRegistry registry) {
    RepositoryCallContext call = new RepositoryCallContext("Orders", "findByKey", "orders", Access.GET);
    Observation observation = Observation.createNotStarted(RepositoryCallContext.NAME, () -> call, registry).start();
    call.end(null);
    observation.stop();
    return call;
  }
}
