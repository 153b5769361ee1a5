package dev.rowan.spring;

import dev.rowan.spring.config.RowanRepositoriesRegistrar;
import dev.rowan.spring.support.RowanRepositoryFactoryBean;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Import;
import org.springframework.data.repository.config.BootstrapMode;
import org.springframework.data.repository.query.QueryLookupStrategy;

/**
 * Registers a bean for every interface extending {@link dev.rowan.core.HBaseRepository} in the
 * packages named (by default, the package of the annotated class): a Spring Data repository whose
 * every method, CRUD and query methods alike, is served by the repository that {@code
 * rowan.repository(type)} builds on the {@link dev.rowan.core.Rowan} bean named by {@link
 * #rowanRef()}.
 *
 * <pre>{@code
 * @Configuration
 * @EnableRowanRepositories(basePackages = "com.example.orders")
 * class OrdersConfiguration {
 *   @Bean(destroyMethod = "close")
 *   Rowan rowan() { return Rowan.connect(HBaseConfiguration.create()); }
 * }
 * }</pre>
 *
 * <p>Query methods may also take Spring Data's {@code Sort}, {@code Limit}, {@code ScrollPosition}
 * (returning {@code Window<T>}) and {@code Pageable} (returning {@code Slice<T>} or {@code
 * List<T>}), served by Rowan's keyset pages; a method that would need offsets or a total count
 * (such as one returning {@code Page<T>} of Spring Data) fails the context's start naming the
 * method. Nested repository interfaces are found only with {@link #considerNestedRepositories()}.
 *
 * @since 0.1
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Import(RowanRepositoriesRegistrar.class)
public @interface EnableRowanRepositories {

  /** Alias of {@link #basePackages()}: {@code @EnableRowanRepositories("com.example.orders")}. */
  String[] value() default {};

  /** The packages scanned for repository interfaces, with their subpackages. */
  String[] basePackages() default {};

  /**
   * Classes whose packages are scanned for repository interfaces: a type-safe {@link
   * #basePackages()}.
   */
  Class<?>[] basePackageClasses() default {};

  /**
   * Which of the interfaces extending {@code HBaseRepository} become beans (all of them by
   * default); an interface must extend {@code HBaseRepository} whatever the filters say.
   */
  Filter[] includeFilters() default {};

  /** Which interfaces are left out. */
  Filter[] excludeFilters() default {};

  /**
   * The bean name of the {@link dev.rowan.core.Rowan} the repositories are built on: the HBase
   * connection, namespace and observation registry they use.
   */
  String rowanRef() default "rowan";

  /**
   * The postfix of custom implementation classes looked up beside the interfaces: {@code
   * OrderRepositoryImpl}.
   */
  String repositoryImplementationPostfix() default "Impl";

  /**
   * The factory bean that builds each repository; a subclass of {@link RowanRepositoryFactoryBean}
   * to customise it.
   */
  Class<?> repositoryFactoryBeanClass() default RowanRepositoryFactoryBean.class;

  /**
   * Only {@link QueryLookupStrategy.Key#CREATE} makes sense for Rowan, whose queries are derived
   * from method names, so every value means it; kept for symmetry with other Spring Data modules.
   */
  QueryLookupStrategy.Key queryLookupStrategy() default QueryLookupStrategy.Key.CREATE_IF_NOT_FOUND;

  /** Whether interfaces nested in other classes are repositories too. */
  boolean considerNestedRepositories() default false;

  /** When repositories are created: with the context by default, or lazily. */
  BootstrapMode bootstrapMode() default BootstrapMode.DEFAULT;
}
