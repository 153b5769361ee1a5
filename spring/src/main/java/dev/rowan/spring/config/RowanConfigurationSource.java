package dev.rowan.spring.config;

import java.lang.annotation.Annotation;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.beans.factory.support.BeanNameGenerator;
import org.springframework.core.env.Environment;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.filter.TypeFilter;
import org.springframework.data.repository.config.AnnotationRepositoryConfigurationSource;

/**
 * The configuration of one {@code @EnableRowanRepositories}, which also tells its include filters.
 */
final class RowanConfigurationSource extends AnnotationRepositoryConfigurationSource {

  RowanConfigurationSource(
      AnnotationMetadata metadata,
      Class<? extends Annotation> annotation,
      ResourceLoader resourceLoader,
      Environment environment,
      BeanDefinitionRegistry registry,
      BeanNameGenerator generator) {
    super(metadata, annotation, resourceLoader, environment, registry, generator);
  }

  /** The annotation's include filters; none means every {@code HBaseRepository}. */
  Iterable<TypeFilter> includeFilters() {
    return getIncludeFilters();
  }
}
