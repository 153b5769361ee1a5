package dev.rowan.spring.config;

import dev.rowan.spring.EnableRowanRepositories;
import java.lang.annotation.Annotation;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanNameGenerator;
import org.springframework.context.annotation.ConfigurationClassPostProcessor;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.data.repository.config.AnnotationRepositoryConfigurationSource;
import org.springframework.data.repository.config.RepositoryBeanDefinitionRegistrarSupport;
import org.springframework.data.repository.config.RepositoryConfigurationDelegate;
import org.springframework.data.repository.config.RepositoryConfigurationExtension;
import org.springframework.data.repository.config.RepositoryConfigurationUtils;

/**
 * Registers the repository beans that {@link EnableRowanRepositories} asks for. It is Spring Data's
 * registrar with one difference: the configuration source it reads the annotation with also hands
 * the annotation's include filters to {@link RowanRepositoryConfigurationExtension}, which scans
 * for interfaces extending {@code HBaseRepository} itself (Spring Data's scanner finds only
 * interfaces extending its own {@code Repository}).
 *
 * <p>Thread-safety: used by one thread, while the application context registers its beans.
 *
 * @since 0.1
 */
public class RowanRepositoriesRegistrar extends RepositoryBeanDefinitionRegistrarSupport {

  private @Nullable ResourceLoader resourceLoader;
  private @Nullable Environment environment;

  /**
   * Creates the registrar; Spring calls it for each class annotated with {@link
   * EnableRowanRepositories}.
   */
  public RowanRepositoriesRegistrar() {}

  @Override
  protected Class<? extends Annotation> getAnnotation() {
    return EnableRowanRepositories.class;
  }

  @Override
  protected RepositoryConfigurationExtension getExtension() {
    return new RowanRepositoryConfigurationExtension();
  }

  @Override
  public void setResourceLoader(ResourceLoader resourceLoader) {
    super.setResourceLoader(resourceLoader);
    this.resourceLoader = resourceLoader;
  }

  @Override
  public void setEnvironment(Environment environment) {
    super.setEnvironment(environment);
    this.environment = environment;
  }

  /**
   * Registers a factory bean for every repository interface found.
   *
   * @throws IllegalStateException when the resource loader or environment were not set
   */
  @Override
  public void registerBeanDefinitions(
      AnnotationMetadata metadata, BeanDefinitionRegistry registry, BeanNameGenerator generator) {
    if (resourceLoader == null || environment == null) {
      throw new IllegalStateException("the registrar needs its resource loader and environment");
    }
    if (metadata.getAnnotationAttributes(getAnnotation().getName()) == null) {
      return;
    }
    AnnotationRepositoryConfigurationSource source =
        new RowanConfigurationSource(
            metadata,
            getAnnotation(),
            resourceLoader,
            environment,
            registry,
            generator == null
                ? ConfigurationClassPostProcessor.IMPORT_BEAN_NAME_GENERATOR
                : generator);
    RepositoryConfigurationExtension extension = getExtension();
    RepositoryConfigurationUtils.exposeRegistration(extension, registry, source);
    new RepositoryConfigurationDelegate(source, resourceLoader, environment)
        .registerRepositoriesIn(registry, extension);
  }
}
