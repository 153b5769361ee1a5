package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.Rowan;
import org.apache.hadoop.hbase.client.Connection;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;

/**
 * Auto-configuration of the {@link RowanHealthIndicator}, named {@code rowan}: present when Boot's
 * health module is, there is a {@link Rowan} bean, and {@code management.health.rowan.enabled} is
 * not false. An application's own bean named {@code rowanHealthIndicator} or {@code
 * rowanHealthContributor} replaces it.
 *
 * <p>Thread-safety: configuration classes are used by Spring at start-up only.
 *
 * @since 0.1
 */
@AutoConfiguration(after = {RowanAutoConfiguration.class, RowanEmbeddedAutoConfiguration.class})
@ConditionalOnClass({HealthIndicator.class, ConditionalOnEnabledHealthIndicator.class, Rowan.class})
@ConditionalOnBean(Rowan.class)
@ConditionalOnEnabledHealthIndicator("rowan")
public final class RowanHealthContributorAutoConfiguration {

  RowanHealthContributorAutoConfiguration() {}

  /** The indicator of the {@code rowan} bean's cluster and entities. */
  @Bean
  @ConditionalOnMissingBean(name = {"rowanHealthIndicator", "rowanHealthContributor"})
  static RowanHealthIndicator rowanHealthIndicator(
      Rowan rowan,
      RowanEntities rowanEntities,
      RowanProperties properties,
      BeanFactory beanFactory) {
    return new RowanHealthIndicator(
        rowan,
        rowanEntities,
        cluster(rowan.connection(), beanFactory),
        properties.getHealth().getTimeout(),
        properties.getHealth().isCheckSchema());
  }

  private static String cluster(Connection connection, BeanFactory beanFactory) {
    if (beanFactory.containsBean("embeddedHBase")) {
      return "embedded HBase " + beanFactory.getBean("embeddedHBase");
    }
    return RowanHealthIndicator.describeCluster(connection.getConfiguration());
  }
}
