package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.spring.EnableRowanRepositories;
import dev.rowan.spring.config.RowanRepositoryConfigurationExtension;
import java.lang.annotation.Annotation;
import java.util.Objects;
import org.springframework.boot.autoconfigure.data.AbstractRepositoryConfigurationSourceSupport;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;
import org.springframework.data.repository.config.BootstrapMode;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;

/**
 * Registers the repositories of the auto-configuration packages, as
 * {@code @EnableRowanRepositories} would, in the bootstrap mode of {@code
 * rowan.repositories.bootstrap-mode}.
 */
final class AutoConfiguredRowanRepositoriesRegistrar
    extends AbstractRepositoryConfigurationSourceSupport {

  private BootstrapMode bootstrapMode = BootstrapMode.DEFAULT;

  @Override
  public void setEnvironment(Environment environment) {
    super.setEnvironment(environment);
    bootstrapMode =
        Objects.requireNonNull(
            Binder.get(environment)
                .bind("rowan.repositories.bootstrap-mode", BootstrapMode.class)
                .orElse(BootstrapMode.DEFAULT),
            "a bootstrap mode, given or the default");
  }

  @Override
  protected BootstrapMode getBootstrapMode() {
    return bootstrapMode;
  }

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
