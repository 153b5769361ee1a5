package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.spring.EnableRowanRepositories;
import dev.rowan.spring.config.RowanRepositoryConfigurationExtension;
import java.lang.annotation.Annotation;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/** Registers the repositories of the auto-configuration packages, as {@code @EnableRowanRepositories} would. */
final class AutoConfiguredRowanRepositoriesRegistrar extends AbstractRepositoryConfigurationSourceSupport {

  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableRowanRepositories.class;
  }

  @Override
  protected Class<?> getConfiguration() {
    return EnableRowanRepositoriesConfiguration.class;
  }

  @Override
  protected RepositoryConfigurationExtension getRepositoryConfigurationExtension() {
    return new RowanRepositoryConfigurationExtension();
  }

  /** The template whose annotation's defaults the registration reads (rowanRef "rowan"). */
  @EnableRowanRepositories
  private static final class EnableRowanRepositoriesConfiguration {}
}
