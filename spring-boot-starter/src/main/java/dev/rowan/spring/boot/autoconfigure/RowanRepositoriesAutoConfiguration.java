package dev.rowan.spring.boot.autoconfigure;

import dev.rowan.core.Rowan;
import dev.rowan.spring.EnableRowanRepositories;
import dev.rowan.spring.support.RowanRepositoryFactoryBean;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Import;

/**
 * Auto-configuration of Rowan repositories: what {@code @EnableRowanRepositories} does, on the
 * application's auto-configuration packages (those of its {@code @SpringBootApplication} class), so
 * that every interface extending {@code HBaseRepository} there becomes a bean built on the {@code
 * rowan} bean. Off with {@code rowan.repositories.enabled=false}, and when the application declares
 * {@code @EnableRowanRepositories} itself (its factory beans are then present).
 *
 * <p>Thread-safety: configuration classes are used by Spring at start-up only.
 *
 * @since 0.1
 */
@AutoConfiguration(after = RowanAutoConfiguration.class)
@ConditionalOnClass({Rowan.class, EnableRowanRepositories.class})
@ConditionalOnBean(Rowan.class)
@ConditionalOnBooleanProperty(name = "rowan.repositories.enabled", matchIfMissing = true)
@ConditionalOnMissingBean(RowanRepositoryFactoryBean.class)
@Import(AutoConfiguredRowanRepositoriesRegistrar.class)
public final class RowanRepositoriesAutoConfiguration {

  RowanRepositoriesAutoConfiguration() {}
}
