package dev.rowan.spring.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rowan.spring.boot.sample.Book;
import dev.rowan.spring.boot.sample.BookRepository;
import dev.rowan.spring.EnableRowanRepositories;
import dev.rowan.spring.support.RowanRepositoryFactoryBean;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.boot.autoconfigure.AutoConfigurationPackage;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.repository.config.BootstrapMode;

/**
 * Which repository beans the auto-configuration registers, seen in their definitions: the repositories
 * are lazy here, so that none is built (building one reads its tables).
 */
class RowanRepositoriesAutoConfigurationTest {

  private final ApplicationContextRunner runner = new ApplicationContextRunner()
      .withConfiguration(AutoConfigurations.of(RowanAutoConfiguration.class, RowanRepositoriesAutoConfiguration.class))
      .withUserConfiguration(SamplePackage.class, RowanAutoConfigurationTest.MockConnection.class)
      .withPropertyValues("rowan.zookeeper.quorum=zk1", "rowan.repositories.bootstrap-mode=lazy");

  @Test
  void registersTheRepositoriesOfTheApplicationPackagesOnTheRowanBean() {
    runner.run(context -> {
      assertThat(context.getBeanNamesForType(BookRepository.class)).containsExactly("bookRepository");
      BeanDefinition definition = context.getBeanFactory().getBeanDefinition("bookRepository");
      assertThat(definition.getBeanClassName()).isEqualTo(RowanRepositoryFactoryBean.class.getName());
      assertThat(definition.getPropertyValues().getPropertyValue("rowan").getValue())
          .hasToString("<rowan>");
      assertThat(definition.getDependsOn()).contains("rowanSchemaInitializer");
      assertThat(definition.isLazyInit()).isTrue();
      assertThat(context.getBean(RowanEntities.class).types()).containsExactly(Book.class);
    });
  }

  @Test
  void registersNoneWhenDisabled() {
    runner.withPropertyValues("rowan.repositories.enabled=false").run(context -> {
      assertThat(context).hasNotFailed();
      assertThat(context.getBeanNamesForType(BookRepository.class)).isEmpty();
      assertThat(context.getBean(RowanEntities.class).types()).isEmpty();
    });
  }

  @Test
  void registersNoneWithoutARowan() {
    new ApplicationContextRunner()
        .withConfiguration(AutoConfigurations.of(RowanRepositoriesAutoConfiguration.class))
        .withUserConfiguration(SamplePackage.class)
        .run(context -> assertThat(Arrays.asList(context.getBeanDefinitionNames())).doesNotContain("bookRepository"));
  }

  @Test
  void backsOffFromTheApplicationsEnableRowanRepositories() {
    runner.withUserConfiguration(OwnRepositories.class).run(context -> {
      assertThat(context.getBeanNamesForType(BookRepository.class)).containsExactly("bookRepository");
      assertThat(context.getBeanFactory().getBeanDefinition("bookRepository").getResourceDescription())
          .contains(OwnRepositories.class.getSimpleName());
    });
  }

  /** An application that declares its repositories itself. */
  @EnableRowanRepositories(basePackageClasses = Book.class, bootstrapMode = BootstrapMode.LAZY)
  static class OwnRepositories {}

  /** The package the auto-configuration scans, as a {@code @SpringBootApplication} there would register it. */
  @AutoConfigurationPackage(basePackageClasses = Book.class)
  static class SamplePackage {}
}
