package dev.rowan.spring.config;

import java.util.Optional;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.data.repository.config.DefaultRepositoryConfiguration;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;
import org.springframework.data.repository.config.RepositoryConfigurationSource;

/**
 * The configuration of one Rowan repository: Spring Data's, without named queries (Rowan derives
 * every query from its method's name) and with the factory bean's class name deferred ({@link
 * RowanRepositoryConfigurationExtension#DEFERRED}).
 */
final class RowanRepositoryConfiguration<T extends RepositoryConfigurationSource>
    extends DefaultRepositoryConfiguration<T> {

  RowanRepositoryConfiguration(
      T source, BeanDefinition definition, RepositoryConfigurationExtension extension) {
    super(source, definition, extension);
  }

  @Override
  public Optional<String> getNamedQueriesLocation() {
    return Optional.empty();
  }

  @Override
  public String getRepositoryFactoryBeanClassName() {
    return super.getRepositoryFactoryBeanClassName()
        + RowanRepositoryConfigurationExtension.DEFERRED;
  }
}
