package dev.rowan.spring.support;

import dev.rowan.core.HBaseRepository;
import dev.rowan.core.QueryMethodException;
import dev.rowan.core.Rowan;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import org.springframework.data.repository.core.EntityInformation;
import org.springframework.data.repository.core.RepositoryInformation;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.core.support.RepositoryComposition.RepositoryFragments;
import org.springframework.data.repository.core.support.RepositoryFactorySupport;
import org.springframework.data.repository.core.support.RepositoryFragment;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.ValueExpressionDelegate;

/**
 * Builds Spring Data repositories of interfaces extending {@link HBaseRepository} on one {@link
 * Rowan}. The proxy's target is the repository {@code rowan.repository(...)} builds; its CRUD
 * methods ({@code save}, {@code findByKey}, {@code scanAll}, ...) are called on it directly, and
 * every other method through a {@link QueryLookupStrategy} whose queries call Rowan's method, so
 * that Spring Data's {@code RepositoryMethodInvocationListener}s see every call. A method that
 * takes or returns a type of Spring Data's ({@code Sort}, {@code Limit}, {@code ScrollPosition}
 * with {@code Window}, {@code Pageable} with {@code Slice} or {@code List}) is served by a method
 * of a generated twin interface that takes Rowan's types.
 *
 * <p>The id type of every repository is {@code Object}: a Rowan key is any number of key parts; the
 * entity information's id of an entity is the list of its key parts, as {@code
 * findByKey(Object...)} takes them.
 *
 * <p>Thread-safety: configured by one thread; builds repositories on any thread afterwards.
 *
 * @since 0.1
 */
public class RowanRepositoryFactory extends RepositoryFactorySupport {

  private final Rowan rowan;

  /** The Rowan repository behind each interface built. */
  private final Map<Class<?>, Object> targets = new ConcurrentHashMap<>();

  /**
   * The factory of repositories on {@code rowan}.
   *
   * @throws NullPointerException when {@code rowan} is null
   */
  public RowanRepositoryFactory(@Nullable Rowan rowan) {
    this.rowan = Objects.requireNonNull(rowan, "rowan");
  }

  /**
   * The metadata of {@code repositoryInterface}: its entity type from {@code HBaseRepository<T>},
   * id type {@code Object}.
   *
   * @throws IllegalArgumentException when it is not an interface extending {@code HBaseRepository}
   */
  @Override
  protected RepositoryMetadata getRepositoryMetadata(Class<?> repositoryInterface) {
    return RowanRepositoryMetadata.of(repositoryInterface);
  }

  @Override
  public EntityInformation<?, ?> getEntityInformation(RepositoryMetadata metadata) {
    return new RowanEntityInformation<>(metadata.getDomainType());
  }

  @Override
  protected Class<?> getRepositoryBaseClass(RepositoryMetadata metadata) {
    return HBaseRepository.class;
  }

  /**
   * The Rowan repository of the interface.
   *
   * @throws QueryMethodException naming, in the interface's own names, every method that cannot be
   *     served: as Spring Data's types ask, or by Rowan's planner
   */
  @Override
  protected Object getTargetRepository(RepositoryInformation information) {
    Class<?> type = information.getRepositoryInterface();
    TwinRepository twin = TwinRepository.of(type);
    List<String> problems = new ArrayList<>(twin.problems());
    Object target = null;
    try {
      target = repository(twin.rowanType());
    } catch (QueryMethodException refused) {
      refused.problems().stream().map(twin::translate).forEach(problems::add);
    }
    if (!problems.isEmpty()) {
      throw QueryMethodException.of(type.getName(), problems);
    }
    targets.put(type, target);
    return Objects.requireNonNull(target, "served when no method was refused");
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private Object repository(Class<?> type) {
    return rowan.repository((Class) type);
  }

  /**
   * The fragment that explains the methods of an interface served by a twin, in the interface's
   * names.
   */
  @Override
  protected RepositoryFragments getRepositoryFragments(RepositoryMetadata metadata) {
    Class<?> type = metadata.getRepositoryInterface();
    TwinRepository twin = TwinRepository.of(type);
    if (!twin.twinned()) {
      return RepositoryFragments.empty();
    }
    return RepositoryFragments.of(
        RepositoryFragment.implemented(
            Explaining.class,
            new ExplainFragment(twin, () -> (HBaseRepository<?>) targets.get(type))));
  }

  @Override
  protected Optional<QueryLookupStrategy> getQueryLookupStrategy(
      QueryLookupStrategy.@Nullable Key key, ValueExpressionDelegate valueExpressionDelegate) {
    return Optional.of(new RowanQueryLookupStrategy(targets::get));
  }
}
