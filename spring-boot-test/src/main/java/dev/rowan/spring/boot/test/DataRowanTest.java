package dev.rowan.spring.boot.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.autoconfigure.OverrideAutoConfiguration;
import org.springframework.boot.test.context.filter.annotation.TypeExcludeFilters;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.BootstrapWith;
import org.springframework.test.context.junit.jupiter.SpringExtension;

/**
 * A Spring Boot test of Rowan repositories alone: only Rowan's auto-configuration and the
 * repositories of the application's packages are in the context (component scanning finds no other
 * beans), connected to the in-process HBase that every {@code @HBaseTest} of the test JVM shares
 * (started on first use), in a namespace of its own for each test class, whose tables are created
 * at start-up ({@code rowan.schema.mode=create} unless {@link #properties()} say otherwise).
 *
 * <pre>{@code
 * @DataRowanTest
 * class OrderRepositoryIT {
 *   @Autowired OrderRepository orders;
 *
 *   @Test
 *   void findsOrdersOfASeller() {
 *     orders.save(new Order("o-1", "s-1", ...));
 *     assertThat(orders.findBySellerId("s-1")).hasSize(1);
 *   }
 * }
 * }</pre>
 *
 * <p>Each test class gets its own application context (its namespace is part of it); the tables are
 * left behind when the tests end and vanish with the in-process HBase.
 *
 * @since 0.1
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@BootstrapWith(DataRowanTestContextBootstrapper.class)
@ExtendWith({DataRowanTestExtension.class, SpringExtension.class})
@OverrideAutoConfiguration(enabled = false)
@TypeExcludeFilters(DataRowanTypeExcludeFilter.class)
@AutoConfigureDataRowan
@ImportAutoConfiguration
public @interface DataRowanTest {

  /**
   * Properties in the form {@literal key=value} added to the Spring {@code Environment} before the
   * test runs, for example {@code "rowan.schema.mode=validate"}.
   */
  String[] properties() default {};

  /**
   * Whether the default filters of {@code @SpringBootApplication} component scanning apply; with
   * them, no component is included except through {@link #includeFilters()}.
   */
  boolean useDefaultFilters() default true;

  /** Components of the application to add to the context (a service under test, say). */
  Filter[] includeFilters() default {};

  /** Components to leave out that the filters would otherwise include. */
  Filter[] excludeFilters() default {};

  /** Auto-configurations to leave out of this test. */
  @AliasFor(annotation = ImportAutoConfiguration.class, attribute = "exclude")
  Class<?>[] excludeAutoConfiguration() default {};
}
