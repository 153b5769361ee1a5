package dev.rowan.spring.support;

import dev.rowan.core.Rowan;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.data.repository.Repository;
import org.springframework.data.repository.core.support.RepositoryFactoryBeanSupport;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;

/**
 * The factory bean of one Rowan repository: registered by {@code @EnableRowanRepositories} (or an
 * auto-configuration) for each interface extending {@link dev.rowan.core.HBaseRepository}, with the
 * interface as its constructor argument and the {@link Rowan} to build on as its {@code rowan}
 * property. The repository it makes is a Spring Data repository proxy whose every method is served
 * by the repository {@code rowan.repository(...)} builds.
 *
 * <p>The type parameters are Spring Data's; a Rowan repository interface does not extend {@link
 * Repository} (the proxy does), so {@code T} is bound to it only after erasure.
 *
 * <p>Thread-safety: configured by one thread while the context starts; {@link #getObject()} is
 * thread-safe afterwards.
 *
 * @param <T> the repository type
 * @param <S> the entity type
 * @param <ID> the identifier type: {@code Object}, as a Rowan key is any number of key parts
 * @since 0.1
 */
public class RowanRepositoryFactoryBean<T extends Repository<S, ID>, S, ID>
    extends RepositoryFactoryBeanSupport<T, S, ID> {

  private @Nullable Rowan rowan;

  /**
   * The factory bean of the repository {@code repositoryInterface}.
   *
   * @param repositoryInterface an interface extending {@link dev.rowan.core.HBaseRepository}
   */
  public RowanRepositoryFactoryBean(Class<? extends T> repositoryInterface) {
    super(repositoryInterface);
  }

  /**
   * The {@link Rowan} the repository is built on (its connection, namespace and observation
   * registry); required.
   */
  public void setRowan(Rowan rowan) {
    this.rowan = Objects.requireNonNull(rowan, "rowan");
  }

  /**
   * Builds the repository unless it is lazy.
   *
   * @throws IllegalStateException when no {@link Rowan} was set
   * @throws dev.rowan.core.QueryMethodException naming every method of the interface that cannot be
   *     served (by Rowan's planner, or as Spring Data's types ask), when the repository is built
   */
  @Override
  public void afterPropertiesSet() {
    if (rowan == null) {
      throw new IllegalStateException(
          "the repository "
              + getObjectType().getName()
              + " needs a Rowan: set the"
              + " factory bean's rowan property (@EnableRowanRepositories(rowanRef = ...) names the bean)");
    }
    super.afterPropertiesSet();
  }

  @Override
  protected RepositoryFactorySupport createRepositoryFactory() {
    return new RowanRepositoryFactory(rowan);
  }
}
