package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.HBaseRepository;
import dev.rowan.mapping.annotation.Table;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.annotation.AnnotatedBeanDefinition;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.context.annotation.ClassPathScanningCandidateComponentProvider;
import org.springframework.core.ResolvableType;
import org.springframework.core.type.filter.AnnotationTypeFilter;
import org.springframework.util.ClassUtils;

/**
 * The entity classes whose tables Rowan's start-up schema step ({@code rowan.schema.mode}) and
 * health indicator cover. Auto-configured from {@code rowan.schema.entities} and {@code
 * rowan.schema.packages} (classes annotated with {@code @Table}) when either is set, otherwise from
 * the entity types of the application's {@link HBaseRepository} beans. An application that wants
 * another set defines its own bean: {@code RowanEntities.of(Order.class)}.
 *
 * <p>Thread-safety: thread-safe; the set is worked out once, on first use.
 *
 * @since 0.1
 */
public final class RowanEntities {

  private final Supplier<Set<Class<?>>> types;
  private volatile @Nullable Set<Class<?>> resolved;

  private RowanEntities(Supplier<Set<Class<?>>> types) {
    this.types = types;
  }

  /** The entities {@code types}, in this order. */
  public static RowanEntities of(Class<?>... types) {
    Set<Class<?>> set = new LinkedHashSet<>(Arrays.asList(types));
    set.forEach(type -> Objects.requireNonNull(type, "types"));
    return new RowanEntities(() -> set);
  }

  /**
   * The entities the settings name, or else those of the repository beans of {@code beanFactory}.
   */
  static RowanEntities of(RowanProperties.Schema settings, ListableBeanFactory beanFactory) {
    return new RowanEntities(
        () -> {
          if (!settings.getEntities().isEmpty() || !settings.getPackages().isEmpty()) {
            Set<Class<?>> named = new LinkedHashSet<>(settings.getEntities());
            named.addAll(scan(settings.getPackages(), beanFactory));
            return named;
          }
          return ofRepositories(beanFactory);
        });
  }

  /** The entity types, in a stable order. */
  public Set<Class<?>> types() {
    Set<Class<?>> set = resolved;
    if (set == null) {
      synchronized (this) {
        if (resolved == null) {
          resolved = Collections.unmodifiableSet(new LinkedHashSet<>(types.get()));
        }
        set = resolved;
      }
    }
    return set;
  }

  /**
   * The entity types of the repository beans, found from their bean definitions without creating
   * them (the repositories wait for the schema step, which asks for these).
   */
  static Set<Class<?>> ofRepositories(ListableBeanFactory beanFactory) {
    Set<Class<?>> entities = new TreeSet<>(Comparator.comparing(Class::getName));
    for (String name :
        BeanFactoryUtils.beanNamesForTypeIncludingAncestors(
            beanFactory, HBaseRepository.class, true, false)) {
      Class<?> repository = beanFactory.getType(name, false);
      if (repository != null) {
        Class<?> entity =
            ResolvableType.forClass(ClassUtils.getUserClass(repository))
                .as(HBaseRepository.class)
                .resolveGeneric(0);
        if (entity != null) {
          entities.add(entity);
        }
      }
    }
    return entities;
  }

  private static List<Class<?>> scan(Collection<String> packages, ListableBeanFactory beanFactory) {
    ClassPathScanningCandidateComponentProvider scanner =
        new ClassPathScanningCandidateComponentProvider(false) {
          @Override
          protected boolean isCandidateComponent(AnnotatedBeanDefinition definition) {
            return definition.getMetadata().isIndependent();
          }
        };
    scanner.addIncludeFilter(new AnnotationTypeFilter(Table.class));
    ClassLoader loader =
        beanFactory
                    instanceof
                    org.springframework.beans.factory.config.ConfigurableBeanFactory configurable
                && configurable.getBeanClassLoader() != null
            ? configurable.getBeanClassLoader()
            : ClassUtils.getDefaultClassLoader();
    return packages.stream()
        .flatMap(pkg -> scanner.findCandidateComponents(pkg).stream())
        .map(BeanDefinition::getBeanClassName)
        .sorted()
        .<Class<?>>map(name -> ClassUtils.resolveClassName(name, loader))
        .toList();
  }

  @Override
  public String toString() {
    return "RowanEntities" + types().stream().map(Class::getSimpleName).toList();
  }
}
