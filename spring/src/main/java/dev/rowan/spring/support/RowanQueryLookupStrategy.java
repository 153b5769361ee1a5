package dev.rowan.spring.support;

import java.lang.reflect.Method;
import java.util.function.Function;
import org.springframework.data.projection.ProjectionFactory;
import org.springframework.data.repository.core.NamedQueries;
import org.springframework.data.repository.core.RepositoryMetadata;
import org.springframework.data.repository.query.QueryLookupStrategy;
import org.springframework.data.repository.query.QueryMethod;
import org.springframework.data.repository.query.RepositoryQuery;

/**
 * Resolves every query method of a Rowan repository to the Rowan method that serves it, whatever
 * the lookup key asks: Rowan derives every query from its method's name, so there are no declared
 * or named queries to look up. Called after the repository's target was built, which has refused
 * any method that cannot be served.
 *
 * <p>Thread-safety: stateless apart from the targets it reads.
 */
final class RowanQueryLookupStrategy implements QueryLookupStrategy {

  private final Function<Class<?>, Object> targets;

  RowanQueryLookupStrategy(Function<Class<?>, Object> targets) {
    this.targets = targets;
  }

  @Override
  public RepositoryQuery resolveQuery(
      Method method,
      RepositoryMetadata metadata,
      ProjectionFactory factory,
      NamedQueries namedQueries) {
    Class<?> type = metadata.getRepositoryInterface();
    TwinRepository twin = TwinRepository.of(type);
    MethodBridge bridge = twin.bridge(method);
    Object target = targets.apply(type);
    if (bridge == null || target == null) {
      throw new IllegalStateException(
          type.getName() + "." + method.getName() + " has no Rowan method to call");
    }
    return new RowanRepositoryQuery(
        new QueryMethod(method, metadata, factory, null), bridge, target, twin);
  }
}
