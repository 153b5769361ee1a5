package dev.rowan.spring.boot.test;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.core.annotation.MergedAnnotations.SearchStrategy;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.support.TestPropertySourceUtils;

/**
 * Gives the context of a {@link DataRowanTest} class the shared in-process HBase: its connection as
 * the {@code hbaseConnection} bean (which the auto-configured one backs off from), and the
 * properties {@code rowan.namespace} (the class's own namespace), {@code rowan.schema.mode=create}
 * and {@code rowan.embedded.enabled=false}. They take precedence over the application's properties
 * files, and the test's own {@code properties} over them.
 */
final class DataRowanContextCustomizerFactory implements ContextCustomizerFactory {

  @Override
  public @Nullable ContextCustomizer createContextCustomizer(
      Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
    boolean slice =
        MergedAnnotations.search(SearchStrategy.TYPE_HIERARCHY)
            .withEnclosingClasses(type -> true)
            .from(testClass)
            .isPresent(DataRowanTest.class);
    return slice ? new Customizer(testClass) : null;
  }

  /** The customizer of one test class's context: the class is part of the context's cache key. */
  private static final class Customizer implements ContextCustomizer {

    static final String PROPERTY_SOURCE = "Rowan test slice";

    private final Class<?> testClass;

    Customizer(Class<?> testClass) {
      this.testClass = testClass;
    }

    @Override
    public void customizeContext(
        ConfigurableApplicationContext context, MergedContextConfiguration config) {
      DataRowanTestExtension.Fixture fixture = DataRowanTestExtension.fixture(testClass);
      context.getBeanFactory().registerSingleton("hbaseConnection", fixture.connection());
      MapPropertySource slice =
          new MapPropertySource(
              PROPERTY_SOURCE,
              Map.of(
                  "rowan.namespace", fixture.namespace().name(),
                  "rowan.schema.mode", "create",
                  "rowan.embedded.enabled", "false",
                  "rowan.view-refresh", "1s"));
      MutablePropertySources sources = context.getEnvironment().getPropertySources();
      if (sources.contains(TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME)) {
        sources.addAfter(TestPropertySourceUtils.INLINED_PROPERTIES_PROPERTY_SOURCE_NAME, slice);
      } else {
        sources.addFirst(slice);
      }
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Customizer that && testClass == that.testClass;
    }

    @Override
    public int hashCode() {
      return Objects.hash(testClass);
    }
  }
}
