package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.Rowan;
import dev.rowan.core.SchemaMismatchException;
import dev.rowan.core.SchemaReport;
import dev.rowan.spring.boot.autoconfigure.RowanProperties.Schema.Mode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.BeanFactoryUtils;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.Ordered;

/**
 * The schema step of {@code rowan.schema.mode}, run once when the bean is initialized, before the
 * repositories are built: {@code create} runs {@code rowan.schema().create(entity)} for each entity
 * of {@link RowanEntities} (creating missing tables, views and the namespace); {@code validate}
 * runs {@code rowan.schema().check(entity)}; {@code none} does nothing. A table that differs from
 * its entity fails start-up with a {@link RowanSchemaValidationException} listing every entity's
 * differences at once.
 *
 * <p>Thread-safety: used by Spring at start-up only.
 *
 * @since 0.1
 */
public class RowanSchemaInitializer implements InitializingBean {

  private static final Logger LOG = LoggerFactory.getLogger(RowanSchemaInitializer.class);

  private final Rowan rowan;
  private final RowanEntities entities;
  private final Mode mode;

  /** An initializer that applies {@code mode} to {@code entities} through {@code rowan}. */
  public RowanSchemaInitializer(Rowan rowan, RowanEntities entities, Mode mode) {
    this.rowan = Objects.requireNonNull(rowan, "rowan");
    this.entities = Objects.requireNonNull(entities, "entities");
    this.mode = Objects.requireNonNull(mode, "mode");
  }

  /** The mode this initializer applies. */
  public Mode mode() {
    return mode;
  }

  @Override
  public void afterPropertiesSet() {
    initialize();
  }

  /**
   * Applies the mode to every entity.
   *
   * @throws RowanSchemaValidationException when a table is missing ({@code validate}) or differs
   *     from its entity's mapping, naming every such entity, table and setting
   * @throws dev.rowan.core.DataAccessException when HBase fails
   */
  public void initialize() {
    if (mode == Mode.NONE) {
      return;
    }
    List<SchemaReport> differing = new ArrayList<>();
    for (Class<?> entity : entities.types()) {
      if (mode == Mode.CREATE) {
        try {
          rowan.schema().create(entity);
        } catch (SchemaMismatchException e) {
          differing.add(e.report());
        }
      } else {
        SchemaReport report = rowan.schema().check(entity);
        if (!report.matches()) {
          differing.add(report);
        }
      }
    }
    if (!differing.isEmpty()) {
      throw RowanSchemaValidationException.of(mode, rowan.namespace(), differing);
    }
    LOG.info(
        "rowan.schema.mode={}: the tables of {} match their mappings{}",
        mode.name().toLowerCase(),
        entities.types().stream().map(Class::getSimpleName).toList(),
        mode == Mode.CREATE ? " (missing ones created)" : "");
  }

  /**
   * Makes every repository bean depend on the schema initializers, so that the tables exist (or are
   * known to match) before a repository reads their records.
   */
  static final class RepositoriesDependOnSchema implements BeanFactoryPostProcessor, Ordered {

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
      String[] initializers =
          beanFactory.getBeanNamesForType(RowanSchemaInitializer.class, true, false);
      if (initializers.length == 0) {
        return;
      }
      for (String name :
          BeanFactoryUtils.beanNamesForTypeIncludingAncestors(
              beanFactory, HBaseRepository.class, true, false)) {
        String beanName = BeanFactoryUtils.transformedBeanName(name);
        if (!beanFactory.containsBeanDefinition(beanName)) {
          continue;
        }
        BeanDefinition definition = beanFactory.getBeanDefinition(beanName);
        List<String> dependsOn =
            new ArrayList<>(
                definition.getDependsOn() == null
                    ? List.of()
                    : Arrays.asList(definition.getDependsOn()));
        for (String initializer : initializers) {
          if (!dependsOn.contains(initializer)) {
            dependsOn.add(initializer);
          }
        }
        definition.setDependsOn(dependsOn.toArray(String[]::new));
      }
    }

    @Override
    public int getOrder() {
      return Ordered.LOWEST_PRECEDENCE;
    }
  }
}
