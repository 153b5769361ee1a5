package dev.rowan.spring.support;

import dev.rowan.core.HBaseRepository;
import java.util.Set;
import org.springframework.core.ResolvableType;
import org.springframework.data.core.TypeInformation;
import org.springframework.data.repository.core.support.AbstractRepositoryMetadata;
import org.springframework.data.repository.core.support.RepositoryFragment;

/**
 * Spring Data's metadata of a Rowan repository interface: the domain type is the type argument of
 * {@code HBaseRepository<T>} as the interface binds it (directly or through generic interfaces);
 * the id type is {@code Object}, as a Rowan key is any number of key parts (row key parts, then
 * column key parts for a wide entity), which {@code findByKey(Object...)} takes.
 */
final class RowanRepositoryMetadata extends AbstractRepositoryMetadata {

  private final TypeInformation<?> domainType;

  private RowanRepositoryMetadata(Class<?> repositoryInterface, Class<?> domainType) {
    super(repositoryInterface);
    this.domainType = TypeInformation.of(domainType);
  }

  /**
   * The metadata of {@code repositoryInterface}.
   *
   * @throws IllegalArgumentException when it is not an interface extending {@code HBaseRepository}
   *     with a concrete entity type
   */
  static RowanRepositoryMetadata of(Class<?> repositoryInterface) {
    if (!repositoryInterface.isInterface()
        || !HBaseRepository.class.isAssignableFrom(repositoryInterface)) {
      throw new IllegalArgumentException(
          repositoryInterface.getName() + " is not an interface extending HBaseRepository");
    }
    Class<?> entity =
        ResolvableType.forClass(repositoryInterface).as(HBaseRepository.class).resolveGeneric(0);
    if (entity == null) {
      throw new IllegalArgumentException(
          repositoryInterface.getName()
              + " does not bind the entity type of"
              + " HBaseRepository<T>; declare it as HBaseRepository<YourEntity>");
    }
    return new RowanRepositoryMetadata(repositoryInterface, entity);
  }

  @Override
  public TypeInformation<?> getDomainTypeInformation() {
    return domainType;
  }

  @Override
  public TypeInformation<?> getIdTypeInformation() {
    return TypeInformation.OBJECT;
  }

  @Override
  public Set<RepositoryFragment<?>> getFragments() {
    return Set.of();
  }
}
