package dev.rowan.spring.config;

import dev.rowan.core.HBaseRepository;
import dev.rowan.spring.support.RowanRepositoryFactoryBean;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.beans.factory.FactoryBean;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConstructorArgumentValues.ValueHolder;
import org.springframework.beans.factory.config.RuntimeBeanReference;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.beans.factory.support.BeanDefinitionBuilder;
import org.springframework.context.annotation.AnnotationConfigUtils;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.type.AnnotationMetadata;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.core.type.filter.AssignableTypeFilter;
import org.springframework.core.type.filter.TypeFilter;
import org.springframework.data.repository.NoRepositoryBean;
import org.springframework.data.repository.config.RepositoryConfiguration;
import org.springframework.data.repository.config.RepositoryConfigurationExtensionSupport;
import org.springframework.data.repository.config.RepositoryConfigurationSource;
import org.springframework.util.ClassUtils;

/**
 * Spring Data's configuration of Rowan repositories: module name {@code Rowan}, repositories are
 * the interfaces extending {@link HBaseRepository} (its identifying type), built by {@link
 * RowanRepositoryFactoryBean} on the {@code Rowan} bean that the source's {@code rowanRef}
 * attribute names ({@value #DEFAULT_ROWAN_REF} when the source has none).
 *
 * <p>Rowan repositories do not extend Spring Data's {@code Repository}, so this extension scans for
 * them itself (in the source's base packages, with its exclude filters, and with its include
 * filters when it is {@code @EnableRowanRepositories}'), and keeps Spring Data from reading their
 * metadata the way it reads a {@code Repository}'s while it registers them. An auto-configuration
 * can hand it any {@link RepositoryConfigurationSource} of {@code @EnableRowanRepositories}.
 *
 * <p>Thread-safety: used by one thread, while the application context registers its beans.
 *
 * @since 0.1
 */
public class RowanRepositoryConfigurationExtension extends RepositoryConfigurationExtensionSupport {

  /** The bean name of the {@code Rowan} used when the configuration names none. */
  public static final String DEFAULT_ROWAN_REF = "rowan";

  /** The attribute of {@code @EnableRowanRepositories} naming the {@code Rowan} bean. */
  public static final String ROWAN_REF = "rowanRef";

  /**
   * Ends the factory bean class name Spring Data's registration sees, so that it does not read the
   * interface as a {@code Repository} (it then skips its target type); {@link #postProcess}
   * restores the name and types the bean definition by its repository interface instead.
   */
  static final String DEFERRED = "#rowan";

  /** Creates the extension. */
  public RowanRepositoryConfigurationExtension() {}

  @Override
  public String getModuleName() {
    return "Rowan";
  }

  @Override
  @Deprecated
  protected String getModulePrefix() {
    return "rowan";
  }

  @Override
  public String getRepositoryFactoryBeanClassName() {
    return RowanRepositoryFactoryBean.class.getName();
  }

  @Override
  protected Collection<Class<?>> getIdentifyingTypes() {
    return List.of(HBaseRepository.class);
  }

  /**
   * The interfaces extending {@link HBaseRepository} in the source's base packages that its filters
   * accept (all of them are Rowan's, so {@code strictMatchesOnly} changes nothing), in the order
   * found.
   */
  @Override
  public <T extends RepositoryConfigurationSource>
      Collection<RepositoryConfiguration<T>> getRepositoryConfigurations(
          T source, ResourceLoader loader, boolean strictMatchesOnly) {
    boolean nested =
        source
                instanceof
                org.springframework.data.repository.config.RepositoryConfigurationSourceSupport
                    support
            && support.shouldConsiderNestedRepositories();
    ClassPathScanningCandidateComponentProvider scanner =
        new ClassPathScanningCandidateComponentProvider(false) {
          @Override
          protected boolean isCandidateComponent(AnnotatedBeanDefinition definition) {
            AnnotationMetadata metadata = definition.getMetadata();
            return metadata.isInterface()
                && (nested || !metadata.hasEnclosingClass())
                && !metadata.getClassName().equals(HBaseRepository.class.getName());
          }
        };
    scanner.setResourceLoader(loader);
    TypeFilter repository = new AssignableTypeFilter(HBaseRepository.class);
    List<TypeFilter> includes = new ArrayList<>();
    if (source instanceof RowanConfigurationSource annotated) {
      annotated.includeFilters().forEach(includes::add);
    }
    if (includes.isEmpty()) {
      scanner.addIncludeFilter(repository);
    }
    for (TypeFilter include : includes) {
      scanner.addIncludeFilter(
          (reader, factory) -> include.match(reader, factory) && repository.match(reader, factory));
    }
    source.getExcludeFilters().forEach(scanner::addExcludeFilter);
    scanner.addExcludeFilter(new AnnotationTypeFilter(NoRepositoryBean.class));
    Map<String, RepositoryConfiguration<T>> found = new LinkedHashMap<>();
    for (String basePackage : source.getBasePackages()) {
      for (BeanDefinition candidate : scanner.findCandidateComponents(basePackage)) {
        if (candidate instanceof AnnotatedBeanDefinition annotated) {
          AnnotationConfigUtils.processCommonDefinitionAnnotations(annotated);
        }
        found.putIfAbsent(
            candidate.getBeanClassName(), getRepositoryConfiguration(candidate, source));
      }
    }
    return new ArrayList<>(found.values());
  }

  /**
   * The bean name of the {@code Rowan} that {@code source} names, or {@value #DEFAULT_ROWAN_REF}.
   */
  static String rowanRef(RepositoryConfigurationSource source) {
    try {
      return source.getAttribute(ROWAN_REF).filter(ref -> !ref.isBlank()).orElse(DEFAULT_ROWAN_REF);
    } catch (IllegalArgumentException noSuchAttribute) {
      return DEFAULT_ROWAN_REF; // a source of another annotation
    }
  }

  @Override
  protected <T extends RepositoryConfigurationSource>
      RepositoryConfiguration<T> getRepositoryConfiguration(BeanDefinition definition, T source) {
    return new RowanRepositoryConfiguration<>(source, definition, this);
  }

  /**
   * Hands the factory bean its {@code Rowan} (a reference to the bean the source's {@code rowanRef}
   * names) and types the bean definition by its repository interface.
   */
  @Override
  public void postProcess(BeanDefinitionBuilder builder, RepositoryConfigurationSource source) {
    builder.addPropertyValue("rowan", new RuntimeBeanReference(rowanRef(source)));
    AbstractBeanDefinition definition = builder.getRawBeanDefinition();
    String factoryBean = definition.getBeanClassName();
    if (factoryBean != null && factoryBean.endsWith(DEFERRED)) {
      definition.setBeanClassName(
          factoryBean.substring(0, factoryBean.length() - DEFERRED.length()));
    }
    ValueHolder repository =
        definition.getConstructorArgumentValues().getIndexedArgumentValue(0, null);
    if (repository != null && repository.getValue() instanceof String name) {
      ClassLoader classLoader = ClassUtils.getDefaultClassLoader();
      if (ClassUtils.isPresent(name, classLoader)) {
        definition.setAttribute(
            FactoryBean.OBJECT_TYPE_ATTRIBUTE, ClassUtils.resolveClassName(name, classLoader));
      }
    }
  }
}
